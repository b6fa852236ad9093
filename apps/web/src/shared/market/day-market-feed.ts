import { useEffect } from 'react';
import { CHANNEL_DAY_MARKET } from '@tradepad/contracts/realtime/channels';
import { refCounted } from '../lib/ref-counted.ts';
import { feedStatus, quoteArrived, watchFeed } from '../realtime/connectivity.ts';
import { realtime } from '../realtime/socket.ts';
import { quoteStore } from './quote-store.ts';

/**
 * Keeps one `DAY_MARKET` subscription feeding the quote store while anything on screen needs live quotes (home,
 * product search, trade). One listener however many screens hold it, so a push is applied once. Each push is also the
 * feed's pulse: no push for a while marks the prices stale; `FEED_STATUS` live:false from the server marks them paused.
 */
export const retainDayMarket: () => () => void = refCounted(() => {
  const off = realtime.subscribe(CHANNEL_DAY_MARKET, (m) => {
    // The server's word on whether its quotes flow (DESIGN §15): prices shown as paused until they do again.
    if (m.type === 'FEED_STATUS') return feedStatus(m.live);
    quoteArrived();
    quoteStore.applyMessage(m);
  });
  // While the feed is wanted, silence for a while marks the prices stale (connectivity.ts).
  const unwatch = watchFeed();
  return () => {
    off();
    unwatch();
  };
});

/** Live quotes while the calling screen is shown (a hidden keep-alive tab lets go). */
export function useDayMarketFeed(): void {
  useEffect(() => retainDayMarket(), []);
}
