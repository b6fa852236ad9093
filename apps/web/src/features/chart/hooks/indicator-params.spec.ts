import { describe, expect, it } from 'vitest';
import { useChartLayout } from './chart-layout.ts';
import { PARAM_SPECS, clampParam, newIndicator, paramsLabel, sanitizeLayout } from './indicator-params.ts';

describe('indicator settings', () => {
  it('keeps a typed value within its range and step', () => {
    const [period] = PARAM_SPECS.ma;
    const deviations = PARAM_SPECS.bb[1]!;
    expect(clampParam(period!, 0)).toBe(1);
    expect(clampParam(period!, 9999)).toBe(500);
    expect(clampParam(period!, 20.6)).toBe(21);
    expect(clampParam(period!, NaN)).toBe(1);
    expect(clampParam(deviations, 2.25)).toBe(2.3);
    expect(clampParam(deviations, 0)).toBe(0.1);
  });

  it('makes a new indicator with its usual settings in a colour not yet used', () => {
    const a = newIndicator('macd', []);
    expect(a).toMatchObject({ type: 'macd', fast: 12, slow: 26, signal: 9 });
    const b = newIndicator('macd', [a]);
    expect(b.color).not.toBe(a.color);
    expect(b.key).not.toBe(a.key);
    expect(paramsLabel(a)).toBe('12, 26, 9');
  });

  it('reads a stored layout back within the schema, dropping what does not fit', () => {
    const layout = sanitizeLayout({
      indicators: [
        { key: 'a', type: 'rsi', color: '#123456', period: 0 },
        { key: 'b', type: 'volume', color: '#123456' },
        { key: 'c', type: 'bb', color: 'red', period: 30 },
      ],
      drawings: [
        { key: 'd', kind: 'trend', color: '#ff0000', points: [{ time: 1, price: 2 }] },
        { key: 'e', kind: 'text', color: '#ff0000', points: [{ time: 1, price: 2 }], text: 'x'.repeat(300) },
      ],
    });
    expect(layout.indicators).toEqual([
      { key: 'a', type: 'rsi', color: '#123456', period: 1 },
      { key: 'c', type: 'bb', color: '#f08c00', period: 30, deviations: 2 },
    ]);
    expect(layout.drawings).toHaveLength(1);
    expect(layout.drawings[0]!.text).toHaveLength(200);
    expect(sanitizeLayout('nonsense')).toEqual({ v: 1, indicators: [], drawings: [] });
  });
});

describe('the layout store', () => {
  it('counts the trader’s changes, not loads (what the saver writes on)', () => {
    const s = useChartLayout.getState();
    s.load(1, { v: 1, indicators: [], drawings: [] });
    const r = useChartLayout.getState().revision;
    s.addIndicator(newIndicator('ma', []));
    const key = useChartLayout.getState().layout.indicators[0]!.key;
    s.updateIndicator(key, { period: 50, type: 'rsi' });
    expect(useChartLayout.getState().layout.indicators[0]).toMatchObject({ type: 'ma', period: 50 });
    s.removeIndicator(key);
    expect(useChartLayout.getState().revision).toBe(r + 3);
    s.load(2, { v: 1, indicators: [], drawings: [] });
    expect(useChartLayout.getState().revision).toBe(r + 3);
  });
});
