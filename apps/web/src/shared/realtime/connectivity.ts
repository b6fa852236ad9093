import { create } from 'zustand';
import type { RealtimeStatus } from './realtime-client.ts';

/**
 * Whether the app is connected, and whether its prices are live (issue 17): the browser's own view (`navigator.onLine`
 * and the `online`/`offline` events), the live socket's state (it drops after missed pongs, see RealtimeClient) and
 * the quote feed's pulse. Every screen shows it in a slim banner, prices are marked stale, and the buttons that trade
 * are disabled while it is not `online` with live prices.
 */

/** No quote at all for this long while the feed is wanted: the prices shown are no longer live (the server's default
 * stale age, DESIGN §5). */
export const FEED_STALE_MS = 10_000;

export type Connection = 'online' | 'offline' | 'reconnecting';

export interface ConnectivityState {
  /** `navigator.onLine`, followed by the `online` and `offline` events. */
  browserOnline: boolean;
  socket: RealtimeStatus;
  /** Whether the socket has been open once: a socket still connecting for the first time is not "reconnecting". */
  socketOpened: boolean;
  /** The quote feed is wanted (a screen showing prices) and nothing came for FEED_STALE_MS. */
  feedSilent: boolean;
  /**
   * The server said its quotes stopped (`FEED_STATUS` live:false, DESIGN §15: its link to the other nodes is down, or
   * its feed is silent), until it says they flow again; forgotten with the socket or the subscription it came on.
   */
  feedPaused: boolean;
}

const initialOnline = typeof navigator === 'undefined' || navigator.onLine !== false;

export const useConnectivityStore = create<ConnectivityState>()(() => ({
  browserOnline: initialOnline,
  socket: 'idle',
  socketOpened: false,
  feedSilent: false,
  feedPaused: false,
}));

export function setBrowserOnline(online: boolean): void {
  useConnectivityStore.setState({ browserOnline: online });
}

export function setSocketStatus(status: RealtimeStatus): void {
  useConnectivityStore.setState((s) => ({
    socket: status,
    socketOpened: s.socketOpened || status === 'open',
    // What a server said of its quotes held for that socket only: a new one is told again if they are still stopped.
    feedPaused: status === 'open' ? s.feedPaused : false,
  }));
}

/** The server's word on its quotes (`FEED_STATUS`): paused until it says they are live again. */
export function feedStatus(live: boolean): void {
  if (useConnectivityStore.getState().feedPaused === live) useConnectivityStore.setState({ feedPaused: !live });
}

/** The connection as the banner tells it: offline (the browser says so), reconnecting (the socket is down), online. */
export function connectionOf(s: ConnectivityState): Connection {
  if (!s.browserOnline) return 'offline';
  if (s.socket === 'open') return 'online';
  return s.socket === 'closed' || s.socketOpened ? 'reconnecting' : 'online';
}

/**
 * Whether prices shown may be taken as live: connected (the page's first connection, still on its way, counts: the
 * prices are the trade list's, just fetched) and quotes arriving.
 */
export function pricesLiveOf(s: ConnectivityState): boolean {
  return connectionOf(s) === 'online' && !s.feedSilent && !s.feedPaused;
}

export const useConnection = (): Connection => useConnectivityStore(connectionOf);

/** Whether the trading buttons (submit, close, cancel, save stops) may be used now. */
export const usePricesLive = (): boolean => useConnectivityStore(pricesLiveOf);

/**
 * The feed's pulse: `quoteArrived` on every quote push; `watchFeed` while a screen wants live quotes (ref-counted by
 * the caller) checks every second that something came within FEED_STALE_MS. Returns the stop function.
 */
let lastQuoteAt = 0;

export function quoteArrived(now = Date.now()): void {
  lastQuoteAt = now;
  if (useConnectivityStore.getState().feedSilent) useConnectivityStore.setState({ feedSilent: false });
}

export function watchFeed(now: () => number = Date.now): () => void {
  // A screen that starts listening gives the feed its full delay before calling it silent.
  lastQuoteAt = Math.max(lastQuoteAt, now());
  const timer = setInterval(() => {
    const silent = now() - lastQuoteAt > FEED_STALE_MS;
    if (useConnectivityStore.getState().feedSilent !== silent) useConnectivityStore.setState({ feedSilent: silent });
  }, 1000);
  return () => {
    clearInterval(timer);
    useConnectivityStore.setState({ feedSilent: false, feedPaused: false });
  };
}

/**
 * Follows the browser's network events. `onOnline` / `onOffline` let the socket react at once (try now, or give up
 * on a socket that cannot answer any more). Returns the remover.
 */
export function watchBrowserNetwork(hooks: { onOnline?(): void; onOffline?(): void } = {}): () => void {
  const online = () => {
    setBrowserOnline(true);
    hooks.onOnline?.();
  };
  const offline = () => {
    setBrowserOnline(false);
    hooks.onOffline?.();
  };
  setBrowserOnline(navigator.onLine !== false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
