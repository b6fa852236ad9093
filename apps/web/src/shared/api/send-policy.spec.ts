import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureApi, SEND_TIMEOUT_MS } from './http-client.ts';
import { queryClient } from './query-client.ts';
import { stubSilentFetch } from './silent-fetch.testing.ts';

/**
 * Issue 17: nothing the user did is ever sent late. A call that changes something is refused on the spot while the
 * browser is offline (never fetched, never queued), abandoned after SEND_TIMEOUT_MS when no answer comes (then the
 * user hears it may or may not have been done), and the query library never pauses a mutation to replay it later.
 */
const events: string[] = [];

beforeEach(() => {
  events.length = 0;
  configureApi({
    origin: () => '',
    token: () => 'tok',
    lang: () => 'en',
    toastError: (m) => events.push(`error:${m}`),
    transportMessage: (kind) => `t:${kind}`,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

const offline = () => vi.stubGlobal('navigator', { onLine: false });

describe('calls that change something', () => {
  it('are not sent at all while the browser is offline: "not sent, you are offline"', async () => {
    offline();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/forex/submit', { method: 'POST', params: { type: 1 } })).rejects.toMatchObject({
      kind: 'transport',
      message: 't:offline',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(events).toEqual(['error:t:offline']);
  });

  it('reads are still tried offline (the service worker or the cache may answer)', async () => {
    offline();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 1, msg: 'ok', data: 1 })));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/forex/trade_list')).resolves.toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are abandoned after a few seconds without an answer, saying it may or may not have been done', async () => {
    vi.useFakeTimers();
    stubSilentFetch();
    const call = apiRequest('/api/forex/submit', { method: 'POST', params: { type: 1 } });
    const settled = expect(call).rejects.toMatchObject({ kind: 'transport', message: 't:unsure' });
    expect(SEND_TIMEOUT_MS).toBeLessThanOrEqual(8_000);
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS);
    await settled;
    expect(events).toEqual(['error:t:unsure']);
  });

  it('a broken connection or a gateway error after sending says it may or may not have been done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/forex/submit', { method: 'POST' })).rejects.toMatchObject({ message: 't:unsure' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 504 })),
    );
    await expect(apiRequest('/api/forex/submit', { method: 'POST' })).rejects.toMatchObject({ message: 't:unsure', code: 504 });
    // A read that fails just failed.
    await expect(apiRequest('/api/forex/trade_list')).rejects.toMatchObject({ message: 't:http' });
  });

  it('a read keeps its longer time-out and says "timed out"', async () => {
    vi.useFakeTimers();
    stubSilentFetch();
    const call = apiRequest('/api/forex/trade_list');
    let done = false;
    void call.catch(() => (done = true));
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS + 100);
    expect(done).toBe(false);
    const settled = expect(call).rejects.toMatchObject({ message: 't:timeout' });
    await vi.advanceTimersByTimeAsync(20_000);
    await settled;
  });
});

describe('the query client', () => {
  it('runs a mutation at once while the library thinks it is offline, and never replays it when back online', async () => {
    onlineManager.setOnline(false);
    const sent = vi.fn(async () => {
      throw new Error('offline');
    });
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: sent });
    await expect(mutation.execute(undefined)).rejects.toThrow('offline');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(mutation.state.isPaused).toBe(false);
    onlineManager.setOnline(true);
    await queryClient.resumePausedMutations();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
