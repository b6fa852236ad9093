import { describe, expect, it } from 'vitest';
import { ORDER_BUY, ORDER_SELL, STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { breakEvenChange } from './break-even.ts';

type Row = Pick<OrderView, 'Id' | 'Status' | 'OrderType' | 'Price' | 'TargetLossPrice' | 'TrailingDistance'>;
const buy: Row = { Id: 7, Status: STATUS_HOLDING, OrderType: ORDER_BUY, Price: 93_500, TargetLossPrice: 0, TrailingDistance: 0 };
const sell: Row = { ...buy, OrderType: ORDER_SELL };

describe('Break-even (issue 33)', () => {
  it('sends the stop-loss at the entry and nothing else: no trailing_distance=0', () => {
    expect(breakEvenChange(buy, 93_612.5, 2)).toEqual({ id: 7, stop_loss_price: '93500.00' });
    expect(breakEvenChange(sell, 93_400, 2)).toEqual({ id: 7, stop_loss_price: '93500.00' });
  });

  it('is not offered while the market is at or behind the entry (the engine would refuse it)', () => {
    expect(breakEvenChange(buy, 93_500, 2)).toBeNull();
    expect(breakEvenChange(buy, 93_400, 2)).toBeNull();
    expect(breakEvenChange(sell, 93_500, 2)).toBeNull();
    expect(breakEvenChange(sell, 93_612.5, 2)).toBeNull();
    expect(breakEvenChange(buy, undefined, 2)).toBeNull();
  });

  it('is not offered when the stop is already at or past the entry, a trailing stop moves it, or the order is pending', () => {
    expect(breakEvenChange({ ...buy, TargetLossPrice: 93_500 }, 94_000, 2)).toBeNull();
    expect(breakEvenChange({ ...buy, TargetLossPrice: 93_600 }, 94_000, 2)).toBeNull();
    expect(breakEvenChange({ ...sell, TargetLossPrice: 93_400 }, 93_000, 2)).toBeNull();
    expect(breakEvenChange({ ...buy, TrailingDistance: 50 }, 94_000, 2)).toBeNull();
    expect(breakEvenChange({ ...buy, Status: STATUS_PENDING }, 94_000, 2)).toBeNull();
    // A stop below the entry of a buy in profit: offered.
    expect(breakEvenChange({ ...buy, TargetLossPrice: 93_000 }, 94_000, 2)).not.toBeNull();
  });
});
