/**
 * Published pricing (DESIGN §14): how the price every trader sees and fills at is made from the feed's own quote.
 * Prices are integer points (price × 10^precision, see price.ts); everyone sees the same published quote.
 */
import type { BidAsk } from './trading.ts';

/** How an instrument's published quote follows its source (the simulator, a replay or a liquidity provider). */
export const PRICING_MODES = ['fixed', 'markup'] as const;
export type PricingMode = (typeof PRICING_MODES)[number];

/** The largest markup staff may set, in points per side (a typo guard: real markups are a few points). */
export const MAX_MARKUP_POINTS = 100_000;

/** An instrument's published pricing terms, in points. */
export interface PricingTerms {
  readonly mode: PricingMode;
  /** `fixed`: the published ask − bid. */
  readonly spreadPoints: number;
  /** `markup`: added to each side of the source's quote (bid lowered, ask raised). */
  readonly markupPoints: number;
}

/**
 * The published quote for a source quote, in points.
 *
 * - `fixed`: centred on the source's mid: bid = mid − spread/2 rounded down to a whole point, ask = bid + spread. With
 *   integer points that is ⌊(bid + ask − spread) / 2⌋, so an odd source spread or an odd published spread (a half
 *   point) always rounds the bid down and the ask follows it: the published spread is exactly `spreadPoints`.
 * - `markup`: bid = source bid − markup, ask = source ask + markup: the source's own spread widened by 2 × markup.
 *
 * Undefined when the source is not a quote (not whole points, bid not positive, ask below bid) or the published bid
 * would not be positive: such a tick is refused, never published.
 */
export function publishedQuote(source: BidAsk, terms: PricingTerms): BidAsk | undefined {
  const { bid, ask } = source;
  if (!Number.isSafeInteger(bid) || !Number.isSafeInteger(ask) || bid <= 0 || ask < bid) return undefined;
  let out: BidAsk;
  if (terms.mode === 'markup') {
    out = { bid: bid - terms.markupPoints, ask: ask + terms.markupPoints };
  } else {
    const b = Math.floor((bid + ask - terms.spreadPoints) / 2);
    out = { bid: b, ask: b + terms.spreadPoints };
  }
  return out.bid > 0 && Number.isSafeInteger(out.ask) ? out : undefined;
}

/**
 * The source's mid in points (a half point when its spread is odd): what the bad-tick filter judges a move on, so a
 * wider or narrower source spread alone is never taken for a jump.
 */
export const midPoints = (q: BidAsk): number => (q.bid + q.ask) / 2;
