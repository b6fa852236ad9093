import { describe, expect, it } from 'vitest';
import type { OrderView } from '@tradepad/contracts/trading/constants';
import type { DealPage } from '../api/deals.api.ts';
import { idsOf, levelText, stopsEdit, withoutOrders } from './order-changes.ts';

const order = (Id: number, over: Partial<OrderView> = {}): OrderView =>
  ({
    Id,
    ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5, Logo: '' },
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    ...over,
  }) as OrderView;

const page = (ids: number[], total: number): DealPage => ({
  data: ids.map((id) => order(id)),
  total,
  all_fact_profits: '0.00',
  balance: '100.00',
});

describe('withoutOrders', () => {
  const data = { pages: [page([9, 8], 3), page([7], 3)], pageParams: [1, 2] };

  it('drops the closed rows and lowers the total by as many', () => {
    const next = withoutOrders(data, new Set([8, 7, 42]))!;
    expect(next.pages.map((p) => p.data.map((o) => o.Id))).toEqual([[9], []]);
    expect(next.pages.map((p) => p.total)).toEqual([1, 1]);
    expect(idsOf(next)).toEqual(new Set([9]));
  });

  it('keeps the same object when none is listed', () => {
    expect(withoutOrders(data, new Set([1]))).toBe(data);
    expect(withoutOrders(undefined, new Set([1]))).toBeUndefined();
  });
});

describe('stopsEdit', () => {
  const held = order(5, { TargetLossPrice: 1.08, TargetProfitPrice: 1.09 });

  it('sends only the level that changed', () => {
    expect(stopsEdit(held, '1.07900', '1.09000')).toEqual({ kind: 'change', change: { id: 5, stop_loss_price: '1.07900' } });
    expect(stopsEdit(held, '1.08', '1,0950')).toEqual({ kind: 'change', change: { id: 5, target_profit_price: '1.09500' } });
  });

  it('sends both when both changed, and 0 for an emptied field', () => {
    expect(stopsEdit(held, '', '1.1')).toEqual({
      kind: 'change',
      change: { id: 5, stop_loss_price: '0', target_profit_price: '1.10000' },
    });
  });

  it('says when nothing changed or a field is not a price', () => {
    expect(stopsEdit(held, levelText(1.08, 5), levelText(1.09, 5))).toEqual({ kind: 'unchanged' });
    expect(stopsEdit(order(6), '', '')).toEqual({ kind: 'unchanged' });
    expect(stopsEdit(held, 'abc', '')).toEqual({ kind: 'invalid', field: 'stop_loss' });
    expect(stopsEdit(held, '', '-1')).toEqual({ kind: 'invalid', field: 'take_profit' });
  });
});
