import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import { prepareFirstScreen, TAB_SCREENS } from './tab-screens.ts';

/**
 * The screens' own code is not what is tested here: each screen module is a stub, so `preload()` resolves with it.
 * The data goes through the real query options and REST client, with `fetch` stubbed.
 */
const stubs = vi.hoisted(() => {
  const stub = (name: string) => Object.assign(() => null, { displayName: name });
  return {
    home: stub('Home'),
    trade: stub('Trade'),
    order: stub('Order'),
    user: stub('User'),
    news: stub('News'),
    rank: stub('Rank'),
  };
});
vi.mock('../features/markets/components/home-page.tsx', () => ({ default: stubs.home }));
vi.mock('./screens/trade-screen.tsx', () => ({ default: stubs.trade }));
vi.mock('./screens/orders-screen.tsx', () => ({ default: stubs.order }));
vi.mock('../features/account/components/user-page.tsx', () => ({ default: stubs.user }));
vi.mock('../features/news/components/news-page.tsx', () => ({ default: stubs.news }));
vi.mock('../features/rank/components/rank-page.tsx', () => ({ default: stubs.rank }));

/** A request the test answers when it likes (or never). */
interface PendingCall {
  path: string;
  answer(data: unknown): void;
  failHttp(status: number): void;
}

let calls: PendingCall[];
/** How many requests had started once the microtasks of the task that started each one had run. */
let startedByEndOfTask: number[];
let client: QueryClient;

/** A turn of the event loop (not a fake timer: those are `setTimeout` only, below). */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function until(what: string, ready: () => boolean): Promise<void> {
  for (let i = 0; !ready(); i++) {
    if (i > 500) throw new Error(`still waiting for ${what}`);
    await turn();
  }
}

async function microtasks(n = 30): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

/** Tracks a promise: `settled()` says whether it has settled yet. */
function track(p: Promise<unknown>) {
  let settled = false;
  void p.finally(() => (settled = true));
  return { settled: () => settled };
}

beforeEach(() => {
  calls = [];
  startedByEndOfTask = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string, init?: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
          calls.push({
            path: new URL(url, 'http://app.test').pathname,
            answer: (data) => resolve(json({ code: 1, msg: '', data })),
            failHttp: (status) => resolve(new Response('', { status })),
          });
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          void microtasks().then(() => startedByEndOfTask.push(calls.length));
        }),
    ),
  );
});

afterEach(async () => {
  await client.cancelQueries();
  client.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TAB_SCREENS[…].Component.preload', () => {
  it('fetches the screen module once, and the screen then renders it without suspending', async () => {
    const rank = TAB_SCREENS['/rank']!.Component;
    // Before its chunk has arrived the screen is a lazy component (it suspends).
    expect((rank().type as { $$typeof?: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    const first = rank.preload();
    expect(rank.preload()).toBe(first);
    await expect(first).resolves.toMatchObject({ default: stubs.rank });
    expect(rank().type).toBe(stubs.rank);
    expect(rank.preload()).toBe(first);
  });
});

describe('prepareFirstScreen', () => {
  it('resolves at once, fetching nothing, for a path that is not a tab screen', async () => {
    const preloads = Object.values(TAB_SCREENS).map((tab) => vi.spyOn(tab.Component, 'preload'));
    const prepared = track(prepareFirstScreen('/news/detail', client, 'en'));
    await microtasks(3);
    expect(prepared.settled()).toBe(true);
    await turn();
    expect(calls).toEqual([]);
    for (const preload of preloads) expect(preload).not.toHaveBeenCalled();
  });

  it("on / fetches home's data and code, each started in a task of its own, and resolves once all have settled", async () => {
    const preload = vi.spyOn(TAB_SCREENS['/']!.Component, 'preload');
    const prepared = track(prepareFirstScreen('/', client, 'de'));
    expect(calls).toEqual([]); // nothing starts in the caller's task
    await until('the home chunk', () => preload.mock.calls.length > 0);
    expect(calls.map((c) => c.path)).toEqual([API.tradeList, API.categories, API.sparklines]);
    // Each request had started alone by the end of its task: the next one waited for a task of its own.
    expect(startedByEndOfTask).toEqual([1, 2, 3]);

    const list = [{ Code: 'EURUSD' }];
    const categories = [{ Id: 1, NameShowTrans: 'Devisen' }];
    calls[0]!.answer(list);
    calls[1]!.answer(categories);
    await turn();
    await turn();
    expect(prepared.settled()).toBe(false); // the sparklines are still on their way

    // A failure is settled too: the screen draws and shows its own error state.
    calls[2]!.failHttp(500);
    await until('prepareFirstScreen', prepared.settled);
    expect(calls).toHaveLength(3);
    expect(client.getQueryData(['market', 'tradeList'])).toEqual(list);
    expect(client.getQueryData(['market', 'categories', 'de'])).toEqual(categories);
    expect(client.getQueryState(['market', 'sparklines'])?.status).toBe('error');
    expect(TAB_SCREENS['/']!.Component().type).toBe(stubs.home);
  });

  it('fetches the trade list for /trade/ (a trailing slash is the same screen)', async () => {
    const prepared = track(prepareFirstScreen('/trade/', client, 'en'));
    await until('the trade list request', () => calls.length > 0);
    calls[0]!.answer([]);
    await until('prepareFirstScreen', prepared.settled);
    expect(calls.map((c) => c.path)).toEqual([API.tradeList]);
  });

  it('resolves after 3 s when the data never comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const preload = vi.spyOn(TAB_SCREENS['/']!.Component, 'preload');
    const prepared = track(prepareFirstScreen('/', client, 'en'));
    await until('the home chunk', () => preload.mock.calls.length > 0);
    // The wait starts once the last step has run (a turn lets its microtasks finish).
    await turn();
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(2999);
    await turn();
    expect(prepared.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await turn();
    expect(prepared.settled()).toBe(true);
    expect(client.getQueryState(['market', 'tradeList'])?.fetchStatus).toBe('fetching');
  });
});
