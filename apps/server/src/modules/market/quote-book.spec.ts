import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, weeklySessions, type PricingMode } from '@tradepad/domain';
import type { Tick } from './feed.ts';
import { QuoteBook, type QuoteTerms } from './quote-book.ts';

const UTC_ALWAYS = { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN };
const book = (pricing: PricingMode = 'fixed', markupPoints = 0) =>
  new QuoteBook(
    new Map([
      [
        'EURUSD',
        {
          code: 'EURUSD',
          spreadPoints: 10,
          pricing,
          markupPoints,
          minuteVol: 0.0002,
          hours: {
            timeZone: 'America/New_York',
            rollover: 1020,
            sessions: weeklySessions({ open: '17:00', close: '17:00', firstDay: 0, lastDay: 5 }),
          },
        },
      ],
      ['BTCUSD', { code: 'BTCUSD', spreadPoints: 2000, pricing: 'fixed', markupPoints: 0, minuteVol: 0.001, hours: UTC_ALWAYS }],
    ]),
  );
const T = Date.parse('2026-01-14T12:00:00Z');
/** A tick at the simulator's raw spread (10 points on EURUSD) unless an ask is given. */
const tick = (code: string, bid: number, time: number, more: Partial<Tick> = {}): Tick => ({
  code,
  bid,
  ask: bid + (code === 'EURUSD' ? 10 : 2000),
  time,
  volume: 1,
  source: 'sim',
  ...more,
});
const terms = (t: Partial<QuoteTerms>): QuoteTerms => ({
  spreadPoints: 10,
  pricing: 'fixed',
  markupPoints: 0,
  hours: UTC_ALWAYS,
  ...t,
});

describe('quote book', () => {
  it('publishes the simulator quote as is under fixed pricing, keeps the source beside it, and tracks the day', () => {
    const b = book();
    const q1 = b.accept(tick('EURUSD', 108_500, T))!;
    expect(q1).toMatchObject({ bid: 108_500, ask: 108_510, sourceBid: 108_500, sourceAsk: 108_510, source: 'sim' });
    expect(q1).toMatchObject({ dayOpen: 108_500, change: 0 });
    expect(q1.dayStart).toBe(Date.parse('2026-01-13T22:00:00Z'));
    const q2 = b.accept(tick('EURUSD', 109_000, T + 3_600_000, { volume: 2 }))!;
    expect(q2).toMatchObject({ dayOpen: 108_500, dayHigh: 109_000, dayLow: 108_500, change: 0.46, dayVolume: 3 });
    // After 17:00 New York a new day starts at the next price.
    const q3 = b.accept(tick('EURUSD', 109_010, Date.parse('2026-01-14T22:00:05Z')))!;
    expect(q3).toMatchObject({ dayOpen: 109_010, change: 0, dayVolume: 1 });
  });

  it('fixed: centres the published spread on a two-sided source, an odd one rounded down to a point', () => {
    const b = book();
    // An LP quoting 3 points wide: mid 108 501.5, bid = ⌊108 501.5 − 5⌋.
    expect(b.accept(tick('EURUSD', 108_500, T, { ask: 108_503, source: 'lp1' }))).toMatchObject({
      bid: 108_496,
      ask: 108_506,
      sourceBid: 108_500,
      sourceAsk: 108_503,
      source: 'lp1',
    });
    // The day's figures and the change follow the published bid.
    expect(b.get('EURUSD')).toMatchObject({ dayOpen: 108_496, dayHigh: 108_496 });
  });

  it('markup: widens each side of the source by the markup', () => {
    const b = book('markup', 3);
    expect(b.accept(tick('EURUSD', 108_500, T, { ask: 108_502, source: 'lp1' }))).toMatchObject({
      bid: 108_497,
      ask: 108_505,
      sourceBid: 108_500,
      sourceAsk: 108_502,
    });
    // The configured spread plays no part in markup pricing: the source's own spread (here 30) passes through.
    expect(b.accept(tick('EURUSD', 108_520, T + 1000, { ask: 108_550 }))).toMatchObject({ bid: 108_517, ask: 108_553 });
  });

  it('reprices the current quote at once when staff change spread, pricing or markup, and every later tick with it', () => {
    const b = book();
    b.accept(tick('EURUSD', 108_500, T, { ask: 108_504 }));
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_497, ask: 108_507 });
    // Wider fixed spread: still around the source's mid (108 502).
    b.setTerms('EURUSD', terms({ spreadPoints: 25 }));
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_489, ask: 108_514, sourceBid: 108_500, sourceAsk: 108_504, time: T });
    expect(b.accept(tick('EURUSD', 108_510, T + 1000, { ask: 108_514 }))).toMatchObject({ bid: 108_499, ask: 108_524 });
    // To markup: the source's quote moved out by 2 points each side, at once.
    b.setTerms('EURUSD', terms({ spreadPoints: 25, pricing: 'markup', markupPoints: 2 }));
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_508, ask: 108_516 });
    expect(b.accept(tick('EURUSD', 108_520, T + 2000, { ask: 108_521 }))).toMatchObject({ bid: 108_518, ask: 108_523 });
    b.setTerms('EURUSD', terms({ pricing: 'markup', markupPoints: 7 }));
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_513, ask: 108_528 });
    // Back to fixed at 10.
    b.setTerms('EURUSD', terms({}));
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_515, ask: 108_525 });
    b.setTerms('NOPE', terms({ spreadPoints: 1 }));
    expect(b.get('NOPE')).toBeUndefined();
  });

  it('holds back a lone off-market tick and believes a move the next tick confirms', () => {
    const b = book();
    b.accept(tick('EURUSD', 108_500, T));
    expect(b.accept(tick('EURUSD', 98_000, T + 500))).toBeUndefined();
    expect(b.get('EURUSD')!.bid).toBe(108_500);
    // The next tick is back at the market: the spike never becomes a quote.
    expect(b.accept(tick('EURUSD', 108_502, T + 1000))!.bid).toBe(108_502);
    // A real jump: two ticks at the new level.
    expect(b.accept(tick('EURUSD', 100_000, T + 1500))).toBeUndefined();
    expect(b.accept(tick('EURUSD', 100_010, T + 2000))!.bid).toBe(100_010);
  });

  it("judges the source's mid: a bad print on the ask alone is held back, a wider source spread is not a jump", () => {
    const b = book('markup', 1);
    b.accept(tick('EURUSD', 108_500, T, { ask: 108_502 }));
    // The ask 2.5 % off: its mid moves far beyond what a second allows.
    expect(b.accept(tick('EURUSD', 108_500, T + 500, { ask: 114_000 }))).toBeUndefined();
    expect(b.get('EURUSD')).toMatchObject({ bid: 108_499, ask: 108_503 });
    // A source widening to 40 points around the same mid is an ordinary quote.
    expect(b.accept(tick('EURUSD', 108_481, T + 1000, { ask: 108_521 }))).toMatchObject({ bid: 108_480, ask: 108_522 });
  });

  it('believes any price after a long silence (a reopening gap)', () => {
    const b = book();
    b.accept(tick('EURUSD', 108_500, T));
    expect(b.accept(tick('EURUSD', 100_000, T + 3_600_000))!.bid).toBe(100_000);
  });

  it('refuses ticks for unknown codes, out of order, crossed, not positive integers, and reports staleness', () => {
    const b = book();
    expect(b.accept(tick('NOPE', 1, T))).toBeUndefined();
    b.accept(tick('BTCUSD', 9_500_000, T));
    expect(b.accept(tick('BTCUSD', 9_500_100, T - 1))).toBeUndefined();
    expect(b.accept(tick('BTCUSD', 1.5, T + 1))).toBeUndefined();
    expect(b.accept(tick('BTCUSD', 9_500_100, T + 1, { ask: 9_500_000 }))).toBeUndefined();
    expect(b.accept(tick('BTCUSD', 9_500_100, T + 1, { ask: 9_500_100.5 }))).toBeUndefined();
    expect(b.isStale('BTCUSD', T + 9_000, 10_000)).toBe(false);
    expect(b.isStale('BTCUSD', T + 11_000, 10_000)).toBe(true);
    expect(b.isStale('EURUSD', T, 10_000)).toBe(true);
  });

  it('primes a quote from its published side, inferring the source the pricing makes it from', () => {
    const day = { time: T, dayStart: T, dayOpen: 108_400, dayHigh: 108_600, dayLow: 108_300, dayVolume: 5, change: 0.09 };
    const fixed = book();
    fixed.prime('EURUSD', { bid: 108_500, ...day });
    expect(fixed.get('EURUSD')).toMatchObject({ bid: 108_500, ask: 108_510, sourceBid: 108_500, sourceAsk: 108_510, source: '' });
    const marked = book('markup', 4);
    marked.prime('EURUSD', { bid: 108_500, ...day });
    expect(marked.get('EURUSD')).toMatchObject({ bid: 108_500, ask: 108_518, sourceBid: 108_504, sourceAsk: 108_514 });
    marked.prime('EURUSD', { bid: 108_500, ask: 108_509, ...day });
    expect(marked.get('EURUSD')).toMatchObject({ ask: 108_509, sourceBid: 108_504, sourceAsk: 108_505 });
  });
});
