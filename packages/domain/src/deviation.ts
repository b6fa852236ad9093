/**
 * "An order is what the trader saw" (DESIGN §12): a market order may carry the price the trader saw (`price_seen`)
 * and a maximum deviation in points; the engine refuses a fill that is worse for the trader than the price seen by
 * more than that. Prices here are integer points (see price.ts); sides as in trading.ts.
 */
import type { Side } from './trading.ts';

/**
 * How many points `fillPoints` is worse for the trader than `seenPoints`: a buy pays more (fill − seen), a sell gets
 * less (seen − fill). Negative when the fill is better than the price seen (price improvement).
 */
export function adverseSlippage(side: Side, fillPoints: number, seenPoints: number): number {
  return side === 1 ? fillPoints - seenPoints : seenPoints - fillPoints;
}

/**
 * Whether a market order may fill at `fillPoints` given the price the trader saw and the deviation allowed, both in
 * points: a fill at the price seen, better than it, or worse by at most `deviationPoints` is accepted; worse by more
 * is refused. A fill better than the price seen is never refused, however far (the trader gains).
 */
export function deviationCheck(
  side: Side,
  fillPoints: number,
  seenPoints: number,
  deviationPoints: number,
): 'ok' | 'deviation_exceeded' {
  if (!Number.isSafeInteger(deviationPoints) || deviationPoints < 0) throw new RangeError(`deviation: ${deviationPoints}`);
  return adverseSlippage(side, fillPoints, seenPoints) > deviationPoints ? 'deviation_exceeded' : 'ok';
}
