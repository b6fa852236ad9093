import { describe, expect, it } from 'vitest';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { pickerMatches } from './picker-search.ts';

const gold = { Id: 13, Code: 'XAUUSD', ShowCode: 'XAU/USD' } as TradeItem;
const btc = { Id: 21, Code: 'BTCUSD', ShowCode: 'BTC/USD' } as TradeItem;

describe('the trade screen’s instrument drawer search (issue 33: "gold" found nothing, only "xau")', () => {
  it('lists what the server found by name in the reader’s language', () => {
    const found = new Set([13]);
    expect(pickerMatches(gold, 'gold', found)).toBe(true);
    expect(pickerMatches(gold, '黃金', found)).toBe(true);
    expect(pickerMatches(btc, 'gold', found)).toBe(false);
    expect(pickerMatches(gold, 'gold', new Set())).toBe(false);
  });

  it('still matches codes and display codes on the spot, and an empty search lists all', () => {
    const none = new Set<number>();
    expect(pickerMatches(gold, 'xau', none)).toBe(true);
    expect(pickerMatches(btc, 'btc/usd', none)).toBe(true);
    expect(pickerMatches(btc, ' ', none)).toBe(true);
    expect(pickerMatches(btc, 'eur', none)).toBe(false);
  });
});
