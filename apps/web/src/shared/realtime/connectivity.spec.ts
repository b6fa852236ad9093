import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectionOf,
  FEED_STALE_MS,
  feedStatus,
  pricesLiveOf,
  quoteArrived,
  setSocketStatus,
  useConnectivityStore,
  watchFeed,
  type ConnectivityState,
} from './connectivity.ts';

const state = (s: Partial<ConnectivityState>): ConnectivityState => ({
  browserOnline: true,
  socket: 'open',
  socketOpened: true,
  feedSilent: false,
  feedPaused: false,
  ...s,
});

describe('connectivity', () => {
  afterEach(() => {
    vi.useRealTimers();
    useConnectivityStore.setState(state({ socket: 'idle', socketOpened: false }));
  });

  it.each([
    [state({}), 'online', true],
    [state({ browserOnline: false }), 'offline', false],
    [state({ browserOnline: false, socket: 'closed' }), 'offline', false],
    [state({ socket: 'closed' }), 'reconnecting', false],
    [state({ socket: 'connecting' }), 'reconnecting', false],
    // The first connection of the page is not a reconnection (the prices shown are the trade list's, just fetched).
    [state({ socket: 'connecting', socketOpened: false }), 'online', true],
    [state({ socket: 'idle', socketOpened: false }), 'online', true],
    // A first connection that failed is.
    [state({ socket: 'closed', socketOpened: false }), 'reconnecting', false],
    [state({ feedSilent: true }), 'online', false],
    // The server said its quotes stopped (FEED_STATUS live:false, DESIGN §15).
    [state({ feedPaused: true }), 'online', false],
  ] as const)('%o is %s, prices live: %s', (s, connection, live) => {
    expect(connectionOf(s)).toBe(connection);
    expect(pricesLiveOf(s)).toBe(live);
  });

  it('remembers that the socket was open once', () => {
    setSocketStatus('connecting');
    expect(useConnectivityStore.getState().socketOpened).toBe(false);
    setSocketStatus('open');
    setSocketStatus('closed');
    expect(useConnectivityStore.getState()).toMatchObject({ socket: 'closed', socketOpened: true });
  });

  it('calls the feed silent after FEED_STALE_MS without a quote, live again on the next one, and forgets it unwatched', () => {
    vi.useFakeTimers();
    const stop = watchFeed();
    vi.advanceTimersByTime(FEED_STALE_MS);
    expect(useConnectivityStore.getState().feedSilent).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(useConnectivityStore.getState().feedSilent).toBe(true);
    quoteArrived();
    expect(useConnectivityStore.getState().feedSilent).toBe(false);
    vi.advanceTimersByTime(FEED_STALE_MS + 2000);
    expect(useConnectivityStore.getState().feedSilent).toBe(true);
    stop();
    expect(useConnectivityStore.getState().feedSilent).toBe(false);
  });

  it("follows the server's FEED_STATUS: paused until live again, forgotten with the socket and the subscription", () => {
    const stop = watchFeed();
    feedStatus(false);
    expect(useConnectivityStore.getState().feedPaused).toBe(true);
    expect(pricesLiveOf(useConnectivityStore.getState())).toBe(false);
    feedStatus(true);
    expect(pricesLiveOf(useConnectivityStore.getState())).toBe(true);
    feedStatus(false);
    // A new socket (perhaps to another node) is told again if its quotes are stopped too.
    setSocketStatus('closed');
    setSocketStatus('open');
    expect(useConnectivityStore.getState().feedPaused).toBe(false);
    feedStatus(false);
    stop();
    expect(useConnectivityStore.getState().feedPaused).toBe(false);
  });
});
