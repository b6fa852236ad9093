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
