import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma } from './indicators.ts';

const round = (v: number | null | undefined, dp = 2) => (v === null || v === undefined ? null : Number(v.toFixed(dp)));
const flat = Array.from({ length: 40 }, () => 1.2345);
/** x_t = 100 + t: a straight line, on which every average lags by a figure worked out by hand below. */
const line = Array.from({ length: 60 }, (_, t) => 100 + t);

/**
 * The 14-day RSI worked example of StockCharts' ChartSchool ("Relative Strength Index (RSI)", its spreadsheet
 * cs-rsi.xls): 33 closes, first RSI 70.53 on the 15th close, then Wilder's smoothing.
 */
const CHARTSCHOOL_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614, 46.282,
  46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521, 45.7137, 46.4515, 45.7835, 45.3548, 44.0288, 44.1783,
  44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];
const CHARTSCHOOL_RSI = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3, 33.08,
  37.77,
];

describe('sma', () => {
  it.each([
    { name: 'hand-worked 3-bar mean', values: [1, 2, 3, 4, 5], period: 3, want: [null, null, 2, 3, 4] },
    { name: 'period 1 is the series', values: [5, 7], period: 1, want: [5, 7] },
    { name: 'fewer bars than the period', values: [1, 2], period: 3, want: [null, null] },
    { name: 'no bars', values: [], period: 3, want: [] },
    { name: 'flat series', values: [2, 2, 2, 2], period: 2, want: [null, 2, 2, 2] },
  ])('$name', ({ values, period, want }) => {
    expect(sma(values, period)).toEqual(want);
  });

  it('refuses a period that is not a positive integer', () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it.each([
    // Seed = mean(1, 2, 3) = 2; k = 2 / (3 + 1) = 0.5; then 4·0.5 + 2·0.5 = 3 and 5·0.5 + 3·0.5 = 4 (by hand).
    { name: 'hand-worked 3-bar EMA', values: [1, 2, 3, 4, 5], period: 3, want: [null, null, 2, 3, 4] },
    // Seed = mean(10, 20) = 15; k = 2/3: 30·2/3 + 15/3 = 25; 0·2/3 + 25/3 = 8.33 (by hand).
    { name: 'hand-worked 2-bar EMA', values: [10, 20, 30, 0], period: 2, want: [null, 15, 25, 8.33] },
    { name: 'fewer bars than the period', values: [1, 2], period: 5, want: [null, null] },
    { name: 'leading gaps are skipped', values: [null, null, 4, 6, 8], period: 2, want: [null, null, null, 5, 7] },
  ])('$name', ({ values, period, want }) => {
    expect(ema(values, period).map((v) => round(v))).toEqual(want);
  });

  it('lags a straight line by (period − 1) ÷ 2, as the simple average does', () => {
    const e = ema(line, 10);
    for (let t = 9; t < line.length; t++) expect(e[t]).toBeCloseTo(line[t]! - 4.5, 9);
  });

  it('is the level itself on a flat series', () => {
    expect(
      ema(flat, 12)
        .slice(11)
        .every((v) => Math.abs(v! - 1.2345) < 1e-12),
    ).toBe(true);
  });
});

describe('bollinger', () => {
  it.each([
    // Wikipedia "Standard deviation", basic example: 2, 4, 4, 4, 5, 5, 7, 9 has mean 5 and population deviation 2.
    {
      name: 'Wikipedia standard-deviation example',
      values: [2, 4, 4, 4, 5, 5, 7, 9],
      period: 8,
      at: 7,
      want: { middle: 5, upper: 9, lower: 1 },
    },
    // Last 3 of 1, 2, 3, 4: mean 3, deviation √(2/3) = 0.8165, ± 2 × 0.8165 (by hand).
    { name: 'hand-worked 3-bar band', values: [1, 2, 3, 4], period: 3, at: 3, want: { middle: 3, upper: 4.63, lower: 1.37 } },
    {
      name: 'flat series: the bands close on the mean',
      values: flat,
      period: 20,
      at: 39,
      want: { middle: 1.23, upper: 1.23, lower: 1.23 },
    },
  ])('$name', ({ values, period, at, want }) => {
    const b = bollinger(values, period, 2)[at]!;
    expect({ middle: round(b.middle), upper: round(b.upper), lower: round(b.lower) }).toEqual(want);
  });

  it('defaults to (20, 2) and is null before 20 bars', () => {
    const b = bollinger(line);
    expect(b.slice(0, 19).every((p) => p === null)).toBe(true);
    // 20 consecutive integers: mean 109.5 at t = 19, population deviation √((20² − 1) ÷ 12) = 5.766.
    expect(b[19]!.middle).toBeCloseTo(109.5, 9);
    expect(b[19]!.upper).toBeCloseTo(109.5 + 2 * Math.sqrt(399 / 12), 9);
    expect(bollinger([1, 2, 3]).every((p) => p === null)).toBe(true);
  });
});

describe('rsi', () => {
  it("matches StockCharts ChartSchool's 14-day worked example to 2 decimals", () => {
    const r = rsi(CHARTSCHOOL_CLOSES, 14);
    expect(r.slice(0, 14).every((v) => v === null)).toBe(true);
    expect(r.slice(14).map((v) => round(v))).toEqual(CHARTSCHOOL_RSI);
  });

  it.each([
    { name: 'fewer bars than the period + 1', values: [1, 2, 3], period: 14, want: [null, null, null] },
    { name: 'exactly period bars: still no change count', values: [1, 2, 3], period: 3, want: [null, null, null] },
    { name: 'only rises: 100', values: [1, 2, 3, 4], period: 3, want: [null, null, null, 100] },
    { name: 'only falls: 0', values: [4, 3, 2, 1], period: 3, want: [null, null, null, 0] },
    // Changes +2, −1: gain 2/2 = 1, loss 1/2 = 0.5, RS 2, RSI 100 − 100/3 = 66.67; then +0: gain 0.5, loss 0.25, same RS.
    { name: 'hand-worked 2-bar RSI', values: [10, 12, 11, 11], period: 2, want: [null, null, 66.67, 66.67] },
  ])('$name', ({ values, period, want }) => {
    expect(rsi(values, period).map((v) => round(v))).toEqual(want);
  });

  it('is 50 on a flat series', () => {
    expect(
      rsi(flat)
        .slice(14)
        .every((v) => v === 50),
    ).toBe(true);
  });
});

describe('macd', () => {
  it('on a straight line: EMA12 lags 5.5 and EMA26 12.5, so MACD = signal = 7 and the histogram 0 (by hand)', () => {
    const m = macd(line);
    expect(m.slice(0, 25).every((p) => p === null)).toBe(true);
    expect(m[25]).toMatchObject({ macd: expect.closeTo(7, 9), signal: null, histogram: null });
    expect(m[32]!.signal).toBeNull();
    expect(m[33]!.signal).toBeCloseTo(7, 9);
    expect(m[59]!.histogram).toBeCloseTo(0, 9);
  });

  it('is zero on a flat series and empty with fewer bars than the slow period', () => {
    const m = macd(flat);
    expect(m[39]!.macd).toBeCloseTo(0, 12);
    expect(m[39]!.histogram).toBeCloseTo(0, 12);
    expect(macd(line.slice(0, 25)).every((p) => p === null)).toBe(true);
  });

  it('takes the fast EMA minus the slow one and signals their EMA', () => {
    const values = CHARTSCHOOL_CLOSES;
    const m = macd(values, 3, 6, 4);
    const f = ema(values, 3);
    const s = ema(values, 6);
    expect(m[5]!.macd).toBeCloseTo(f[5]! - s[5]!, 12);
    const lineValues = m.map((p) => p?.macd ?? null);
    expect(m[20]!.signal).toBeCloseTo(ema(lineValues, 4)[20]!, 12);
  });
});
