/**
 * Quotes, order kinds, stop levels, margin, fees, P/L and pip value (DESIGN §5–6). Prices are integer points
 * (price × 10^precision, see price.ts), sizes are Lots (10⁻⁴ lot), money is Micros (10⁻⁶ USD). The engine and the
 * order ticket call these same functions; each amount is computed exactly and rounded once.
 */
import { divideRounded, parseRate, pow10n, quoteToUsd, RATE_SCALE, type DecimalRate, type Rate } from './conversion.ts';
import { LOT_SCALE, type Lots } from './lots.ts';
import { MICROS_PER_UNIT, micros, type Micros } from './money.ts';

/** `OrderType`: 1 buy (long), 2 sell (short). */
export type Side = 1 | 2;

/** A two-sided quote in points. */
export interface BidAsk {
  readonly bid: number;
  readonly ask: number;
}

/** The ask in points: bid plus the instrument's spread in points. */
export const askFromBid = (bidPoints: number, spreadPoints: number): number => bidPoints + spreadPoints;

/** The price a market order fills at, in points: a buy at the ask, a sell at the bid. */
export const fillPrice = (side: Side, quote: BidAsk): number => (side === 1 ? quote.ask : quote.bid);

/** The price a position closes at, in points: a long at the bid, a short at the ask. */
export const closePrice = (side: Side, quote: BidAsk): number => (side === 1 ? quote.bid : quote.ask);

export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop' | 'buy_stop_limit' | 'sell_stop_limit';

/** The order type a trader names (`pending_type`, DESIGN §17): a limit, a stop, or MT5's stop limit. */
export type PendingType = 'limit' | 'stop' | 'stop_limit';

/**
 * What a pending order at `pricePoints` is: a buy at or below the ask is a buy limit, above it a buy stop; a sell at
 * or above the bid is a sell limit, below it a sell stop. A price equal to the market counts as a limit, because a
 * limit fills at its price or better while a stop fills at whatever the market is once triggered: the user who asked
 * for the current price keeps that guarantee.
 */
export function pendingKind(side: Side, pricePoints: number, quote: BidAsk): PendingKind {
  if (side === 1) return pricePoints <= quote.ask ? 'buy_limit' : 'buy_stop';
  return pricePoints >= quote.bid ? 'sell_limit' : 'sell_stop';
}

/**
 * The kind of a pending order the trader named `type` at `pricePoints` (DESIGN §17), or `wrong_side` when the price is
 * on the other side of the market for that type: a buy limit at or below the ask, a buy stop above it; a sell limit at
 * or above the bid, a sell stop below it. A stop limit's `pricePoints` is its stop, on a stop's side. Without a type the
 * kind is inferred from the price (`pendingKind`).
 */
export function namedPendingKind(
  side: Side,
  type: PendingType | undefined,
  pricePoints: number,
  quote: BidAsk,
): PendingKind | 'wrong_side' {
  const inferred = pendingKind(side, pricePoints, quote);
  if (type === undefined) return inferred;
  const isLimit = inferred === 'buy_limit' || inferred === 'sell_limit';
  if (type === 'limit') return isLimit ? inferred : 'wrong_side';
  if (isLimit) return 'wrong_side';
  if (type === 'stop') return inferred;
  return side === 1 ? 'buy_stop_limit' : 'sell_stop_limit';
}

/**
 * Whether a stop limit's limit is where MT5 puts it: strictly below the stop for a buy, strictly above it for a sell,
 * and a positive price. At the stop it would be a plain stop; past it, a limit that fills at once.
 */
export function stopLimitCheck(side: Side, stopPoints: number, limitPoints: number): 'ok' | 'limit_side' {
  if (limitPoints <= 0) return 'limit_side';
  return (side === 1 ? limitPoints < stopPoints : limitPoints > stopPoints) ? 'ok' : 'limit_side';
}

/** Whether a kind is a stop limit waiting for its stop. */
export const isStopLimit = (kind: string): kind is 'buy_stop_limit' | 'sell_stop_limit' =>
  kind === 'buy_stop_limit' || kind === 'sell_stop_limit';

/** What a stop limit becomes once its stop triggers: a pending limit of the same side (at its `stop_limit_price`). */
export const stopLimitBecomes = (kind: 'buy_stop_limit' | 'sell_stop_limit'): 'buy_limit' | 'sell_limit' =>
  kind === 'buy_stop_limit' ? 'buy_limit' : 'sell_limit';

/**
 * Whether a pending order of `kind` at `pricePoints` triggers on `quote`: buys watch the ask, sells the bid; limits
 * trigger when the market is at their price or better, stops (and a stop limit's stop) when it reaches or passes them.
 */
export function pendingTriggered(kind: PendingKind, pricePoints: number, quote: BidAsk): boolean {
  switch (kind) {
    case 'buy_limit':
      return quote.ask <= pricePoints;
    case 'buy_stop':
    case 'buy_stop_limit':
      return quote.ask >= pricePoints;
    case 'sell_limit':
      return quote.bid >= pricePoints;
    case 'sell_stop':
    case 'sell_stop_limit':
      return quote.bid <= pricePoints;
  }
}

/** Stop-loss and take-profit levels in points; 0 means none. */
export interface StopLevels {
  readonly stopLoss: number;
  readonly takeProfit: number;
}

/**
 * Whether SL/TP levels are on the correct side of both the reference price (the fill price of a market order, the
 * order price of a pending one, the entry of an open position) and the current closing price (bid for a buy, ask for
 * a sell): a buy's stop-loss strictly below both and take-profit strictly above both; a sell's the reverse. A level
 * equal to either is refused (it would trigger at once or at entry). Negative levels are refused. The stop-loss is
 * checked first.
 */
export function stopsCheck(
  side: Side,
  referencePoints: number,
  levels: StopLevels,
  market: BidAsk,
): 'ok' | 'stop_loss_side' | 'take_profit_side' {
  const { stopLoss: sl, takeProfit: tp } = levels;
  if (side === 1) {
    const close = market.bid;
    if (sl !== 0 && !(sl > 0 && sl < referencePoints && sl < close)) return 'stop_loss_side';
    if (tp !== 0 && !(tp > referencePoints && tp > close)) return 'take_profit_side';
  } else {
    const close = market.ask;
    if (sl !== 0 && !(sl > referencePoints && sl > close)) return 'stop_loss_side';
    if (tp !== 0 && !(tp > 0 && tp < referencePoints && tp < close)) return 'take_profit_side';
  }
  return 'ok';
}

/** The contract terms the money rules need from an instrument. */
export interface TradingTerms {
  /** Decimal places of the price (`PricePrecision`): points = price × 10^precision. */
  readonly precision: number;
  /** Units of the base per lot (`ForexContNum`): 100,000 for forex, 100 oz for gold, 1 for index CFDs. An integer. */
  readonly contractSize: bigint | number;
  /** `MarginMode`: 1 fixed margin of lots × contractSize USD; any other value (2) lots × contractSize × price ÷ leverage. */
  readonly marginMode: number;
  /** `ForexFeeRate`, parsed once by parseRate: USD per lot when trade_fee_type is 1, else a fraction of margin. */
  readonly feeRate: DecimalRate;
  /** `CategoryId`, where known: decides the pip's size (pipPoints); without it the forex rule applies. */
  readonly categoryId?: number;
}

/** The money terms as an instrument publishes them (its row, or the trade list's fields): the fee rate still as text. */
export interface PublishedTerms extends Omit<TradingTerms, 'feeRate'> {
  readonly feeRate: string;
}

/** The terms the money rules take, the fee rate parsed once; throws when it is not a decimal (see parseRate). */
export function tradingTerms(published: PublishedTerms): TradingTerms {
  return { ...published, feeRate: parseRate(published.feeRate) };
}

/**
 * Margin to open `size` at `pricePoints` (the fill price), in USD micros, rounded to 6 places half up:
 * size × contractSize × price ÷ leverage in the quote currency, converted at `rate` (see conversionRate: for USD/XXX
 * pass the rate at the fill price); or size × contractSize USD when marginMode is 1 (no price, leverage or rate).
 * 1 lot EURUSD 1.08500 at 1:100 → 1085 USD; 1 lot USDJPY 150.000 at 1:100 → 1000 USD.
 */
export function requiredMargin(terms: TradingTerms, size: Lots, pricePoints: number, leverage: number, rate: Rate): Micros {
  const units = size * BigInt(terms.contractSize);
  if (terms.marginMode === 1) return micros(divideRounded(units * MICROS_PER_UNIT, LOT_SCALE, 'half_up'));
  if (!(leverage > 0)) throw new RangeError(`leverage must be positive: ${leverage}`);
  return quoteToUsd(units * BigInt(pricePoints), LOT_SCALE * pow10n(terms.precision) * BigInt(leverage), rate, 'half_up');
}

/**
 * The fee for opening `size`, in USD micros, rounded to 6 places half up: size × feeRate (USD per lot) when `feeType`
 * (trade_fee_type) is 1, else margin × feeRate. Kept on close, returned on cancel (DESIGN §5).
 */
export function tradeFee(terms: TradingTerms, size: Lots, margin: Micros, feeType: number): Micros {
  if (feeType === 1) {
    return micros(divideRounded(size * terms.feeRate * MICROS_PER_UNIT, LOT_SCALE * RATE_SCALE, 'half_up'));
  }
  return micros(divideRounded(margin * terms.feeRate, RATE_SCALE, 'half_up'));
}

/**
 * Profit or loss of `size` from `entryPoints` to `exitPoints`, in USD micros rounded to 6 places half away from zero
 * (so a buy's P/L is exactly minus the sell's): (exit − entry) × size × contractSize for a buy, the negative for a
 * sell, in the quote currency, converted at `rate`. For a USD/XXX pair pass the rate at the exit price (USDJPY long
 * 1 lot 150.000 → 151.500 = 1,500,000 JPY ÷ 151.5 = +990.099010 USD); for floating P/L, the current closing price.
 */
export function profitLoss(
  terms: TradingTerms,
  side: Side,
  size: Lots,
  entryPoints: number,
  exitPoints: number,
  rate: Rate,
): Micros {
  const move = side === 1 ? BigInt(exitPoints) - BigInt(entryPoints) : BigInt(entryPoints) - BigInt(exitPoints);
  return quoteToUsd(move * size * BigInt(terms.contractSize), LOT_SCALE * pow10n(terms.precision), rate, 'half_away');
}

/**
 * The seeded instrument categories (DESIGN §5) by `CategoryId`: beyond the price's decimals, the category decides how
 * large a pip is (pipPoints).
 */
export const PIP_CATEGORY = { forex: 1, metals: 2, energy: 3, indices: 4, crypto: 5 } as const;

/**
 * Points per pip, always a power of ten. Forex and an instrument of no known category: 10 for prices quoted with 3 or
 * 5 decimals (fractional pips: EURUSD 0.0001, USDJPY 0.01), otherwise 1. Metals: 10 points (XAUUSD 0.10, XAGUSD
 * 0.010). Energy: 1 point (WTI 0.01). Indices: one index point (US30 1.0). Crypto: 100 points, one dollar at two
 * decimals (BTCUSD 1.00, ETHUSD 1.00) and a cent at four (XRPUSD 0.0100): a pip of a cent made a 245 USD stop on
 * 0.1 lot BTCUSD read 24,506 pips and its pip value 0.00 USD.
 */
export function pipPoints(precision: number, categoryId?: number): number {
  if (categoryId === PIP_CATEGORY.metals) return precision >= 1 ? 10 : 1;
  if (categoryId === PIP_CATEGORY.energy) return 1;
  if (categoryId === PIP_CATEGORY.indices) return 10 ** precision;
  if (categoryId === PIP_CATEGORY.crypto) return 10 ** Math.min(precision, 2);
  return precision === 3 || precision === 5 ? 10 : 1;
}

/**
 * The USD value of a one-pip move of `size`, in micros rounded to 6 places half up: pipPoints × 10^−precision ×
 * size × contractSize, converted at `rate`. 1 lot EURUSD → 10 USD; 1 lot USDJPY at 150.000 → 6.666667 USD; 1 lot
 * BTCUSD (category 5) → 1 USD. The pip follows `terms.categoryId` (pipPoints).
 */
export function pipValue(terms: TradingTerms, size: Lots, rate: Rate): Micros {
  const units = BigInt(pipPoints(terms.precision, terms.categoryId)) * size * BigInt(terms.contractSize);
  return quoteToUsd(units, LOT_SCALE * pow10n(terms.precision), rate, 'half_up');
}
