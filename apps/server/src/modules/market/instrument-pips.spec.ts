import { describe, expect, it } from 'vitest';
import {
  parseLots,
  parseMoney,
  parseRate,
  pipPoints,
  pipValue,
  pointsToPips,
  priceToPoints,
  usdRate,
  type QuoteLookup,
} from '@tradepad/domain';
import { INSTRUMENTS } from './instruments.data.ts';

/** Quotes at the seeds' start prices, as the engine looks them up to convert a quote currency to USD. */
const lookup: QuoteLookup = (code) => {
  const i = INSTRUMENTS.find((x) => x.code === code);
  return i ? { bid: priceToPoints(i.startPrice, i.precision), precision: i.precision } : undefined;
};

/**
 * Pip values right for every instrument (DESIGN §17, issue 33: BTCUSD's pip value showed 0.00 USD and a 245 USD stop
 * read 24,506 pips). Over the instrument list the server seeds, not a copy of it: an instrument added there is checked.
 */
describe('the pip of every instrument the server seeds', () => {
  it.each(INSTRUMENTS.map((i) => [i.code, i] as const))('%s: a lot’s pip is worth a sensible USD amount', (_code, i) => {
    const rate = usdRate(i.quote, lookup);
    expect(rate, `a USD rate for ${i.quote}`).toBeDefined();
    const terms = {
      precision: i.precision,
      contractSize: i.contractSize,
      marginMode: 2,
      feeRate: parseRate('0'),
      categoryId: i.categoryId,
    };
    const perLot = pipValue(terms, parseLots('1'), rate!);
    // Never 0.00 (BTCUSD's report) and never absurdly large.
    expect(perLot >= parseMoney('0.01') && perLot <= parseMoney('100'), `${i.code}: ${perLot}`).toBe(true);
    // At its smallest lot the pip still shows in cents... or is at least a positive amount.
    expect(pipValue(terms, parseLots(i.minLots), rate!) > 0n).toBe(true);
    // A one-percent move is between half a pip (LTCUSD at 95.00, whose pip is a dollar) and 1,000 pips: never the
    // 24,506 pips of a 245 USD BTCUSD stop.
    const start = priceToPoints(i.startPrice, i.precision);
    const onePercent = pointsToPips(Math.round(start / 100), i.precision, i.categoryId);
    expect(onePercent >= 0.5 && onePercent <= 1000, `${i.code}: 1 % = ${onePercent} pips`).toBe(true);
    // A pip is a whole number of points and a power of ten.
    expect(Math.log10(pipPoints(i.precision, i.categoryId)) % 1).toBe(0);
  });

  it('BTCUSD: a 245.06 USD move is 245.06 pips, and 0.1 lot’s pip is worth 0.10 USD', () => {
    const btc = INSTRUMENTS.find((i) => i.code === 'BTCUSD')!;
    expect(pointsToPips(24_506, btc.precision, btc.categoryId)).toBe(245.06);
    const terms = { precision: 2, contractSize: btc.contractSize, marginMode: 2, feeRate: parseRate('0'), categoryId: 5 };
    expect(pipValue(terms, parseLots('0.1'), usdRate('USD', lookup)!)).toBe(parseMoney('0.1'));
  });
});
