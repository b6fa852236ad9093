/**
 * Account figures and margin safety (DESIGN §5): equity, margin level (`HazardRate`), margin call, stop-out, and the
 * price at which one position would bring the account to stop-out. Money is Micros (10⁻⁶ USD).
 */
import { divideRounded, pow10n, type Rate } from './conversion.ts';
import type { Lots } from './lots.ts';
import { MICROS_PER_UNIT, micros, type Micros } from './money.ts';
import type { Side, TradingTerms } from './trading.ts';

/** An account's money, all in USD micros. */
export interface AccountFigures {
  /** Cash: the balance after margin and fees were taken (DESIGN §5). */
  readonly balance: Micros;
  /** Margin held by open positions and pending orders. */
  readonly usedMargin: Micros;
  /** Sum of the open positions' P/L at their current closing prices. */
  readonly floating: Micros;
  /**
   * Credit (issue 32, DESIGN §16 "Credit"): bonuses in their own balance, counted in equity for margin, never
   * withdrawable. Absent is none.
   */
  readonly credit?: Micros;
}

/**
 * Equity in USD micros = balance + used margin + floating P/L + credit (the balance already had the margin taken out;
 * MT5's equity = balance + floating + credit, DESIGN §17).
 */
export const equity = (account: AccountFigures): Micros =>
  micros(account.balance + account.usedMargin + account.floating + (account.credit ?? 0n));

/**
 * Free margin in USD micros: what a new commitment (an order's margin and fee, a withdrawal) may take, and the one
 * figure every screen shows under that name. Free margin = cash + floating loss = equity − used margin − floating
 * profit, never below zero: a floating loss already spends part of the cash, a floating profit is not spendable until
 * it is realised. The engine refuses an order whose margin + fee exceed it, the wallet a withdrawal above it, and the
 * account summary and the order ticket show it, so what a trader sees is what the engine enforces. Spending no more
 * than this keeps the margin level at or above 100 %.
 *
 * `balance` is the cash (the ledger's cash account, margin and fees already taken out); `floating` the open
 * positions' P/L at their current closing prices. Both USD micros.
 *
 * Credit (when given) counts for margin the one way the ledger allows: it absorbs a floating loss, so free margin =
 * min(cash, cash + credit + floating loss). It never raises free margin above the cash, because an order's margin and
 * fee are taken out of the cash account (which never goes below zero). A withdrawal passes no credit: see
 * {@link withdrawableCash}.
 */
export function freeMargin(account: Pick<AccountFigures, 'balance' | 'floating' | 'credit'>): Micros {
  const loss = account.floating < 0n ? account.floating : 0n;
  const covered = loss + (account.credit ?? 0n);
  const free = account.balance + (covered < 0n ? covered : 0n);
  return micros(free > 0n ? free : 0n);
}

/**
 * What a withdrawal (or a staff debit of cash) may take, USD micros: the cash less any floating loss, credit never
 * counted (DESIGN §16: credit is never withdrawable and a withdrawal never takes it, so a floating loss the credit
 * would cover still holds the cash back).
 */
export const withdrawableCash = (account: Pick<AccountFigures, 'balance' | 'floating'>): Micros =>
  freeMargin({ balance: account.balance, floating: account.floating });

/** What the margin level is computed from. */
export interface MarginState {
  readonly equity: Micros;
  readonly usedMargin: Micros;
}

/** Percent as an integer of 0.01 % (basis points of one percent): 50 % is 5000n. */
const percentToHundredths = (percent: number): bigint => BigInt(Math.round(percent * 100));

/**
 * The margin level in hundredths of a percent, exact and rounded toward −∞ (so it never looks safer than it is):
 * equity ÷ used margin × 100 × 100. 0n when nothing is open (used margin 0).
 */
export function marginLevelHundredths(equityMicros: Micros, usedMargin: Micros): bigint {
  if (usedMargin <= 0n) return 0n;
  return divideRounded(equityMicros * 10_000n, usedMargin, 'floor');
}

/**
 * The margin level (`HazardRate`) as a percent with 2 decimals, rounded toward −∞: equity ÷ used margin × 100.
 * 0 when nothing is open. A level of exactly 0 with positions open (equity under 0.01 % of the margin) cannot be told
 * apart from "nothing open" in this form; decisions should pass the {@link MarginState} to isMarginCall/isStopOut.
 */
export function marginLevel(equityMicros: Micros, usedMargin: Micros): number {
  return Number(marginLevelHundredths(equityMicros, usedMargin)) / 100;
}

function levelAtMost(level: number | MarginState, percent: number): boolean {
  if (typeof level === 'number') return level !== 0 && level <= percent;
  if (level.usedMargin <= 0n) return false;
  return level.equity * 10_000n <= percentToHundredths(percent) * level.usedMargin;
}

/**
 * Whether the account is in margin call: the level is at or below `callLevel` percent (default 100). Given the
 * {@link MarginState} the comparison is exact; given a level from marginLevel it may fire up to 0.01 % early. Nothing
 * open (used margin 0, level 0) never triggers.
 */
export const isMarginCall = (level: number | MarginState, callLevel = 100): boolean => levelAtMost(level, callLevel);

/**
 * Whether the account must be stopped out: the level is at or below `stopOutLevel` percent (default 50). Exact given
 * the {@link MarginState}; nothing open (used margin 0, level 0) never triggers.
 */
export const isStopOut = (level: number | MarginState, stopOutLevel = 50): boolean => levelAtMost(level, stopOutLevel);

/** An open position as the stop-out estimate sees it. */
export interface PositionAtMarket {
  readonly side: Side;
  readonly lots: Lots;
  /** The position's current closing price in points (bid for a long, ask for a short). */
  readonly closePrice: number;
}

/**
 * The closing price in points at which the account's margin level would reach `stopOutLevel` (default 50 %) if only
 * this position's price moved. Equity already includes the position's P/L at its current closing price, so only the
 * slope matters: each point moves equity by lots × contractSize × 10^−precision × rate USD.
 *
 * Approximation: the conversion `rate` is held constant (for USD/XXX pairs, whose rate is 1 ÷ price, and for crosses
 * the true stop-out price differs slightly), as are all other positions and the used margin.
 *
 * Rounded to the safe side, toward the current price: at the returned price the level is still at or just above the
 * stop-out level, one point further it is below. Returns the current price when the level is already at or below
 * stop-out; null when it cannot be reached: nothing open, no size, or a long that would need a price at or below 0
 * (or a short beyond the safe integer range).
 */
export function stopOutPrice(
  position: PositionAtMarket,
  terms: TradingTerms,
  rate: Rate,
  account: MarginState,
  stopOutLevel = 50,
): number | null {
  if (account.usedMargin <= 0n || position.lots <= 0n || rate.num <= 0n) return null;
  // Equity above the stop-out equity, in 10⁻⁴ micros: equity × 10⁴ − level% × 100 × used margin.
  const headroom = account.equity * 10_000n - percentToHundredths(stopOutLevel) * account.usedMargin;
  if (headroom <= 0n) return position.closePrice;
  // Points to move = (headroom ÷ 10⁴) ÷ (USD micros per point), and micros per point is
  // lots × contractSize × rate.num × 10⁶ ÷ (10⁴ × 10^precision × rate.den); the 10⁴ cancel. Both sides are
  // positive, so bigint division floors: the price stays on the near side of the exact one.
  const slope = position.lots * BigInt(terms.contractSize) * rate.num * MICROS_PER_UNIT;
  if (slope <= 0n) return null;
  const points = (headroom * pow10n(terms.precision) * rate.den) / slope;
  const price = position.side === 1 ? BigInt(position.closePrice) - points : BigInt(position.closePrice) + points;
  // price ≤ 0 exactly when the exact stop-out price is at or below 0: a long can never fall that far.
  if (price <= 0n || price > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(price);
}
