import { parseLots } from './lots.ts';

/** What is wrong with an instrument's lot terms as a whole, or null when they are sound. */
export type InstrumentTermsProblem = 'lot_step' | 'min_lots' | 'max_lots' | 'lots_order';

/**
 * Lot terms staff set on an instrument, checked together (DESIGN §5: a size is a multiple of the step, at least the
 * minimum and at most the maximum): the step is positive, the minimum and the maximum are positive multiples of the
 * step, and the minimum is not above the maximum, so at least one size is valid.
 */
export function instrumentTermsProblem(t: { minLots: string; maxLots: string; lotStep: string }): InstrumentTermsProblem | null {
  const step = parseLots(t.lotStep);
  const min = parseLots(t.minLots);
  const max = parseLots(t.maxLots);
  if (step <= 0n) return 'lot_step';
  if (min <= 0n || min % step !== 0n) return 'min_lots';
  if (max <= 0n || max % step !== 0n) return 'max_lots';
  if (min > max) return 'lots_order';
  return null;
}
