import { describe, expect, it } from 'vitest';
import {
  clientTradeSide,
  formatQty,
  hedgedPosition,
  hedgeForFill,
  hedgeForNet,
  hedgeLimitPrice,
  hedgeStatusOfReport,
  isFinalHedgeStatus,
  lotsTextOfQty,
  parseQty,
  qtyOfLots,
  type ClientFillKind,
} from './hedging.ts';
import { lots, parseLots } from './lots.ts';

const EURUSD = { contractSize: 100_000, tolerance: 20, thresholdLots: parseLots('1') };

describe('a hedge order follows the client trade', () => {
  it.each<[ClientFillKind, 1 | 2, 1 | 2]>([
    ['open', 1, 1],
    ['open', 2, 2],
    ['pending_fill', 1, 1],
    ['pending_fill', 2, 2],
    ['stop_close', 1, 2],
    ['stop_close', 2, 1],
    ['close', 1, 2],
    ['close', 2, 1],
    ['partial_close', 1, 2],
    ['stop_out', 1, 2],
    ['stop_out', 2, 1],
    ['desk_close', 2, 1],
  ])('%s of a position on side %i trades side %i', (kind, position, trade) => {
    expect(clientTradeSide(kind, position)).toBe(trade);
  });

  it('asks the fill price plus the tolerance to buy and minus it to sell, never below one point', () => {
    expect(hedgeLimitPrice(1, 108_345, 20)).toBe(108_365);
    expect(hedgeLimitPrice(2, 108_345, 20)).toBe(108_325);
    expect(hedgeLimitPrice(2, 5, 20)).toBe(1);
    expect(hedgeLimitPrice(1, 108_345, 0)).toBe(108_345);
    expect(() => hedgeLimitPrice(1, 1, -1)).toThrow(RangeError);
  });

  it('"all": one order per fill in base units (lots × contract size), exactly', () => {
    expect(hedgeForFill({ kind: 'open', positionSide: 1, lots: parseLots('0.25'), price: 108_345 }, EURUSD)).toEqual({
      side: 1,
      qty: qtyOfLots(parseLots('0.25'), 100_000),
      limit: 108_365,
    });
    const close = hedgeForFill({ kind: 'partial_close', positionSide: 1, lots: parseLots('0.01'), price: 108_300 }, EURUSD);
    expect(close.side).toBe(2);
    expect(formatQty(close.qty)).toBe('1000');
    expect(close.limit).toBe(108_280);
    // A crypto lot of one coin: 0.0001 lot is 0.0001 coin.
    expect(formatQty(qtyOfLots(lots(1), 1))).toBe('0.0001');
  });
});

describe('"net": the clients net position against the hedged one', () => {
  const net = (clientNetLots: string, hedged: string, threshold = '1') =>
    hedgeForNet({
      clientNetLots: parseLots(clientNetLots.replace('-', '')) * (clientNetLots.startsWith('-') ? -1n : 1n),
      hedgedQty: parseQty(hedged.replace('-', '')) * (hedged.startsWith('-') ? -1n : 1n),
      fillPrice: 108_345,
      terms: { ...EURUSD, thresholdLots: parseLots(threshold) },
    });

  it('sends nothing below the threshold, the whole difference at or above it', () => {
    expect(net('0.5', '0')).toBeNull();
    expect(net('1', '0')).toEqual({ side: 1, qty: parseQty('100000'), limit: 108_365 });
    expect(net('2.5', '100000')).toEqual({ side: 1, qty: parseQty('150000'), limit: 108_365 });
  });

  it('sells when the clients are shorter than the hedge', () => {
    expect(net('-1', '0')).toEqual({ side: 2, qty: parseQty('100000'), limit: 108_325 });
    expect(net('0', '200000')).toEqual({ side: 2, qty: parseQty('200000'), limit: 108_325 });
  });

  it('threshold 0 sends any difference, none when equal', () => {
    expect(net('0.01', '0', '0')).toEqual({ side: 1, qty: parseQty('1000'), limit: 108_365 });
    expect(net('1', '100000', '0')).toBeNull();
  });
});

describe('hedged position', () => {
  it('counts fills, and orders on their way at their full size', () => {
    const p = hedgedPosition([
      { side: 1, qty: 300n, filledQty: 300n, status: 'filled' },
      { side: 2, qty: 100n, filledQty: 40n, status: 'cancelled' },
      { side: 1, qty: 50n, filledQty: 0n, status: 'rejected' },
      { side: 1, qty: 70n, filledQty: 0n, status: 'pending' },
      { side: 2, qty: 20n, filledQty: 5n, status: 'partial' },
      { side: 1, qty: 10n, filledQty: 0n, status: 'unknown' },
    ]);
    expect(p.filled).toBe(300n - 40n - 5n);
    expect(p.committed).toBe(300n - 40n + 70n - 20n + 10n);
  });
});

describe('quantities', () => {
  it('parse and print exactly', () => {
    expect(formatQty(parseQty('100000'))).toBe('100000');
    expect(formatQty(parseQty('1000.50'))).toBe('1000.5');
    expect(formatQty(parseQty('0.00000001'))).toBe('0.00000001');
    expect(formatQty(-parseQty('2.5'))).toBe('-2.5');
    for (const bad of ['', '-1', '1e5', '.5', '1.', '0.000000001', 'NaN']) expect(() => parseQty(bad)).toThrow(RangeError);
  });

  it('convert back to lots of the instrument', () => {
    expect(lotsTextOfQty(parseQty('150000'), 100_000)).toBe('1.5');
    expect(lotsTextOfQty(-parseQty('1000'), 100_000)).toBe('-0.01');
    expect(lotsTextOfQty(parseQty('1'), 100_000)).toBe('0.00001');
  });
});

describe('execution reports', () => {
  it.each([
    ['0', 'new'],
    ['A', 'new'],
    ['1', 'partial'],
    ['2', 'filled'],
    ['4', 'cancelled'],
    ['C', 'cancelled'],
    ['3', 'cancelled'],
    ['8', 'rejected'],
    ['6', undefined],
    ['Z', undefined],
  ])('OrdStatus %s is %s', (tag, status) => {
    expect(hedgeStatusOfReport(tag)).toBe(status);
  });

  it('filled, cancelled and rejected are final; unknown is not', () => {
    expect(isFinalHedgeStatus('filled')).toBe(true);
    expect(isFinalHedgeStatus('cancelled')).toBe(true);
    expect(isFinalHedgeStatus('rejected')).toBe(true);
    expect(isFinalHedgeStatus('unknown')).toBe(false);
    expect(isFinalHedgeStatus('partial')).toBe(false);
  });
});
