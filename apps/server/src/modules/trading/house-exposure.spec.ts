import { STATUS_HOLDING, parseExposureLimits } from '@tradepad/contracts';
import { lots, micros, parseLots, type Side } from '@tradepad/domain';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../market/instrument.ts';
import { HouseExposure, usdText } from './house-exposure.ts';
import type { EngineInstrument, LiveOrder } from './live-book.ts';

const eurusd = {
  row: { id: 1, code: 'EURUSD', precision: 5 } as Instrument,
  terms: { precision: 5, contractSize: 100_000, marginMode: 2, feeRate: 0n as never },
  scale: 1e5,
} as EngineInstrument;

let seq = 1;
function order(side: Side, size: string, openPrice: number, demo = false): LiveOrder {
  const l = parseLots(size);
  return {
    id: seq++,
    userId: 1,
    demo,
    inst: eurusd,
    side,
    status: STATUS_HOLDING,
    kind: 'market',
    lots: l,
    leverage: 100,
    orderPrice: 0,
    openPrice,
    stopLoss: 0,
    takeProfit: 0,
    margin: micros(0n),
    fee: micros(0n),
    createdAt: 0,
    openedAt: 0,
    trailingDistance: 0,
    expireAt: 0,
    stopLimitPrice: 0,
    receipt: null,
    swap: micros(0n),
    commission: micros(0n),
    copyOf: 0,
    busy: false,
    // As the live book sets it: lots × contract size.
    unitsF: (Number(l) * 100_000) / 10_000,
  };
}

const at = (bid: number, ask: number) => () => ({ bid, ask, rateBid: 1, rateAsk: 1 });

describe('the house exposure aggregate', () => {
  it('sums real positions per instrument and values them at the quote; demo ones never count', () => {
    const h = new HouseExposure();
    const long = order(1, '1', 108_510);
    h.add(long, 1);
    h.add(order(2, '0.5', 108_500), 1);
    h.add(order(1, '2', 108_510, true), 1);
    const [f] = h.figures(at(108_600, 108_610));
    expect(f).toMatchObject({ positions: 2, longLots: lots(10_000n), shortLots: lots(5_000n), netLots: lots(5_000n) });
    expect(usdText(f!.netNotionalUsd)).toBe('54300.00');
    // traders +90.00 − 55.00: the house −35.00
    expect(usdText(f!.houseUnrealised)).toBe('-35.00');

    h.add(long, -1);
    const [g] = h.figures(at(108_600, 108_610));
    expect(g).toMatchObject({ positions: 1, longLots: lots(0n), netLots: lots(-5_000n) });
    expect(usdText(g!.houseUnrealised)).toBe('55.00');
  });

  it('forgets an instrument once its last position closes, and values one without a quote at zero', () => {
    const h = new HouseExposure();
    const o = order(1, '0.01', 108_000);
    h.add(o, 1);
    expect(h.figures(() => undefined)[0]).toMatchObject({ netNotionalUsd: 0, houseUnrealised: 0 });
    h.add(o, -1);
    expect(h.figures(at(1, 2))).toEqual([]);
  });

  it('prints USD with 2 decimals and never a negative zero', () => {
    expect(usdText(-0.001)).toBe('0.00');
    expect(usdText(12.345)).toBe('12.35');
    expect(usdText(-12.5)).toBe('-12.50');
  });
});

describe('the exposure_limits setting', () => {
  it.each([
    ['{}', {}],
    ['{"EURUSD":"50","BTCUSD":2.5}', { EURUSD: '50', BTCUSD: '2.5' }],
    ['{"EURUSD":"0.0001"}', { EURUSD: '0.0001' }],
  ])('reads %s', (text, limits) => expect(parseExposureLimits(text)).toEqual(limits));

  it.each([
    '',
    'null',
    '[]',
    '"x"',
    '{"eurusd":"1"}',
    '{"EURUSD":"0"}',
    '{"EURUSD":"-1"}',
    '{"EURUSD":"1.00001"}',
    '{"EURUSD":true}',
  ])('refuses %s', (text) => expect(parseExposureLimits(text)).toBeUndefined());
});
