import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  barsFromCsv,
  buildCalibration,
  CALIBRATED_CODES,
  type CalibratedCode,
  INSTRUMENT_CODES,
  marketStats,
  type MarketStats,
  minuteVol,
  rangeToMoveRatio,
  studentDfForKurtosis,
  studentMeanAbsRatio,
} from './calibration-lib.ts';
import { CALIBRATION } from '../../src/modules/market/calibration.data.ts';
import { INSTRUMENTS } from '../../src/modules/market/instruments.data.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = path.resolve(repoRoot, '../shared/data');
const hasData = CALIBRATED_CODES.every((c) => existsSync(path.join(dataDir, `${c}_M1.csv`)));
const CRYPTO = ['BTCUSD', 'ETHUSD', 'LTCUSD', 'XRPUSD'];

describe('CALIBRATION', () => {
  it('has figures for exactly the seeded instruments', () => {
    expect(Object.keys(CALIBRATION).sort()).toEqual([...INSTRUMENT_CODES].sort());
    expect(INSTRUMENT_CODES).toHaveLength(24);
  });

  it('covers every instrument the server seeds', () => {
    for (const i of INSTRUMENTS) expect(CALIBRATION[i.code], i.code).toBeDefined();
  });

  it.each(INSTRUMENT_CODES)('%s has figures in sane ranges', (code) => {
    const c = CALIBRATION[code]!;
    // 3 %..150 % a year over 260 (crypto 365) days of 24 hours.
    const annual = c.minuteVol * Math.sqrt((CRYPTO.includes(code) ? 365 : 260) * 1440);
    expect(annual).toBeGreaterThan(0.03);
    expect(annual).toBeLessThan(1.5);
    expect(c.hourProfile).toHaveLength(24);
    for (const p of c.hourProfile) {
      expect(p).toBeGreaterThan(0.2);
      expect(p).toBeLessThan(3);
    }
    const rms = Math.sqrt(c.hourProfile.reduce((s, p) => s + p * p, 0) / 24);
    expect(rms).toBeCloseTo(1, 1);
    expect(Number.isInteger(c.ticksPerMinute)).toBe(true);
    expect(c.ticksPerMinute).toBeGreaterThanOrEqual(5);
    expect(c.ticksPerMinute).toBeLessThanOrEqual(300);
    if (CRYPTO.includes(code)) {
      expect(c.weekendGap).toBe(0);
    } else {
      expect(c.weekendGap).toBeGreaterThan(c.minuteVol);
      expect(c.weekendGap).toBeLessThan(0.01);
    }
    expect(c.tailDf).toBeGreaterThan(2);
    expect(c.tailDf).toBeLessThanOrEqual(30);
    expect(c.basis).not.toBe('');
  });

  it('orders volatilities the way markets do', () => {
    const vol = (code: string) => CALIBRATION[code]!.minuteVol;
    expect(vol('EURCHF')).toBeLessThan(vol('EURUSD'));
    expect(vol('EURUSD')).toBeLessThan(vol('XAUUSD'));
    expect(vol('XAUUSD')).toBeLessThan(vol('XAGUSD'));
    expect(vol('SPX500')).toBeLessThan(vol('NAS100'));
    expect(vol('NAS100')).toBeLessThan(vol('BTCUSD'));
    expect(vol('BTCUSD')).toBeLessThan(vol('ETHUSD'));
  });

  it('is listed, figure for figure, in docs/calibration.md', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs/calibration.md'), 'utf8');
    for (const [code, c] of Object.entries(CALIBRATION)) {
      expect(doc).toContain(`| ${code} | ${c.minuteVol} |`);
    }
  });
});

describe('calibration statistics', () => {
  it('inverts the range of a random walk: 1 step, many steps, and the limit of 2', () => {
    expect(rangeToMoveRatio(1)).toBe(1);
    expect(rangeToMoveRatio(2)).toBeCloseTo((1 + Math.SQRT1_2) / Math.SQRT2, 12);
    expect(rangeToMoveRatio(10_000)).toBeCloseTo(2 - 1.4603545 / 100, 4);
  });

  it("matches a Student t's mean |x| ÷ sd and kurtosis", () => {
    expect(studentMeanAbsRatio(3)).toBeCloseTo(2 / Math.PI, 6); // E|T| = 2√3/π, sd = √3
    expect(studentMeanAbsRatio(4)).toBeCloseTo(Math.SQRT1_2, 6); // E|T| = 1, sd = √2
    expect(studentMeanAbsRatio(1000)).toBeCloseTo(Math.sqrt(2 / Math.PI), 3);
    expect(studentDfForKurtosis(9)).toBe(5); // excess 6 = 6/(ν − 4)
  });

  it('measures a series of bars made up here', () => {
    const t0 = Date.parse('2024-01-05T21:58:00Z'); // a Friday
    const closes = [1.1, 1.1011, 1.1, 1.1011];
    const bar = (time: number, open: number, close: number) => ({
      time,
      open,
      high: Math.max(open, close),
      low: Math.min(open, close),
      close,
    });
    const bars = [
      bar(t0, 1.1, closes[0]!),
      bar(t0 + 60_000, closes[0]!, closes[1]!),
      // Weekend: reopens 48 h later, 2.2 % higher.
      bar(t0 + 48 * 3_600_000, 1.1253, 1.1253),
      bar(t0 + 48 * 3_600_000 + 60_000, 1.1253, 1.1264),
    ];
    const s = marketStats(bars);
    expect(s.breaks).toHaveLength(1);
    expect(s.breaks[0]!.openGap).toBeCloseTo(0.0242 / 1.1011, 10);
    expect(s.missingFraction).toBe(0);
    expect(s.bars).toBe(4);
    const r = [Math.log(1.1011 / 1.1), Math.log(1.1264 / 1.1253)];
    const m = (r[0]! + r[1]!) / 2;
    expect(minuteVol(bars)).toBeCloseTo(Math.sqrt((r[0]! - m) ** 2 + (r[1]! - m) ** 2), 12);
  });
});

describe.skipIf(!hasData)('calibration against ../shared/data', () => {
  const stats = {} as Record<CalibratedCode, MarketStats>;
  const bars = (code: string) => barsFromCsv(readFileSync(path.join(dataDir, `${code}_M1.csv`), 'utf8'));

  it("recomputes EURUSD's minuteVol within 1 % of the stored figure", () => {
    const measured = minuteVol(bars('EURUSD'));
    expect(Math.abs(measured / CALIBRATION.EURUSD!.minuteVol - 1)).toBeLessThan(0.01);
  });

  it('regenerates every stored figure exactly (calibration.data.ts has not drifted from the script)', () => {
    for (const code of CALIBRATED_CODES) stats[code] = marketStats(bars(code));
    expect(buildCalibration(stats)).toEqual(CALIBRATION);
  }, 30_000);
});
