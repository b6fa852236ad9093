import { describe, expect, it } from 'vitest';
import { stepInstrument } from './stopout-steps.ts';

const items = [
  { Code: 'BTCUSD', ShowCode: 'BTC/USD', PricePrecision: 2 },
  { Code: 'USOIL', ShowCode: 'WTI', PricePrecision: 2 },
];

describe('a stop-out step’s instrument (issue 33)', () => {
  it('shows the display code the app uses, with the instrument’s digits', () => {
    expect(stepInstrument(items, 'BTCUSD', 90_000)).toEqual({ name: 'BTC/USD', precision: 2 });
    expect(stepInstrument(items, 'USOIL', 70.5)).toEqual({ name: 'WTI', precision: 2 });
  });

  it('falls back to the code and the price’s own digits for an instrument not in the list', () => {
    expect(stepInstrument(items, 'XAUUSD', 2650.25)).toEqual({ name: 'XAUUSD', precision: 2 });
    expect(stepInstrument(undefined, 'EURUSD', 1.085)).toEqual({ name: 'EURUSD', precision: 3 });
  });
});
