import { CHANNEL_DAY_MARKET, type DayMarketMessage } from '@tradepad/contracts';
import { pointsToPrice, typeQuote } from '@tradepad/domain';
import type { AccountTypeSource } from '../account-types/account-types.service.ts';
import type { PriceVariants } from '../realtime/price-variants.ts';
import { isQuote } from './live-quotes.ts';

/** What the quotes' variants read of the market: an instrument's precision by code. */
export type PrecisionOf = (code: string) => number | undefined;

/**
 * The quote channel per account type (DESIGN §16): the market publishes the instrument's published quote once, and
 * every socket reads it with its account type's markup (a visitor with the default type's). A socket's variant is its
 * user's type id (0: a visitor, the default type); a type without markup reads the published message itself.
 */
export function typeQuoteVariants(
  types: Pick<AccountTypeSource, 'type' | 'typeOfUser'>,
  precisionOf: PrecisionOf,
): PriceVariants {
  return {
    varies: (channel) => channel === CHANNEL_DAY_MARKET,
    ofUser: (user) => user.account_type_id ?? 0,
    reread: (userId) => types.typeOfUser(userId),
    render: (variant, _channel, message) => {
      if (!isQuote(message)) return null;
      const markup = types.type(variant === 0 ? null : variant).terms.spreadMarkup;
      return markup === 0 ? null : withMarkup(message, markup, precisionOf(message.symbol));
    },
  };
}

/**
 * A DAY_MARKET quote with a type's markup: bid (and the day's bid-based open, high, low and close) lowered, ask
 * raised by `markup` points; undefined when no bid would be left (the type cannot trade it at that price).
 */
export function withMarkup(m: DayMarketMessage, markup: number, precision: number | undefined): DayMarketMessage | undefined {
  if (precision === undefined) return undefined;
  const scale = 10 ** precision;
  const pts = (x: number) => Math.round(x * scale);
  const own = typeQuote({ bid: pts(m.quotation.bid), ask: pts(m.quotation.ask) }, markup);
  if (!own) return undefined;
  const down = (x: number) => pointsToPrice(Math.max(0, pts(x) - markup), precision);
  const q = m.quotation;
  return {
    ...m,
    quotation: {
      ...q,
      open: down(q.open),
      high: down(q.high),
      low: down(q.low),
      close: pointsToPrice(own.bid, precision),
      bid: pointsToPrice(own.bid, precision),
      ask: pointsToPrice(own.ask, precision),
    },
  };
}
