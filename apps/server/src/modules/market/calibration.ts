import { CALIBRATION } from './calibration.data.ts';
import type { SimParams } from './simulator.ts';

/** Calibrated simulator figures per instrument code (see docs/calibration.md); a cautious default for others. */
export function calibrationFor(code: string): SimParams {
  return CALIBRATION[code] ?? DEFAULT_CALIBRATION;
}

const FLAT = Array.from({ length: 24 }, () => 1);
export const DEFAULT_CALIBRATION: SimParams = {
  minuteVol: 0.0002,
  hourProfile: FLAT,
  ticksPerMinute: 60,
  weekendGap: 0.001,
  tailDf: 4,
};
