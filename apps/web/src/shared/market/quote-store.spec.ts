import { describe, expect, it } from 'vitest';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { KeyedStore } from '../lib/keyed-store.ts';
import { QuoteStore, type Quote } from './quote-store.ts';

/** A scheduler the test flushes by hand, standing in for the animation frame. */
function manualSchedule() {
  const queue: (() => void)[] = [];
  return {
    schedule: (fn: () => void) => void queue.push(fn),
    flush: () => queue.splice(0).forEach((fn) => fn()),
    pending: () => queue.length,
  };
}

const quote = (close: number, time: number, change = 0.1): Quote => ({
  open: 1,
  high: close,
  low: 1,
  close,
  bid: close,
  ask: close + 0.0001,
  change,
  time,
});

const push = (forexId: number, close: number, time: number) => ({
  type: 'DAY_MARKET' as const,
  symbol: 'X',
  quotation: { forex_id: forexId, open: 1, high: close, low: 1, close, bid: close, ask: close, change: 0.5, volume: 3, time },
});

describe('QuoteStore', () => {
  it('notifies only the listeners of the instrument that changed', () => {
    const clock = manualSchedule();
    const store = new QuoteStore(clock.schedule);
    const calls: string[] = [];
    store.subscribe(1, () => calls.push('eur-a'));
    store.subscribe(1, () => calls.push('eur-b'));
    store.subscribe(2, () => calls.push('gbp'));

    store.applyMessage(push(1, 1.085, 1000));
    clock.flush();
    expect(calls.sort()).toEqual(['eur-a', 'eur-b']);
    expect(store.get(1)?.close).toBe(1.085);
    expect(store.get(2)).toBeUndefined();

    calls.length = 0;
    store.applyMessage(push(2, 1.27, 1000));
    clock.flush();
    expect(calls).toEqual(['gbp']);
  });

  it('batches a burst of ticks into one notification per instrument, reading the newest value', () => {
    const clock = manualSchedule();
    const store = new QuoteStore(clock.schedule);
    let seen: number[] = [];
    store.subscribe(1, () => seen.push(store.get(1)!.close));
    store.applyMessage(push(1, 1.1, 1));
    store.applyMessage(push(1, 1.2, 2));
    store.applyMessage(push(1, 1.3, 3));
    expect(clock.pending()).toBe(1);
    clock.flush();
    expect(seen).toEqual([1.3]);
    seen = [];
    clock.flush();
    expect(seen).toEqual([]);
  });

  it('keeps a stable snapshot until the quote changes, and skips repeats', () => {
    const clock = manualSchedule();
    const store = new QuoteStore(clock.schedule);
    let calls = 0;
    store.subscribe(1, () => (calls += 1));
    store.offer(1, quote(1.1, 10));
    clock.flush();
    const first = store.get(1);
    store.offer(1, quote(1.1, 11));
    clock.flush();
    expect(store.get(1)).toBe(first);
    expect(calls).toBe(1);
  });

  it('drops a quote older than the one held (a late trade list cannot set the price back)', () => {
    const store = new QuoteStore(() => {});
    store.applyMessage(push(1, 1.2, 2000));
    store.seed([
      {
        Id: 1,
        ForexQuotations: { Open: 1, High: 1, Low: 1, Close: 1.1, Change: 0, Bid: 1.1, Ask: 1.1, Time: 1000 },
      } as TradeItem,
    ]);
    expect(store.get(1)?.close).toBe(1.2);
    store.seed([
      {
        Id: 1,
        ForexQuotations: { Open: 1, High: 1, Low: 1, Close: 1.3, Change: 0, Bid: 1.3, Ask: 1.3, Time: 3000 },
      } as TradeItem,
    ]);
    expect(store.get(1)?.close).toBe(1.3);
  });

  it('ignores malformed pushes', () => {
    const store = new QuoteStore(() => {});
    store.applyMessage({ type: 'DAY_MARKET' });
    store.applyMessage({ type: 'DAY_MARKET', quotation: { forex_id: 'x' } as never });
    expect(store.get(1)).toBeUndefined();
  });

  it('stops notifying a listener once it unsubscribes', () => {
    const clock = manualSchedule();
    const store = new KeyedStore<number, number>(clock.schedule);
    let calls = 0;
    const off = store.subscribe(7, () => (calls += 1));
    expect(store.listenerCount(7)).toBe(1);
    off();
    store.set(7, 1);
    clock.flush();
    expect(calls).toBe(0);
    expect(store.listenerCount(7)).toBe(0);
  });
});
