import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type KlinePoint, type TradeItem } from '@tradepad/contracts';
import { aggregateCandles, bucketStart, dayGroupStart } from '@tradepad/domain';
import { startHarness, type Harness } from './harness.ts';

/**
 * The 4-hour, week and month bars (issue 33 point 4, DESIGN §17): 4-hour bars on the UTC clock, weeks from Monday
 * 00:00 UTC and months from the 1st, each the aggregate of the finer bars it spans, pushed live on `KLINE.<Code>` like
 * the other periods, and made from the stored hours of a database written before these periods existed.
 */
const asCandle = (b: KlinePoint) => ({ time: b.Time, open: b.Open, high: b.High, low: b.Low, close: b.Close, volume: b.Volume });
const monday = (t: number) => new Date(t * 1000).getUTCDay() === 1 && t % 86_400 === 0;
const first = (t: number) => new Date(t * 1000).getUTCDate() === 1 && t % 86_400 === 0;
const ENV = { HISTORY_DAYS: '1', HISTORY_LONG_DAYS: '70' };

describe('kline 4hour, 1week and 1mon', () => {
  let h: Harness;
  let list: TradeItem[];
  const kline = async (forexId: number, period: string, limit = 1000) => {
    const r = await h.call('GET', API.kline, { forex_id: forexId, period, limit });
    expect(r.code, r.msg).toBe(1);
    return r.data as KlinePoint[];
  };

  beforeAll(async () => {
    h = await startHarness({ keepData: true, env: ENV });
    await h.app.tradepad.market.historyComplete();
    list = (await h.call('GET', API.tradeList)).data;
  }, 120_000);
  afterAll(async () => h?.close());

  it('aligns the bars and makes each the aggregate of the bars it spans (forex and crypto)', async () => {
    for (const code of ['EURUSD', 'BTCUSD']) {
      const id = list.find((i) => i.Code === code)!.Id;
      const [hours, fours, days, weeks, months] = (await Promise.all(
        ['60min', '4hour', '1day', '1week', '1mon'].map((p) => kline(id, p)),
      )) as [KlinePoint[], KlinePoint[], KlinePoint[], KlinePoint[], KlinePoint[]];
      expect(fours.length, code).toBeGreaterThan(60 * 4);
      expect(fours.every((b) => b.Time % 14_400 === 0)).toBe(true);
      expect(weeks.length).toBeGreaterThanOrEqual(9);
      expect(
        weeks.every((b) => monday(b.Time)),
        weeks.map((b) => b.Time).join(),
      ).toBe(true);
      expect(months.length).toBeGreaterThanOrEqual(2);
      expect(months.every((b) => first(b.Time))).toBe(true);
      // The whole bars (not the oldest, which the history may start inside, nor the live one) match their parts.
      const fromHours = aggregateCandles(hours.map(asCandle), (s) => bucketStart('4hour', s * 1000));
      const fromDays = aggregateCandles(days.map(asCandle), (s) => dayGroupStart('1week', s));
      const monthsFromDays = aggregateCandles(days.map(asCandle), (s) => dayGroupStart('1mon', s));
      const inner = <T>(xs: T[]) => xs.slice(1, -1);
      for (const f of inner(fours).filter((b) => b.Time > hours[0]!.Time))
        expect(
          fromHours.find((x) => x.time === f.Time),
          `${code} 4h ${f.Time}`,
        ).toEqual(asCandle(f));
      for (const w of inner(weeks))
        expect(
          fromDays.find((x) => x.time === w.Time),
          `${code} week ${w.Time}`,
        ).toEqual(asCandle(w));
      for (const m of inner(months)) expect(monthsFromDays.find((x) => x.time === m.Time)).toEqual(asCandle(m));
      // The live bar of each is the newest, and holds the latest price.
      expect(fours.at(-1)!.Close).toBe(hours.at(-1)!.Close);
      expect(weeks.at(-1)!.Close).toBe(days.at(-1)!.Close);
      expect(months.at(-1)!.Close).toBe(days.at(-1)!.Close);
    }
  });

  it('pages weeks back with `to` like every period', async () => {
    const id = list.find((i) => i.Code === 'BTCUSD')!.Id;
    const all = await kline(id, '1week');
    const r = await h.call('GET', API.kline, { forex_id: id, period: '1week', limit: 3, to: all.at(-2)!.Time });
    expect((r.data as KlinePoint[]).map((b) => b.Time)).toEqual(all.slice(-5, -2).map((b) => b.Time));
  });

  it('pushes live 4hour, 1week and 1mon bars on KLINE.<Code>', async () => {
    const ws = await h.ws('?lang=en');
    ws.send({ type: 'sub', params: 'KLINE.BTCUSD' });
    expect(await ws.json('sub_result')).toMatchObject({ code: 1 });
    const seen = new Map<string, number>();
    for (let i = 0; i < 40 && seen.size < 9; i++) {
      const k = (await ws.json('KLINE')).kline as { Period: string; Time: number };
      seen.set(k.Period, k.Time);
    }
    expect(seen.get('4hour')! % 14_400).toBe(0);
    expect(monday(seen.get('1week')!)).toBe(true);
    expect(first(seen.get('1mon')!)).toBe(true);
    ws.close();
  });

  it('makes the bars once from the stored hours when a database has none of them', async () => {
    const id = list.find((i) => i.Code === 'EURUSD')!.Id;
    const before = await Promise.all(['4hour', '1week', '1mon'].map((p) => kline(id, p)));
    await h.app.tradepad.market.stop();
    const db = h.app.tradepad.database.db;
    await db.deleteFrom('candles').where('period', 'in', ['4hour', '1week', '1mon']).execute();
    const dataDir = h.dataDir;
    const database = h.database;
    await h.close();
    h = await startHarness({ dataDir, database, keepData: true, env: ENV });
    const after = await Promise.all(['4hour', '1week', '1mon'].map((p) => kline(id, p)));
    for (let p = 0; p < 3; p++) {
      // Every whole bar is back as it was (the newest may have moved on with the ticks since).
      expect(after[p]!.length).toBeGreaterThanOrEqual(before[p]!.length);
      const times = new Map(after[p]!.map((b) => [b.Time, b]));
      for (const b of before[p]!.slice(0, -1)) expect(times.get(b.Time), `period ${p} ${b.Time}`).toEqual(b);
    }
  }, 120_000);
});
