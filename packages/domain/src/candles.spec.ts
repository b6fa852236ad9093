import { describe, expect, it } from 'vitest';
import { aggregateCandles, applyPrice, bucketStart, type Candle } from './candles.ts';
import { percentChange, pointsToPrice, priceToPoints } from './price.ts';

/** A small deterministic generator, so the property runs are repeatable. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('candles', () => {
  it('puts a tick in the bar whose open time contains it', () => {
    const ms = Date.parse('2026-01-14T12:34:56.789Z');
    expect(new Date(bucketStart('1min', ms) * 1000).toISOString()).toBe('2026-01-14T12:34:00.000Z');
    expect(new Date(bucketStart('5min', ms) * 1000).toISOString()).toBe('2026-01-14T12:30:00.000Z');
    expect(new Date(bucketStart('15min', ms) * 1000).toISOString()).toBe('2026-01-14T12:30:00.000Z');
    expect(new Date(bucketStart('30min', ms) * 1000).toISOString()).toBe('2026-01-14T12:30:00.000Z');
    expect(new Date(bucketStart('60min', ms) * 1000).toISOString()).toBe('2026-01-14T12:00:00.000Z');
    expect(bucketStart('1day', ms, Date.parse('2026-01-13T22:00:00Z'))).toBe(Date.parse('2026-01-13T22:00:00Z') / 1000);
  });

  it('opens, extends and closes bars, refusing a price for an older bar', () => {
    let c = applyPrice(undefined, 60, 100, 1);
    c = applyPrice(c, 60, 105, 2);
    c = applyPrice(c, 60, 98, 1);
    c = applyPrice(c, 60, 101, 1);
    expect(c).toEqual({ time: 60, open: 100, high: 105, low: 98, close: 101, volume: 5 });
    expect(applyPrice(c, 0, 50, 1)).toBe(c);
    expect(applyPrice(c, 120, 102, 1)).toEqual({ time: 120, open: 102, high: 102, low: 102, close: 102, volume: 1 });
  });

  it('gives candles consistent across periods for any tick sequence (property, 200 random runs)', () => {
    const periods = ['5min', '15min', '30min', '60min', '4hour'] as const;
    for (let run = 0; run < 200; run++) {
      const rnd = lcg(run + 1);
      const start = Date.parse('2026-01-14T00:00:00Z') + Math.floor(rnd() * 3_600_000);
      const n = 1 + Math.floor(rnd() * 400);
      let t = start;
      let price = 100_000;
      const direct = new Map<string, Candle[]>();
      const ones: Candle[] = [];
      for (let i = 0; i < n; i++) {
        t += Math.floor(rnd() * 120_000);
        price += Math.round((rnd() - 0.5) * 50);
        const vol = Math.floor(rnd() * 3);
        const push = (list: Candle[], bucket: number) => {
          const last = list[list.length - 1];
          const next = applyPrice(last, bucket, price, vol);
          if (next !== last) {
            if (last && next.time === last.time) list[list.length - 1] = next;
            else list.push(next);
          }
        };
        push(ones, bucketStart('1min', t));
        for (const p of periods) {
          const list = direct.get(p) ?? [];
          push(list, bucketStart(p, t));
          direct.set(p, list);
        }
      }
      for (const p of periods) {
        const fromOnes = aggregateCandles(ones, (s) => bucketStart(p, s * 1000));
        expect(fromOnes).toEqual(direct.get(p));
      }
      for (const c of ones) {
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
      }
    }
  });
});

describe('prices in points', () => {
  it.each([
    ['1.08345', 5, 108345],
    ['150.123', 3, 150123],
    ['43210.0', 2, 4321000],
    ['1.083456', 5, 108346],
    ['1.083454', 5, 108345],
    ['2650.5', 2, 265050],
  ])('parses %s at precision %d as %d', (text, precision, points) => {
    expect(priceToPoints(text, precision)).toBe(points);
  });

  it('prints points back exactly', () => {
    expect(pointsToPrice(108345, 5)).toBe(1.08345);
    expect(pointsToPrice(150123, 3)).toBe(150.123);
    expect(String(pointsToPrice(110000, 5))).toBe('1.1');
  });

  it('computes the percent change to 2 decimals', () => {
    expect(percentChange(108000, 108540)).toBe(0.5);
    expect(percentChange(100, 99)).toBe(-1);
    expect(percentChange(0, 5)).toBe(0);
  });
});
