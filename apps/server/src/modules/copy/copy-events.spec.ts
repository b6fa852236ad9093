import { describe, expect, it } from 'vitest';
import { newestFirst, orderEvents, type CopyEventRow, type CopyOrderFacts } from './copy-events.ts';

const order = (o: Partial<CopyOrderFacts> & { id: number }): CopyOrderFacts => ({
  parent_id: 0,
  copy_of: 7,
  status: 1,
  lots: 1000,
  open_price: 108_500,
  close_price: 0,
  opened_at: 1_000,
  closed_at: 0,
  code: 'EUR/USD',
  precision: 5,
  ...o,
});
const brief = (e: CopyEventRow) => [e.key, e.event, e.order_id, e.price, e.lots, e.created_at];

describe('a copy account’s events read from its orders', () => {
  it('tells an open copy as its fill', () => {
    expect(orderEvents([order({ id: 10 })]).map(brief)).toEqual([['f10', 'fill', 10, 108_500, 1000, 1_000]]);
  });

  it('tells a closed copy as its fill and its close, at the close’s price and time', () => {
    const closed = order({ id: 10, status: 3, close_price: 108_700, closed_at: 5_000 });
    expect(orderEvents([closed]).map(brief)).toEqual([
      ['f10', 'fill', 10, 108_500, 1000, 1_000],
      ['c10', 'close', 10, 108_700, 1000, 5_000],
    ]);
  });

  it('gives a copy partly closed its size at the open, and each part its own row', () => {
    const rows = [
      order({ id: 10, lots: 1500 }),
      order({ id: 12, parent_id: 10, status: 3, lots: 1000, close_price: 108_600, closed_at: 3_000 }),
      order({ id: 14, parent_id: 10, status: 3, lots: 500, close_price: 108_650, closed_at: 4_000 }),
    ];
    expect(orderEvents(rows).map(brief)).toEqual([
      ['f10', 'fill', 10, 108_500, 3000, 1_000],
      ['c12', 'partial', 12, 108_600, 1000, 3_000],
      ['c14', 'partial', 14, 108_650, 500, 4_000],
    ]);
    expect(orderEvents(rows).every((e) => e.provider_order_id === 7 && e.reason === '')).toBe(true);
  });

  it('lists newest first; at one moment a stored skip, then a close, then a fill', () => {
    const at = (key: string, created_at: number, order_id = 0) => ({ key, created_at, order_id }) as CopyEventRow;
    const list = [at('f10', 1_000, 10), at('c10', 5_000, 10), at('e3', 5_000), at('f11', 5_000, 11), at('c11', 5_000, 11)];
    expect(list.sort(newestFirst).map((e) => e.key)).toEqual(['e3', 'c11', 'c10', 'f11', 'f10']);
  });
});
