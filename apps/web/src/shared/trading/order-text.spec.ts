import { describe, expect, it } from 'vitest';
import { STATUS_CANCELLED, STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING } from '@tradepad/contracts/trading/constants';
import { exitPriceOf, isCancelled } from './order-text.ts';

describe('the price after the arrow in History (issue 33)', () => {
  it('a cancelled order has none: its row reads "93,500.00", not "93,500.00 → 0.00"', () => {
    expect(exitPriceOf({ Status: STATUS_CANCELLED }, 0)).toBeNull();
    // Even if a stale live price is around, a cancelled order never filled.
    expect(exitPriceOf({ Status: STATUS_CANCELLED }, 93_400)).toBeNull();
    expect(isCancelled({ Status: STATUS_CANCELLED })).toBe(true);
  });

  it('a closed order shows its close price, an open or pending one the market', () => {
    expect(exitPriceOf({ Status: STATUS_CLOSED }, 93_612.5)).toBe(93_612.5);
    expect(exitPriceOf({ Status: STATUS_HOLDING }, 1.085)).toBe(1.085);
    expect(exitPriceOf({ Status: STATUS_PENDING }, 0)).toBeNull();
    expect(isCancelled({ Status: STATUS_CLOSED })).toBe(false);
  });
});
