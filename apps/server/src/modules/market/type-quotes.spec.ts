import { describe, expect, it } from 'vitest';
import type { DayMarketMessage } from '@tradepad/contracts';
import { DEFAULT_ACCOUNT_TERMS } from '@tradepad/domain';
import type { CachedType } from '../account-types/account-types.service.ts';
import { typeQuoteVariants, withMarkup } from './type-quotes.ts';

const quote = (bid: number, ask: number): DayMarketMessage => ({
  type: 'DAY_MARKET',
  symbol: 'EURUSD',
  quotation: { forex_id: 1, open: 1.085, high: 1.088, low: 1.084, close: bid, bid, ask, change: 0.1, volume: 5, time: 1 },
});

describe('withMarkup', () => {
  it('lowers the bid and the day’s bid-based figures and raises the ask by the markup, in the instrument’s digits', () => {
    expect(withMarkup(quote(1.087, 1.0871), 5, 5)!.quotation).toEqual({
      forex_id: 1,
      open: 1.08495,
      high: 1.08795,
      low: 1.08395,
      close: 1.08695,
      bid: 1.08695,
      ask: 1.08715,
      change: 0.1,
      volume: 5,
      time: 1,
    });
  });

  it('leaves nothing when no bid would be left, or the instrument is unknown', () => {
    expect(withMarkup(quote(0.00003, 0.00005), 5, 5)).toBeUndefined();
    expect(withMarkup(quote(1.087, 1.0871), 5, undefined)).toBeUndefined();
  });
});

describe('typeQuoteVariants', () => {
  const types = new Map<number, number>([
    [1, 0],
    [2, 5],
  ]);
  const typeOf = (id: number | null): CachedType =>
    ({ id: id ?? 1, terms: { ...DEFAULT_ACCOUNT_TERMS, spreadMarkup: types.get(id ?? 1) ?? 0 } }) as CachedType;
  const variants = typeQuoteVariants({ type: typeOf, typeOfUser: () => Promise.resolve(2) }, () => 5);

  it('varies the quote channel only, by the user’s type', async () => {
    expect(variants.varies('DAY_MARKET')).toBe(true);
    expect(variants.varies('KLINE.EURUSD')).toBe(false);
    expect(variants.ofUser({ id: 7, account_type_id: 2 })).toBe(2);
    expect(variants.ofUser({ id: 7, account_type_id: null })).toBe(0);
    expect(await variants.reread(7)).toBe(2);
  });

  it('reads a quote as published without markup (the default, a visitor) and with its markup otherwise', () => {
    const m = quote(1.087, 1.0871);
    expect(variants.render(0, 'DAY_MARKET', m)).toBeNull();
    expect(variants.render(1, 'DAY_MARKET', m)).toBeNull();
    expect(variants.render(2, 'DAY_MARKET', m)).toMatchObject({ quotation: { bid: 1.08695, ask: 1.08715 } });
    // The channel's other message (FEED_STATUS) reads the same for everyone.
    expect(variants.render(2, 'DAY_MARKET', { type: 'FEED_STATUS', live: false })).toBeNull();
  });

  it('gives visitors the default type’s markup when the default has one', () => {
    types.set(1, 2);
    expect(variants.render(0, 'DAY_MARKET', quote(1.087, 1.0871))).toMatchObject({ quotation: { bid: 1.08698, ask: 1.08712 } });
    types.set(1, 0);
  });
});
