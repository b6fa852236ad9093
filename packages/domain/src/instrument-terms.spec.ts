import { describe, expect, it } from 'vitest';
import { instrumentTermsProblem } from './instrument-terms.ts';

describe('instrumentTermsProblem', () => {
  const ok = { minLots: '0.01', maxLots: '50', lotStep: '0.01' };
  it('accepts sound terms, a single valid size included', () => {
    expect(instrumentTermsProblem(ok)).toBeNull();
    expect(instrumentTermsProblem({ minLots: '1', maxLots: '1', lotStep: '0.5' })).toBeNull();
  });
  it('refuses a zero step, sizes off the step, and a minimum above the maximum', () => {
    expect(instrumentTermsProblem({ ...ok, lotStep: '0' })).toBe('lot_step');
    expect(instrumentTermsProblem({ ...ok, minLots: '0' })).toBe('min_lots');
    expect(instrumentTermsProblem({ ...ok, minLots: '0.015' })).toBe('min_lots');
    expect(instrumentTermsProblem({ ...ok, maxLots: '50.005' })).toBe('max_lots');
    expect(instrumentTermsProblem({ ...ok, minLots: '60' })).toBe('lots_order');
    expect(instrumentTermsProblem({ minLots: '0.1', maxLots: '10', lotStep: '0.03' })).toBe('min_lots');
  });
});
