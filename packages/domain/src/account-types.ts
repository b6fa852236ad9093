/**
 * Account types (DESIGN §16, MT5's groups): the published terms a trader's account follows. A type adds a spread
 * markup on top of the instrument's published quote (§14 pricing), charges a commission per lot and side, may waive
 * the margin fee, caps the leverage, sets its own margin-call and stop-out levels, counts floating profit in the free
 * margin or not, waives swaps, and reserves a pending order's margin at placement or only at its fill.
 * Prices are integer points, money USD micros (10⁻⁶), sizes Lots (10⁻⁴ lot); nothing here is a binary float.
 */
import { divideRounded } from './conversion.ts';
import { LOT_SCALE, type Lots } from './lots.ts';
import { micros, parseMoney, type Micros } from './money.ts';
import type { BidAsk, Side } from './trading.ts';

/** `loss_only`: free margin = cash + floating loss (profit not spendable until realised); `profit_and_loss`: cash + floating. */
export const FREE_MARGIN_MODES = ['loss_only', 'profit_and_loss'] as const;
export type FreeMarginMode = (typeof FREE_MARGIN_MODES)[number];

/** `reserve`: a pending order holds its margin and fee from its placement; `on_fill`: only once it fills. */
export const PENDING_MARGIN_MODES = ['reserve', 'on_fill'] as const;
export type PendingMarginMode = (typeof PENDING_MARGIN_MODES)[number];

/** The largest markup a type may add, in points per side (a typo guard, as for an instrument's markup). */
export const MAX_TYPE_MARKUP_POINTS = 100_000;
/** The largest commission a type may charge, USD per lot per side. */
export const MAX_COMMISSION_PER_LOT = 1_000n;
/** The highest margin-call or stop-out level a type may set, in percent. */
export const MAX_TYPE_LEVEL = 1_000;

/** An account type's terms as the engine applies them. */
export interface AccountTerms {
  /** Points added to each side of the published quote (bid lowered, ask raised). */
  readonly spreadMarkup: number;
  /** USD micros per lot per side, charged when a position opens and when (any part of) it closes. */
  readonly commissionPerLot: Micros;
  /** Whether the instrument's `ForexFeeRate` fee is charged at all. */
  readonly feeOnMargin: boolean;
  /** The highest leverage a trader of this type may choose; null: the instrument's set, uncapped. */
  readonly maxLeverage: number | null;
  /** Margin call at or below this margin level, percent. */
  readonly marginCallLevel: number;
  /** Stop-out at or below this margin level, percent. */
  readonly stopOutLevel: number;
  readonly freeMarginMode: FreeMarginMode;
  /** No overnight financing at all. */
  readonly swapFree: boolean;
  readonly pendingMargin: PendingMarginMode;
}

/** Today's terms for everyone, which the seeded default type reproduces: nothing changes until a broker adds types. */
export const DEFAULT_ACCOUNT_TERMS: AccountTerms = Object.freeze({
  spreadMarkup: 0,
  commissionPerLot: micros(0),
  feeOnMargin: true,
  maxLeverage: null,
  marginCallLevel: 100,
  stopOutLevel: 50,
  freeMarginMode: 'loss_only',
  swapFree: false,
  pendingMargin: 'reserve',
});

/**
 * The quote a type's traders see and fill at, in points: the published bid − markup and ask + markup. Undefined when
 * the bid would not stay positive (such a type cannot trade the instrument at that price).
 */
export function typeQuote(published: BidAsk, spreadMarkup: number): BidAsk | undefined {
  if (spreadMarkup === 0) return published;
  const bid = published.bid - spreadMarkup;
  return bid > 0 ? { bid, ask: published.ask + spreadMarkup } : undefined;
}

/**
 * Where on the published quote a level set on a type's quote is reached, in points: a level watched on the bid
 * (a long's stop-loss and take-profit, a sell order's trigger) is reached when published bid − markup meets it, so
 * at level + markup; one watched on the ask (a short's stops, a buy order's trigger) at level − markup. The engine's
 * trigger books, keyed on the published quote, are armed at these levels.
 */
export function publishedLevel(level: number, watches: 'bid' | 'ask', spreadMarkup: number): number {
  if (level <= 0 || spreadMarkup === 0) return level;
  return watches === 'bid' ? level + spreadMarkup : level - spreadMarkup;
}

/** Which side of the quote a holding position's stops watch: a long closes at the bid, a short at the ask. */
export const closingSideOf = (side: Side): 'bid' | 'ask' => (side === 1 ? 'bid' : 'ask');
/** Which side a pending order's trigger watches: a buy fills at the ask, a sell at the bid. */
export const fillingSideOf = (side: Side): 'bid' | 'ask' => (side === 1 ? 'ask' : 'bid');

/**
 * The commission for `size` at `perLot` USD micros per lot, in USD micros rounded half up once (one side: an open, or
 * the closing of that size). 0.1 lot at 3.50 USD per lot → 0.35 USD.
 */
export function commissionFor(size: Lots, perLot: Micros): Micros {
  if (perLot <= 0n || size <= 0n) return micros(0);
  return micros(divideRounded(size * perLot, LOT_SCALE, 'half_up'));
}

/** Whether a type allows `leverage` (1:leverage): any, when uncapped. */
export const leverageAllowed = (leverage: number, maxLeverage: number | null): boolean =>
  maxLeverage === null || leverage <= maxLeverage;

/** The leverages of an instrument's set a type offers (the trade list's `Multiple` for that type). */
export const leveragesFor = (leverages: readonly number[], maxLeverage: number | null): number[] =>
  maxLeverage === null ? [...leverages] : leverages.filter((l) => l <= maxLeverage);

/**
 * Free margin in USD micros per the type's mode, never below zero: `loss_only` counts a floating loss but not a
 * profit (see freeMargin in risk.ts), `profit_and_loss` both. `balance` is the cash (margin and fees already out).
 */
export function freeMarginFor(mode: FreeMarginMode, account: { balance: Micros; floating: Micros; credit?: Micros }): Micros {
  const counted = mode === 'profit_and_loss' || account.floating < 0n ? account.floating : 0n;
  // Credit (DESIGN §16) only covers a floating loss: it never raises free margin above what the cash and profit give.
  const loss = account.floating < 0n ? -account.floating : 0n;
  const credit = account.credit ?? 0n;
  const free = account.balance + counted + (credit < loss ? credit : loss);
  return micros(free > 0n ? free : 0n);
}

/** The fee a type charges where the instrument's rule computed `fee`: waived unless `feeOnMargin`. */
export const typeFee = (terms: Pick<AccountTerms, 'feeOnMargin'>, fee: Micros): Micros => (terms.feeOnMargin ? fee : micros(0));

/** A rollover's charge for a type: none when swap-free. */
export const typeSwap = (terms: Pick<AccountTerms, 'swapFree'>, amount: Micros): Micros => (terms.swapFree ? micros(0) : amount);

/** The margin and fee a pending order holds from its placement: all under `reserve`, nothing under `on_fill`. */
export const reservedAtPlacement = (mode: PendingMarginMode): boolean => mode === 'reserve';

/** Why a type's terms are refused, as a message key's last part; `ok` when they hold together. */
export type AccountTermsProblem = 'ok' | 'markup_invalid' | 'commission_invalid' | 'leverage_invalid' | 'levels_invalid';

/**
 * Checks a type's terms: a whole markup from 0 to MAX_TYPE_MARKUP_POINTS, a commission from 0 to
 * MAX_COMMISSION_PER_LOT USD, a leverage cap (if any) a positive whole number, and 0 < stop-out < margin call ≤
 * MAX_TYPE_LEVEL (whole percents).
 */
export function accountTermsCheck(t: AccountTerms): AccountTermsProblem {
  if (!Number.isSafeInteger(t.spreadMarkup) || t.spreadMarkup < 0 || t.spreadMarkup > MAX_TYPE_MARKUP_POINTS)
    return 'markup_invalid';
  if (t.commissionPerLot < 0n || t.commissionPerLot > MAX_COMMISSION_PER_LOT * 1_000_000n) return 'commission_invalid';
  if (t.maxLeverage !== null && !(Number.isSafeInteger(t.maxLeverage) && t.maxLeverage >= 1)) return 'leverage_invalid';
  const { marginCallLevel: call, stopOutLevel: out } = t;
  if (!Number.isSafeInteger(call) || !Number.isSafeInteger(out) || out <= 0 || out >= call || call > MAX_TYPE_LEVEL)
    return 'levels_invalid';
  return 'ok';
}

/** Parses a commission per lot ("3.5", "0") into USD micros; undefined when it is not a decimal of at most 6 places. */
export function parseCommission(text: string): Micros | undefined {
  try {
    return parseMoney(text);
  } catch {
    return undefined;
  }
}
