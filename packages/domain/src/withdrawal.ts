/**
 * Withdrawal fee and received amount (DESIGN §6). The amount is in USD micros (10⁻⁶ USD); the received amount is in
 * the withdrawal currency, rounded down to 2 places and never negative.
 */
import { divideRounded, RATE_SCALE, type DecimalRate } from './conversion.ts';
import { MICROS_PER_UNIT, micros, type Micros } from './money.ts';

/** A withdrawal channel's fee terms. */
export interface WithdrawalFeeTerms {
  /** 1: a fixed fee of `drawRate` USD; anything else: `drawRate` as a fraction of the amount. */
  readonly feeType: number;
  /** Parsed once by parseRate: a USD amount ('5') when feeType is 1, else a fraction ('0.01' is 1 %). */
  readonly drawRate: DecimalRate;
}

/** The fee on withdrawing `amount`, in USD micros rounded to 6 places half up (a fixed fee, or drawRate × amount). */
export function withdrawalFee(amount: Micros, terms: WithdrawalFeeTerms): Micros {
  const numerator = terms.feeType === 1 ? terms.drawRate * MICROS_PER_UNIT : amount * terms.drawRate;
  return micros(divideRounded(numerator, RATE_SCALE, 'half_up'));
}

/** 10⁴ micros: the step of an amount rounded to 2 places. */
const CENT = 10_000n;

/**
 * What the user receives, in micros of the withdrawal currency: (amount − fee) × usdPrice (units of that currency one
 * USD buys, parsed by parseRate; '1' for USDT), rounded down to 2 places with one division, and 0 when the fee eats
 * the amount.
 */
export function withdrawalReceived(amount: Micros, fee: Micros, usdPrice: DecimalRate): Micros {
  const net = amount - fee;
  if (net <= 0n || usdPrice <= 0n) return micros(0n);
  return micros(divideRounded(net * usdPrice, RATE_SCALE * CENT, 'floor') * CENT);
}

/**
 * What a deposit of `amount` (micros of its currency) credits in USD micros: amount ÷ usdPrice (units of the currency
 * one USD buys), rounded down so the house never credits a fraction more than it received.
 */
export function depositCredit(amount: Micros, usdPrice: DecimalRate): Micros {
  if (amount <= 0n || usdPrice <= 0n) return micros(0n);
  return micros(divideRounded(amount * RATE_SCALE, usdPrice, 'floor'));
}

/** A channel's limits on an amount: decimal places, minimum and maximum (0 = none), in micros. */
export interface AmountRule {
  readonly precision: number;
  readonly min: Micros;
  readonly max: Micros;
}

export type AmountCheck =
  | { readonly ok: true; readonly amount: Micros }
  | { readonly ok: false; readonly reason: 'invalid' | 'precision' | 'below_min' | 'above_max' };

/**
 * Reads a user's amount ("12.5") against a channel's rule: positive, at most `precision` decimals (and 6, the
 * ledger's), at least `min`, at most `max` when it is not 0.
 */
export function checkAmount(text: string, rule: AmountRule): AmountCheck {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) return { ok: false, reason: 'invalid' };
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > Math.min(rule.precision, 6)) return { ok: false, reason: 'precision' };
  const amount = micros(BigInt(m[1]!) * MICROS_PER_UNIT + BigInt(frac.slice(0, 6).padEnd(6, '0')));
  if (amount <= 0n) return { ok: false, reason: 'invalid' };
  if (amount < rule.min) return { ok: false, reason: 'below_min' };
  if (rule.max > 0n && amount > rule.max) return { ok: false, reason: 'above_max' };
  return { ok: true, amount };
}
