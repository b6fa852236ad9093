import { closingSideOf, fillingSideOf, publishedLevel, typeQuote, type AccountTerms, type Side } from '@tradepad/domain';
import type { Quote } from '../market/quote-book.ts';

/**
 * The engine's side of account types (DESIGN §16): the quote a type's traders see and fill at, and the levels at which
 * their orders' triggers sit in the instrument's trigger book (keyed on the published quote). One computed quote per
 * call, the published one itself for a type without markup (the default), so the hot path allocates nothing then.
 */

/** The published quote with the type's markup on each side; the same object without markup; undefined if none is left. */
export function ownQuote<Q extends Pick<Quote, 'bid' | 'ask'>>(q: Q, terms: AccountTerms): Q | undefined {
  if (terms.spreadMarkup === 0) return q;
  const own = typeQuote(q, terms.spreadMarkup);
  return own && { ...q, bid: own.bid, ask: own.ask };
}

/** A holding position's stop level (stop-loss, take-profit, trailing step) as the published quote reaches it. */
export const closingLevel = (side: Side, level: number, terms: AccountTerms): number =>
  publishedLevel(level, closingSideOf(side), terms.spreadMarkup);

/** A pending order's trigger level as the published quote reaches it. */
export const fillingLevel = (side: Side, level: number, terms: AccountTerms): number =>
  publishedLevel(level, fillingSideOf(side), terms.spreadMarkup);
