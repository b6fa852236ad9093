import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pendingTriggered, type PendingKind } from '@tradepad/domain';
import {
  pendingOrderTrigger,
  stopLossTrigger,
  takeProfitTrigger,
  triggerKey,
  TriggerBook,
  type QuoteSource,
  type Trigger,
  type TriggerWhen,
} from './trigger-book.ts';

const SPREAD = 10;
/** A quote whose watched side is at `price`, the other side a spread away. */
const quoteAt = (source: QuoteSource, price: number) =>
  source === 'bid' ? { bid: price, ask: price + SPREAD } : { bid: price - SPREAD, ask: price };

const trigger = (key: string, source: QuoteSource, when: TriggerWhen, level: number, orderId = 1): Trigger => ({
  key,
  orderId,
  kind: 'open',
  source,
  when,
  level,
});

const keys = (ts: readonly Trigger[]) => ts.map((t) => t.key);

describe('trigger mapping', () => {
  const L = 108_000;
  // [name, trigger built by the helper, the side of the quote it must watch, and when it must fire]
  const cases: Array<[string, Trigger, QuoteSource, TriggerWhen]> = [
    ['long stop-loss: bid ≤ level', stopLossTrigger(7, 1, L), 'bid', 'at_or_below'],
    ['long take-profit: bid ≥ level', takeProfitTrigger(7, 1, L), 'bid', 'at_or_above'],
    ['short stop-loss: ask ≥ level', stopLossTrigger(7, 2, L), 'ask', 'at_or_above'],
    ['short take-profit: ask ≤ level', takeProfitTrigger(7, 2, L), 'ask', 'at_or_below'],
    ['buy limit: ask ≤ level', pendingOrderTrigger(7, 'buy_limit', L), 'ask', 'at_or_below'],
    ['buy stop: ask ≥ level', pendingOrderTrigger(7, 'buy_stop', L), 'ask', 'at_or_above'],
    ['sell limit: bid ≥ level', pendingOrderTrigger(7, 'sell_limit', L), 'bid', 'at_or_above'],
    ['sell stop: bid ≤ level', pendingOrderTrigger(7, 'sell_stop', L), 'bid', 'at_or_below'],
  ];

  it.each(cases)('%s', (_name, t, source, when) => {
    expect(t).toMatchObject({ orderId: 7, source, when, level: L });
    const book = new TriggerBook();
    book.add(t);
    const away = when === 'at_or_below' ? 1 : -1;
    // One point short of the level on the watched side: nothing, whatever the other side of the quote does.
    let q = quoteAt(source, L + away);
    expect(book.crossed(q.bid, q.ask)).toEqual([]);
    expect(book.has(t.key)).toBe(true);
    // At the level: fires once, and is gone.
    q = quoteAt(source, L);
    expect(book.crossed(q.bid, q.ask)).toEqual([t]);
    expect(book.size).toBe(0);
    expect(book.crossed(q.bid, q.ask)).toEqual([]);
    // Past the level (a gap): fires too.
    book.add(t);
    q = quoteAt(source, L - away * 500);
    expect(book.crossed(q.bid, q.ask)).toEqual([t]);
  });

  it('keys an order’s triggers by id and kind', () => {
    expect([triggerKey(42, 'open'), triggerKey(42, 'stop_loss'), triggerKey(42, 'take_profit')]).toEqual([
      '42:open',
      '42:sl',
      '42:tp',
    ]);
    expect(stopLossTrigger(42, 1, 5).key).toBe('42:sl');
    expect(takeProfitTrigger(42, 2, 5)).toMatchObject({ key: '42:tp', kind: 'take_profit' });
    expect(pendingOrderTrigger(42, 'sell_stop', 5)).toMatchObject({ key: '42:open', kind: 'open' });
  });

  it('fires pending orders exactly when the domain rule says they trigger', () => {
    const kinds: PendingKind[] = ['buy_limit', 'buy_stop', 'sell_limit', 'sell_stop'];
    for (const kind of kinds) {
      for (let bid = 980; bid <= 1020; bid++) {
        const book = new TriggerBook();
        book.add(pendingOrderTrigger(1, kind, 1000));
        const quote = { bid, ask: bid + 7 };
        expect(book.crossed(quote.bid, quote.ask).length === 1, `${kind} at bid ${bid}`).toBe(
          pendingTriggered(kind, 1000, quote),
        );
      }
    }
  });
});

describe('trigger book', () => {
  it('replaces a trigger added again under the same key', () => {
    const book = new TriggerBook();
    book.add(stopLossTrigger(1, 1, 1000));
    book.add(stopLossTrigger(1, 1, 900)); // the user moved the stop down
    expect(book.size).toBe(1);
    expect(book.get('1:sl')?.level).toBe(900);
    expect(book.crossed(950, 960)).toEqual([]);
    expect(book.crossed(900, 910)).toEqual([stopLossTrigger(1, 1, 900)]);
    expect(book.crossed(800, 810)).toEqual([]);
    // A replacement may watch another side altogether.
    book.add(trigger('x', 'bid', 'at_or_below', 500));
    book.add(trigger('x', 'ask', 'at_or_above', 2000));
    expect(book.crossed(400, 410)).toEqual([]);
    expect(keys(book.crossed(1990, 2000))).toEqual(['x']);
    expect(book.size).toBe(0);
  });

  it('removes triggers by key', () => {
    const book = new TriggerBook();
    book.add(stopLossTrigger(1, 1, 1000));
    book.add(takeProfitTrigger(1, 1, 1200));
    expect(book.remove('1:sl')).toBe(true);
    expect(book.remove('1:sl')).toBe(false);
    expect(book.remove('nope')).toBe(false);
    expect(book.has('1:sl')).toBe(false);
    expect(book.has('1:tp')).toBe(true);
    expect(book.size).toBe(1);
    expect(book.crossed(500, 510)).toEqual([]);
    expect(keys(book.crossed(1300, 1310))).toEqual(['1:tp']);
  });

  it('fires triggers at equal levels together, oldest first', () => {
    const book = new TriggerBook();
    for (const k of ['a', 'b', 'c', 'd']) book.add(trigger(k, 'bid', 'at_or_below', 1000));
    book.add(trigger('b', 'bid', 'at_or_below', 1000)); // re-added: now the newest
    book.add(trigger('e', 'bid', 'at_or_below', 999));
    expect(book.crossed(1001, 1011)).toEqual([]);
    expect(keys(book.crossed(1000, 1010))).toEqual(['a', 'c', 'd', 'b']);
    expect(keys(book.crossed(999, 1009))).toEqual(['e']);
  });

  it('keeps insertion order among equal levels however the heap was built', () => {
    const book = new TriggerBook();
    const added: Trigger[] = [];
    let r = 12345;
    const next = () => (r = (r * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 400; i++) {
      const t = trigger(`e${next() % 150}`, 'bid', 'at_or_below', 100 + (next() % 3));
      book.add(t); // keys repeat: replacements leave dead entries behind, and compactions rebuild the heap
      const j = added.findIndex((a) => a.key === t.key);
      if (j >= 0) added.splice(j, 1);
      added.push(t);
      if (i % 7 === 0) {
        const victim = added.splice(next() % added.length, 1)[0]!;
        book.remove(victim.key);
      }
    }
    for (const level of [102, 101, 100]) {
      expect(keys(book.crossed(level, level + 1))).toEqual(keys(added.filter((t) => t.level === level)));
    }
    expect(book.size).toBe(0);
  });

  it('fires everything a gap passes through, in the order the market passed them, and nothing else', () => {
    const book = new TriggerBook();
    const levels = Array.from({ length: 1000 }, (_, i) => 1000 + i);
    // Insert in a scrambled order so the heap has real work to do.
    for (let i = 0; i < levels.length; i++) {
      const level = levels[(i * 7919) % levels.length]!;
      book.add(trigger(`below-${level}`, 'bid', 'at_or_below', level));
      book.add(trigger(`above-${level}`, 'ask', 'at_or_above', level + 5000));
    }
    expect(book.crossed(2000, 2010)).toEqual([]);
    const fired = book.crossed(1500, 1510);
    expect(fired.map((t) => t.level)).toEqual(levels.filter((l) => l >= 1500).reverse());
    expect(book.size).toBe(1500);
    expect(book.peekNearest('bid', 'at_or_below')?.level).toBe(1499);
    // A gap up through every ask level.
    const up = book.crossed(9000, 9010);
    expect(up.map((t) => t.level)).toEqual(levels.map((l) => l + 5000));
    expect(book.size).toBe(500);
  });

  it('orders a quote that crosses several sides at once by how far past each level it is', () => {
    const book = new TriggerBook();
    // Stale triggers on both sides of a quote, as after a market reopens far from where it closed.
    book.add(trigger('bid-below-1050', 'bid', 'at_or_below', 1050));
    book.add(trigger('bid-above-900', 'bid', 'at_or_above', 900));
    book.add(trigger('ask-below-1020', 'ask', 'at_or_below', 1020));
    book.add(trigger('ask-above-1005', 'ask', 'at_or_above', 1005));
    book.add(trigger('bid-below-1000', 'bid', 'at_or_below', 1000));
    // bid 1000, ask 1010: depths 50, 100, 10, 5, 0.
    expect(keys(book.crossed(1000, 1010))).toEqual([
      'bid-above-900',
      'bid-below-1050',
      'ask-below-1020',
      'ask-above-1005',
      'bid-below-1000',
    ]);
  });

  it('never fires a removed trigger, and rebuilds a heap once most of it is dead', () => {
    const book = new TriggerBook();
    const n = 1000;
    for (let i = 0; i < n; i++) book.add(trigger(`t${i}`, 'bid', 'at_or_below', 10_000 - i));
    // Remove the nearest ones first (the heads) and then every other one, so dead entries sit at the head and inside.
    for (let i = 0; i < 100; i++) book.remove(`t${i}`);
    expect(book.peekNearest('bid', 'at_or_below')?.key).toBe('t100');
    for (let i = 101; i < n; i += 2) {
      book.remove(`t${i}`);
      const { live, stored } = book.stats();
      expect(stored).toBeLessThanOrEqual(2 * live + 1);
    }
    expect(book.stats()).toMatchObject({ live: 450, stored: 900 });
    // One more removal leaves more than half of the heap dead: it is rebuilt from the live entries.
    book.remove('t102');
    expect(book.stats()).toMatchObject({ live: 449, stored: 449 });
    // A removed key added back at a new level fires at the new level only, exactly once.
    book.add(trigger('t1', 'bid', 'at_or_below', 20_000));
    expect(keys(book.crossed(20_000, 20_010))).toEqual(['t1']);
    const all = book.crossed(1, 11);
    const expected = Array.from({ length: 450 }, (_, j) => 10_000 - (100 + 2 * j)).filter((l) => l !== 10_000 - 102);
    expect(all.map((t) => t.level)).toEqual(expected);
    expect(book.size).toBe(0);
    expect(book.stats().stored).toBe(0);
  });

  it('shows the nearest live trigger of each side', () => {
    const book = new TriggerBook();
    expect(book.peekNearest('ask', 'at_or_above')).toBeUndefined();
    book.add(trigger('a', 'ask', 'at_or_above', 1100));
    book.add(trigger('b', 'ask', 'at_or_above', 1050));
    book.add(trigger('c', 'bid', 'at_or_below', 900));
    book.add(trigger('d', 'bid', 'at_or_below', 950));
    expect(book.peekNearest('ask', 'at_or_above')?.key).toBe('b');
    expect(book.peekNearest('bid', 'at_or_below')?.key).toBe('d');
    book.remove('b');
    expect(book.peekNearest('ask', 'at_or_above')?.key).toBe('a');
    expect(book.peekNearest('bid', 'at_or_above')).toBeUndefined();
  });

  it('lists its live triggers and clears', () => {
    const book = new TriggerBook();
    book.add(stopLossTrigger(1, 1, 900));
    book.add(takeProfitTrigger(1, 1, 1100));
    book.add(pendingOrderTrigger(2, 'buy_limit', 950));
    book.remove('1:tp');
    expect(new Set(keys([...book]))).toEqual(new Set(['1:sl', '2:open']));
    book.clear();
    expect(book.size).toBe(0);
    expect([...book]).toEqual([]);
    expect(book.stats()).toEqual({ live: 0, stored: 0, firedKeys: 0 });
    expect(book.crossed(1, 2)).toEqual([]);
  });

  it('forgets fired triggers at once, and sweeps their keys from its index in one pass later', () => {
    const book = new TriggerBook(100);
    for (let i = 0; i < 300; i++) book.add(trigger(`f${i}`, 'ask', 'at_or_above', 1000 + i));
    book.add(trigger('stays', 'bid', 'at_or_below', 10));
    expect(book.crossed(1290, 1299)).toHaveLength(300);
    expect(book.has('f0')).toBe(false);
    expect(book.get('f0')).toBeUndefined();
    expect(book.remove('f1')).toBe(false);
    expect(book.size).toBe(1);
    expect([...book].map((t) => t.key)).toEqual(['stays']);
    expect(book.stats()).toEqual({ live: 1, stored: 1, firedKeys: 299 });
    // A fired key added back is a new trigger.
    book.add(trigger('f2', 'ask', 'at_or_above', 5000));
    expect(book.get('f2')?.level).toBe(5000);
    // That add found more fired keys than live triggers and than 100: it swept them.
    expect(book.stats()).toEqual({ live: 2, stored: 2, firedKeys: 0 });
    expect(keys(book.crossed(5000, 5010))).toEqual(['f2']);
    expect(book.crossed(1290, 1299)).toEqual([]);
  });

  it('refuses levels that are not positive integers of points', () => {
    const book = new TriggerBook();
    for (const level of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2]) {
      expect(() => book.add(trigger('x', 'bid', 'at_or_below', level))).toThrow(RangeError);
    }
    expect(() => book.add({ ...trigger('x', 'bid', 'at_or_below', 5), when: 'sideways' as TriggerWhen })).toThrow(RangeError);
    expect(book.size).toBe(0);
  });

  it('fires nothing on a quote that is not a number', () => {
    const book = new TriggerBook();
    for (const [source, when] of [
      ['bid', 'at_or_below'],
      ['bid', 'at_or_above'],
      ['ask', 'at_or_below'],
      ['ask', 'at_or_above'],
    ] as const) {
      book.add(trigger(`${source}-${when}`, source, when, 1000));
    }
    expect(book.crossed(Number.NaN, Number.NaN)).toEqual([]);
    expect(book.size).toBe(4);
  });
});

describe('trigger book against a linear scan', () => {
  const SIDES: Array<[QuoteSource, TriggerWhen]> = [
    ['bid', 'at_or_below'],
    ['bid', 'at_or_above'],
    ['ask', 'at_or_below'],
    ['ask', 'at_or_above'],
  ];
  const fires = (t: Trigger, bid: number, ask: number) => {
    const price = t.source === 'bid' ? bid : ask;
    return t.when === 'at_or_below' ? price <= t.level : price >= t.level;
  };
  const depth = (t: Trigger, bid: number, ask: number) => {
    const price = t.source === 'bid' ? bid : ask;
    return t.when === 'at_or_below' ? t.level - price : price - t.level;
  };

  /** The obvious implementation: a map scanned on every tick. */
  class NaiveBook {
    private seq = 0;
    readonly entries = new Map<string, { t: Trigger; seq: number }>();
    add(t: Trigger) {
      this.entries.delete(t.key);
      this.entries.set(t.key, { t, seq: this.seq++ });
    }
    crossed(bid: number, ask: number): Trigger[] {
      const fired = [...this.entries.values()].filter((e) => fires(e.t, bid, ask));
      fired.sort((a, b) => depth(b.t, bid, ask) - depth(a.t, bid, ask) || a.seq - b.seq);
      for (const e of fired) this.entries.delete(e.t.key);
      return fired.map((e) => e.t);
    }
    nearest(source: QuoteSource, when: TriggerWhen): Trigger | undefined {
      let best: { t: Trigger; seq: number } | undefined;
      for (const e of this.entries.values()) {
        if (e.t.source !== source || e.t.when !== when) continue;
        const closer =
          when === 'at_or_below' ? e.t.level > (best?.t.level ?? -Infinity) : e.t.level < (best?.t.level ?? Infinity);
        if (!best || closer || (e.t.level === best.t.level && e.seq < best.seq)) best = e;
      }
      return best?.t;
    }
  }

  type Step =
    | { op: 'add'; key: number; side: number; level: number }
    | { op: 'remove'; key: number }
    | { op: 'tick'; bid: number; spread: number };

  const steps = (keyCount: number, lo: number, hi: number, tickWeight = 3) =>
    fc.array(
      fc.oneof(
        {
          weight: 5,
          arbitrary: fc.record({
            op: fc.constant('add' as const),
            key: fc.nat({ max: keyCount - 1 }),
            side: fc.nat({ max: 3 }),
            level: fc.integer({ min: lo, max: hi }),
          }),
        },
        { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), key: fc.nat({ max: keyCount - 1 }) }) },
        {
          weight: tickWeight,
          arbitrary: fc.record({
            op: fc.constant('tick' as const),
            bid: fc.integer({ min: lo - 5, max: hi + 5 }),
            spread: fc.nat({ max: 4 }),
          }),
        },
      ),
      { maxLength: 300 },
    );

  const agree = (keyCount: number, sweepAt: number) => (list: Step[]) => {
    const book = new TriggerBook(sweepAt);
    const model = new NaiveBook();
    const checkKeys = () => {
      for (let k = 0; k < keyCount; k++) {
        expect(book.has(`k${k}`)).toBe(model.entries.has(`k${k}`));
        expect(book.get(`k${k}`)).toBe(model.entries.get(`k${k}`)?.t);
      }
    };
    for (const s of list) {
      if (s.op === 'add') {
        const [source, when] = SIDES[s.side]!;
        const t = trigger(`k${s.key}`, source, when, s.level, s.key);
        book.add(t);
        model.add(t);
        const { live, firedKeys } = book.stats();
        expect(firedKeys).toBeLessThanOrEqual(Math.max(sweepAt, live));
      } else if (s.op === 'remove') {
        expect(book.remove(`k${s.key}`)).toBe(model.entries.delete(`k${s.key}`));
      } else {
        // Same triggers, in the same order, every tick.
        expect(keys(book.crossed(s.bid, s.bid + s.spread))).toEqual(keys(model.crossed(s.bid, s.bid + s.spread)));
      }
      expect(book.size).toBe(model.entries.size);
      const { live, stored } = book.stats();
      expect(live).toBe(model.entries.size);
      expect(stored).toBeGreaterThanOrEqual(live);
      if (keyCount <= 20) checkKeys();
    }
    checkKeys();
    expect(new Set(keys([...book]))).toEqual(new Set(model.entries.keys()));
    for (const [source, when] of SIDES) expect(book.peekNearest(source, when)).toEqual(model.nearest(source, when));
    // Sweeping the whole range empties both.
    expect(new Set(keys([...book.crossed(1, 1), ...book.crossed(1e9, 1e9)]))).toEqual(
      new Set(keys([...model.crossed(1, 1), ...model.crossed(1e9, 1e9)])),
    );
    expect(book.size).toBe(0);
  };

  it('fires the same triggers in the same order for few keys on a narrow range (many equal levels)', () => {
    fc.assert(fc.property(steps(12, 95, 105), agree(12, 2)), { numRuns: 300 });
  });

  it('fires the same triggers in the same order when most levels are equal (ties inside deeper heaps)', () => {
    fc.assert(fc.property(steps(40, 100, 102, 1), agree(40, 4)), { numRuns: 200 });
  });

  it('fires the same triggers in the same order for many keys on a wide range (deep heaps, compaction, key sweeps)', () => {
    fc.assert(fc.property(steps(200, 1, 2000), agree(200, 16)), { numRuns: 200 });
  });
});
