import { describe, expect, it } from 'vitest';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import type { OrderView } from '@tradepad/contracts/trading/constants';
import { dragFigures, levelTitle, lineAt, linesOf, onAxis, pendingTitle, pipsDigits, snapPrice } from './order-lines.ts';

function order(o: Partial<OrderView>): OrderView {
  return {
    Id: 1,
    ForexId: 7,
    OrderType: 1,
    Status: 1,
    Price: 1.1,
    OriginPrice: 1.1,
    TargetLossPrice: 0,
    TargetProfitPrice: 0,
    Quantity: '1',
    ...o,
  } as OrderView;
}

const eurusd = {
  Id: 7,
  PricePrecision: 5,
  ForexContNum: 100_000,
  MarginMode: 2,
  ForexFeeRate: '0',
  BaseCurrency: 'EUR',
  QuoteCurrency: 'USD',
} as TradeItem;
const usdjpy = { ...eurusd, PricePrecision: 3, BaseCurrency: 'USD', QuoteCurrency: 'JPY' } as TradeItem;
const noLookup = () => undefined;

describe('linesOf', () => {
  it("draws a position's entry (fixed) and its levels, a pending order's price, only for the shown instrument", () => {
    const lines = linesOf(
      [
        order({ Id: 3, Status: 0, Price: 0, OriginPrice: 1.09, TargetProfitPrice: 1.12 }),
        order({ Id: 2, TargetLossPrice: 1.09, TargetProfitPrice: 1.11 }),
        order({ Id: 4, ForexId: 8, TargetLossPrice: 1.2 }),
      ],
      7,
    );
    expect(lines.map((l) => [l.key, l.price, l.draggable])).toEqual([
      ['2:entry', 1.1, false],
      ['2:sl', 1.09, true],
      ['2:tp', 1.11, true],
      ['3:pending', 1.09, true],
      ['3:tp', 1.12, true],
    ]);
  });

  it("draws a stop limit's stop (draggable) and its limit (fixed); once triggered, only the limit it became", () => {
    const waiting = order({ Id: 5, Status: 0, Price: 0, OriginPrice: 1.09, Kind: 'buy_stop_limit', StopLimitPrice: 1.088 });
    expect(linesOf([waiting], 7).map((l) => [l.key, l.price, l.draggable])).toEqual([
      ['5:pending', 1.09, true],
      ['5:limit', 1.088, false],
    ]);
    const triggered = { ...waiting, Kind: 'buy_limit' as const, OriginPrice: 1.088 };
    expect(linesOf([triggered], 7).map((l) => [l.key, l.price])).toEqual([['5:pending', 1.088]]);
    expect(onAxis('limit')).toBe(false);
  });

  it.each([
    ['Buy limit', '0.10', undefined, 'Buy limit 0.10'],
    ['Buy stop limit', '0.10', '95,800.00', 'Buy stop limit 0.10 → 95,800.00'],
  ])('labels a pending line %s %s (limit %s) as "%s"', (kind, lots, limit, title) => {
    expect(pendingTitle(kind, lots, limit)).toBe(title);
  });

  it('leaves out closed and cancelled orders and levels that are not set', () => {
    expect(linesOf([order({ Status: 3 }), order({ Id: 2, Status: 4, TargetLossPrice: 1 })], 7)).toEqual([]);
    expect(linesOf([order({})], 7).map((l) => l.kind)).toEqual(['entry']);
  });
});

describe('lineAt', () => {
  const lines = [
    { price: 10, draggable: false },
    { price: 20, draggable: true },
    { price: 22, draggable: true },
  ];
  const yOf = (p: number) => 300 - p * 10;

  it('finds the nearest draggable line within the tolerance, never an entry line', () => {
    expect(lineAt(lines, 100, yOf, 12)).toBe(lines[1]);
    expect(lineAt(lines, 81, yOf, 12)).toBe(lines[2]);
    expect(lineAt(lines, 200, yOf, 12)).toBeNull();
    expect(lineAt(lines, 130, yOf, 12)).toBeNull();
  });

  it('skips lines off the scale', () => {
    expect(lineAt(lines, 100, () => null, 12)).toBeNull();
  });
});

describe('snapPrice', () => {
  it("puts a scale price on the instrument's grid", () => {
    expect(snapPrice(1.0834567, 5)).toBe(1.08346);
    expect(snapPrice(91234.567, 2)).toBe(91234.57);
    expect(snapPrice(-1, 2)).toBeNull();
    expect(snapPrice(null, 2)).toBeNull();
    expect(snapPrice(0.001, 2)).toBeNull();
  });
});

describe('dragFigures', () => {
  const market = { bid: 1.1, ask: 1.10012 };

  it('gives a stop-loss its pips from the closing price and the loss at the level (EURUSD, 1 lot)', () => {
    const f = dragFigures(order({ Price: 1.10012 }), 'sl', 1.099, eurusd, market, noLookup);
    expect(f.pips).toBe(10);
    expect(f.distance).toBe(0.001);
    // (1.09900 − 1.10012) × 100,000 = −112 USD
    expect(f.result).toBe(-112_000_000n);
  });

  it("gives a sell's take-profit the gain, measured from the ask", () => {
    const f = dragFigures(order({ OrderType: 2, Price: 1.1 }), 'tp', 1.098, eurusd, market, noLookup);
    expect(f.pips).toBe(21.2);
    expect(f.result).toBe(200_000_000n);
  });

  it("measures a pending order's price from its fill price and has no result", () => {
    const f = dragFigures(order({ Status: 0, Price: 0, OriginPrice: 1.09 }), 'pending', 1.095, eurusd, market, noLookup);
    expect(f.pips).toBe(51.2);
    expect(f.result).toBeNull();
  });

  it('counts pips by the category: a dollar on BTCUSD, so a 245-dollar stop is 245 pips, not 24,500 (issue 33)', () => {
    const btc = {
      ...eurusd,
      Code: 'BTCUSD',
      PricePrecision: 2,
      CategoryId: 5,
      BaseCurrency: 'BTC',
      QuoteCurrency: 'USD',
    } as TradeItem;
    const f = dragFigures(order({ Price: 95_000 }), 'sl', 94_755, btc, { bid: 95_000, ask: 95_020 }, noLookup);
    expect(f.pips).toBe(245);
  });

  it('converts a USD/XXX result at the level and leaves the pips out without a quote', () => {
    const f = dragFigures(order({ Price: 150 }), 'tp', 151.5, usdjpy, null, noLookup);
    expect(f.pips).toBeNull();
    expect(f.distance).toBeNull();
    expect(f.result).toBe(990_099_010n);
  });

  it('has no result when the quote currency cannot be converted', () => {
    const eurgbp = { ...eurusd, QuoteCurrency: 'GBP' } as TradeItem;
    expect(dragFigures(order({}), 'sl', 1.09, eurgbp, market, noLookup).result).toBeNull();
  });
});

describe('stop-loss and take-profit labels (issue 33)', () => {
  it('keep their price off the axis, in their own label on the line', () => {
    expect(onAxis('sl')).toBe(false);
    expect(onAxis('tp')).toBe(false);
    expect(onAxis('entry')).toBe(true);
    expect(onAxis('pending')).toBe(true);
    expect(levelTitle('SL', '94,133.14')).toBe('SL 94,133.14');
    expect(levelTitle('TP', '96,548.29', '+245.00')).toBe('TP 96,548.29  +245.00');
  });
});

describe('a drop’s distance in pips (issue 33)', () => {
  it('is written with the instrument’s pip digits, as the ticket writes them', () => {
    expect(pipsDigits(245.06, 2, 5)).toBe(2); // BTCUSD: 245.06 pips, not 245.1
    expect(pipsDigits(12.3, 5, 1)).toBe(1); // EURUSD: tenths of a pip
    expect(pipsDigits(20, 5, 1)).toBe(0);
    expect(pipsDigits(3.5, 2, 2)).toBe(1); // gold: a pip of 0.10, so tenths
  });
});
