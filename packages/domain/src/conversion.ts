/**
 * Exact arithmetic for money rules (DESIGN §5–6): rounding integer division, exact rational exchange rates, decimal
 * rates parsed once, and conversion of quote-currency amounts to USD (the settlement currency) with ONE final
 * rounding. Everything is bigint; binary floats never touch an amount.
 */
import { MICROS_PER_UNIT, micros, type Micros } from './money.ts';

/** The settlement currency: balances, margin, fees and P/L are all in USD. */
export const SETTLEMENT_CURRENCY = 'USD';

/**
 * How an exact quotient is rounded to an integer: `half_up` ties toward +∞, `half_away` ties away from zero (the two
 * agree on non-negative values), `down` toward zero, `floor` toward −∞, `ceil` toward +∞.
 */
export type Rounding = 'half_up' | 'half_away' | 'down' | 'floor' | 'ceil';

/** n ÷ d rounded as asked; throws RangeError when d is 0. */
export function divideRounded(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d <= 0n) {
    if (d === 0n) throw new RangeError('division by zero');
    n = -n;
    d = -d;
  }
  const q = n / d; // truncated toward zero
  const r = n - q * d; // same sign as n
  if (r === 0n) return q;
  const negative = n < 0n;
  switch (rounding) {
    case 'down':
      return q;
    case 'floor':
      return negative ? q - 1n : q;
    case 'ceil':
      return negative ? q : q + 1n;
    case 'half_away': {
      const twice = (negative ? -r : r) * 2n;
      if (twice < d) return q;
      return negative ? q - 1n : q + 1n;
    }
    case 'half_up': {
      const twice = (negative ? -r : r) * 2n;
      if (negative) return twice > d ? q - 1n : q;
      return twice >= d ? q + 1n : q;
    }
  }
}

const POW10: readonly bigint[] = Array.from({ length: 24 }, (_, k) => 10n ** BigInt(k));

/** 10^k as a bigint (cached for the precisions prices and rates use). */
export const pow10n = (k: number): bigint => POW10[k] ?? 10n ** BigInt(k);

// ---------------------------------------------------------------------------------------------------------------
// Decimal rates (fee rates, withdrawal rates, currency prices from configuration)

declare const decimalRateBrand: unique symbol;
/** A non-negative decimal with at most 8 places, as an integer count of 10⁻⁸ (parseRate('0.001') is 100_000n). */
export type DecimalRate = bigint & { readonly [decimalRateBrand]: true };

/** 10⁸: the scale of a DecimalRate. */
export const RATE_SCALE = 100_000_000n;

const RATE_TEXT = /^(\d{1,12})(?:\.(\d{1,8}))?$/;

/**
 * Parses a decimal string ("3", "0.001", "7.2345") into a DecimalRate, exactly. Throws RangeError on anything else
 * (negative, exponent, more than 8 decimals, empty). Parse once when terms are loaded, not per order.
 */
export function parseRate(text: string): DecimalRate {
  const m = RATE_TEXT.exec(text.trim());
  if (!m) throw new RangeError(`not a rate: ${text}`);
  const [, whole = '0', frac = ''] = m;
  return (BigInt(whole) * RATE_SCALE + BigInt(frac.padEnd(8, '0'))) as DecimalRate;
}

// ---------------------------------------------------------------------------------------------------------------
// Exchange rates to USD

/** An exact rational exchange rate: one unit of a currency is worth num ÷ den USD. `den` is always positive. */
export interface Rate {
  readonly num: bigint;
  readonly den: bigint;
}

/** One USD is worth one USD. */
export const USD_RATE: Rate = Object.freeze({ num: 1n, den: 1n });

/** A price in points at `precision` as an exact rational (108500 at 5 → 108500/10⁵). */
export function rateFromPoints(points: number, precision: number): Rate {
  return { num: BigInt(points), den: pow10n(precision) };
}

/** What the conversion needs to know of a quote: its bid in points and the instrument's price precision. */
export interface RateQuote {
  readonly bid: number;
  readonly precision: number;
}

/** Finds the current quote of an instrument by code ("EURUSD"), or undefined when there is none. */
export type QuoteLookup = (code: string) => RateQuote | undefined;

/**
 * How many USD one unit of `quote` is worth, exactly: 1 for USD; the bid of XXXUSD (GBP → GBPUSD bid); or one over
 * the bid of USDXXX (JPY → 1 ÷ USDJPY bid). Conversion always uses the current bid of the conversion pair.
 * Undefined when neither pair exists or its bid is not positive (no quote yet): never convert at a zero rate.
 */
export function usdRate(quote: string, lookup: QuoteLookup): Rate | undefined {
  if (quote === SETTLEMENT_CURRENCY) return USD_RATE;
  const direct = lookup(quote + SETTLEMENT_CURRENCY);
  if (direct && direct.bid > 0) return rateFromPoints(direct.bid, direct.precision);
  const inverse = lookup(SETTLEMENT_CURRENCY + quote);
  if (inverse && inverse.bid > 0) return { num: pow10n(inverse.precision), den: BigInt(inverse.bid) };
  return undefined;
}

/**
 * The rate for amounts of one instrument's quote currency, when `pricePoints` is the price that matters for it.
 * For a USD/XXX instrument (USDJPY) the instrument's own price is used: the fill price for margin, the exit price
 * for P/L at close, the current closing price for floating P/L (USDJPY 150.000 → 1 JPY = 1/150 USD). Otherwise the
 * same as {@link usdRate} of the quote currency (EURJPY via USDJPY, EURGBP via GBPUSD, GER40 via EURUSD).
 */
export function conversionRate(
  instrument: { readonly base: string; readonly quote: string; readonly precision: number },
  pricePoints: number,
  lookup: QuoteLookup,
): Rate | undefined {
  if (instrument.quote === SETTLEMENT_CURRENCY) return USD_RATE;
  if (instrument.base === SETTLEMENT_CURRENCY) {
    return pricePoints > 0 ? { num: pow10n(instrument.precision), den: BigInt(pricePoints) } : undefined;
  }
  return usdRate(instrument.quote, lookup);
}

/**
 * Converts an exact quote-currency amount of numerator ÷ denominator units into USD micros with a single rounding
 * division: numerator × rate.num × 10⁶ ÷ (denominator × rate.den). `denominator` must be positive.
 */
export function quoteToUsd(numerator: bigint, denominator: bigint, rate: Rate, rounding: Rounding = 'half_away'): Micros {
  return micros(divideRounded(numerator * rate.num * MICROS_PER_UNIT, denominator * rate.den, rounding));
}
