import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_MARKUP_POINTS, midPoints, publishedQuote, type PricingTerms } from './pricing.ts';

const fixed = (spreadPoints: number): PricingTerms => ({ mode: 'fixed', spreadPoints, markupPoints: 0 });
const markup = (markupPoints: number, spreadPoints = 10): PricingTerms => ({ mode: 'markup', spreadPoints, markupPoints });

describe('published pricing', () => {
  it.each([
    // source bid, source ask, published spread → published bid, ask
    { bid: 108_500, ask: 108_510, spread: 10, out: [108_500, 108_510] }, // the simulator's own spread: unchanged
    { bid: 108_500, ask: 108_510, spread: 20, out: [108_495, 108_515] }, // wider, centred on the mid
    { bid: 108_500, ask: 108_510, spread: 4, out: [108_503, 108_507] }, // narrower than the source
    { bid: 108_500, ask: 108_503, spread: 10, out: [108_496, 108_506] }, // odd source spread: mid 108 501.5 − 5 ↓
    { bid: 108_500, ask: 108_510, spread: 5, out: [108_502, 108_507] }, // odd published spread: 108 502.5 ↓
    { bid: 108_500, ask: 108_501, spread: 7, out: [108_497, 108_504] }, // both odd: mid − 3.5 = 108 497 exactly
    { bid: 108_500, ask: 108_500, spread: 0, out: [108_500, 108_500] }, // a locked source and no spread
    { bid: 108_500, ask: 108_509, spread: 0, out: [108_504, 108_504] }, // spread 0 on a half-point mid: rounded down
  ])('fixed: bid = mid − spread/2 rounded down, ask = bid + spread ($bid/$ask, spread $spread)', ({ bid, ask, spread, out }) => {
    expect(publishedQuote({ bid, ask }, fixed(spread))).toEqual({ bid: out[0], ask: out[1] });
  });

  it('markup: each side moves out by the markup, whatever the configured spread', () => {
    expect(publishedQuote({ bid: 108_500, ask: 108_503 }, markup(4))).toEqual({ bid: 108_496, ask: 108_507 });
    expect(publishedQuote({ bid: 108_500, ask: 108_503 }, markup(0, 50))).toEqual({ bid: 108_500, ask: 108_503 });
    expect(publishedQuote({ bid: 9_500_000, ask: 9_500_000 }, markup(1_500))).toEqual({ bid: 9_498_500, ask: 9_501_500 });
  });

  it('refuses what is not a quote, and a published bid that would not be positive', () => {
    expect(publishedQuote({ bid: 108_500.5, ask: 108_510 }, fixed(10))).toBeUndefined();
    expect(publishedQuote({ bid: 108_500, ask: Number.NaN }, fixed(10))).toBeUndefined();
    expect(publishedQuote({ bid: 0, ask: 10 }, fixed(10))).toBeUndefined();
    expect(publishedQuote({ bid: 108_510, ask: 108_500 }, fixed(10))).toBeUndefined(); // crossed
    expect(publishedQuote({ bid: 5, ask: 6 }, markup(5))).toBeUndefined();
    expect(publishedQuote({ bid: 5, ask: 6 }, fixed(12))).toBeUndefined();
    expect(publishedQuote({ bid: 6, ask: 6 }, markup(5))).toEqual({ bid: 1, ask: 11 });
  });

  it('fixed always publishes exactly the spread, within half a point of centring the source mid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (bid, raw, spread) => {
          const q = publishedQuote({ bid, ask: bid + raw }, fixed(spread))!;
          expect(Number.isSafeInteger(q.bid)).toBe(true);
          expect(q.ask - q.bid).toBe(spread);
          // Rounded down: the published mid is at most half a point below the source's, never above it.
          const drift = midPoints({ bid, ask: bid + raw }) - midPoints(q);
          expect(drift === 0 || drift === 0.5).toBe(true);
        },
      ),
    );
  });

  it('markup publishes the source spread plus twice the markup, around the same mid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_MARKUP_POINTS + 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: MAX_MARKUP_POINTS }),
        (bid, raw, m) => {
          const q = publishedQuote({ bid, ask: bid + raw }, markup(m))!;
          expect(q.ask - q.bid).toBe(raw + 2 * m);
          expect(midPoints(q)).toBe(midPoints({ bid, ask: bid + raw }));
        },
      ),
    );
  });
});
