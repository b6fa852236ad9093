import { describe, expect, it } from 'vitest';
import { atr, stochastic, type HlcBar } from './indicators.ts';

const bar = (high: number, low: number, close: number): HlcBar => ({ high, low, close });
const r4 = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v.toFixed(4)));

/** Worked by hand below each expectation. */
const FIVE = [bar(10, 8, 9), bar(11, 9, 10), bar(12, 9, 11), bar(13, 10, 10), bar(12, 11, 12)];

describe('stochastic (MetaTrader: %K over kPeriod, slowed by sums over `slowing`, %D its simple average)', () => {
  it('fast %K (slowing 1): 100 × (close − lowest low) ÷ (highest high − lowest low)', () => {
    const s = stochastic(FIVE, 3, 2, 1);
    // i2: LL 8, HH 12, close 11 → 75; i3: LL 9, HH 13, close 10 → 25; i4: LL 9, HH 13, close 12 → 75.
    expect(s.map((p) => r4(p?.k))).toEqual([null, null, 75, 25, 75]);
    expect(s.map((p) => r4(p?.d))).toEqual([null, null, null, 50, 50]);
  });

  it('slowing sums numerators and ranges over the last bars (not an average of ratios)', () => {
    const s = stochastic(FIVE, 3, 2, 2);
    // i3: (3 + 1) ÷ (4 + 4) = 50; i4: (1 + 3) ÷ (4 + 4) = 50.
    expect(s.map((p) => r4(p?.k))).toEqual([null, null, null, 50, 50]);
    expect(s.map((p) => r4(p?.d))).toEqual([null, null, null, null, 50]);
  });

  it('reads 50 on a flat stretch, stays within 0–100, and starts at kPeriod + slowing − 2', () => {
    expect(
      stochastic(Array.from({ length: 10 }, () => bar(5, 5, 5)))
        .filter(Boolean)
        .every((p) => p!.k === 50),
    ).toBe(true);
    let x = 100;
    const walk = Array.from({ length: 200 }, (_, i) => {
      x += Math.sin(i * 1.7) * 3;
      return bar(x + 1 + (i % 3), x - 1 - (i % 2), x);
    });
    const s = stochastic(walk, 14, 3, 3);
    expect(s.findIndex((p) => p !== null)).toBe(14 + 3 - 2);
    for (const p of s) {
      if (!p) continue;
      expect(p.k).toBeGreaterThanOrEqual(0);
      expect(p.k).toBeLessThanOrEqual(100);
    }
    expect(stochastic([], 5, 3, 3)).toEqual([]);
    expect(() => stochastic(FIVE, 0)).toThrow(RangeError);
  });
});

describe('atr (Wilder)', () => {
  it('true ranges with gaps, a mean seed and Wilder smoothing', () => {
    const bars = [...FIVE.slice(0, 2), bar(12, 10, 11), bar(15, 11, 14), bar(13, 12, 12.5), bar(20, 19, 19.5)];
    // TR: 2, max(2, 2, 0) = 2, max(2, 1.5, 0.5) = 2 → ATR 2; TR 4 → (2·2 + 4) ÷ 3 = 8/3; TR max(1, 1, 2) = 2 →
    // (16/3 + 2) ÷ 3 = 22/9; a gap up: TR max(1, 7.5, 6.5) = 7.5 → (44/9 + 7.5) ÷ 3 = 111.5/27.
    expect(atr(bars, 3).map(r4)).toEqual([null, null, 2, r4(8 / 3), r4(22 / 9), r4(111.5 / 27)]);
  });

  it('is the range itself on bars of one constant range without gaps, and empty on no bars', () => {
    const bars = Array.from({ length: 30 }, () => bar(11, 9, 10));
    expect(
      atr(bars)
        .slice(13)
        .every((v) => v === 2),
    ).toBe(true);
    expect(
      atr(bars)
        .slice(0, 13)
        .every((v) => v === null),
    ).toBe(true);
    expect(atr([])).toEqual([]);
  });
});
