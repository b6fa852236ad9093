import { useEffect, useRef } from 'react';
import type { MessageOn, SubscribableChannel } from '@tradepad/contracts/realtime/channels';
import { WS_PATH } from '@tradepad/contracts/realtime/protocol';
import { socketUrlFor } from '../api/api-origin.ts';
import { useSettingsStore } from '../store/settings.store.ts';
import { setSocketStatus, watchBrowserNetwork } from './connectivity.ts';
import { RealtimeClient } from './realtime-client.ts';

/**
 * The app's one live socket (spec §4): `ws(s)://<api host>/v1/ws?lang=<lang>`. A browser socket cannot send a
 * `lang` header, so the language rides in the URL and the server's results come back in it.
 */
export const realtime = new RealtimeClient({
  url: () => `${socketUrlFor(WS_PATH)}?lang=${encodeURIComponent(useSettingsStore.getState().lang)}`,
  onStatus: setSocketStatus,
});

/**
 * Follows the browser's network state (called once at start): offline drops the socket at once (no waiting for the
 * missed pongs), back online tries again without waiting out the back-off.
 */
export function watchNetwork(): () => void {
  return watchBrowserNetwork({ onOnline: () => realtime.retryNow(), onOffline: () => realtime.networkLost() });
}

/** Listens to a channel while the component is mounted (and visible: hidden keep-alive tabs let go). */
export function useChannel<C extends SubscribableChannel>(channel: C | null, listener: (message: MessageOn<C>) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, (m) => latest.current(m));
  }, [channel]);
}
