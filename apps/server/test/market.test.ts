import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, PERIODS, PERIOD_SECONDS, type KlinePoint, type TradeItem } from '@tradepad/contracts';
import { aggregateCandles, bucketStart } from '@tradepad/domain';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { startHarness, type Harness } from './harness.ts';

/** Live markets over HTTP and websockets, on a fresh database with the full default history. */
describe('live markets', () => {
  let h: Harness;
  let list: TradeItem[];
  const byCode = (code: string) => list.find((i) => i.Code === code)!;

  beforeAll(async () => {
    h = await startHarness({ env: { HISTORY_DAYS: '30', HISTORY_LONG_DAYS: '450' } });
    // The older history is generated after the server starts (the most recent day is there at once).
    await h.app.tradepad.market.historyComplete();
    list = (await h.call('GET', API.tradeList)).data;
  }, 120_000);
  afterAll(async () => h.close());

  it('lists at least 24 instruments in at least 4 categories with real contract terms', async () => {
    expect(list.length).toBeGreaterThanOrEqual(24);
    expect(new Set(list.map((i) => i.CategoryId)).size).toBeGreaterThanOrEqual(4);
    expect(byCode('EURUSD')).toMatchObject({
      ForexContNum: 100_000,
      PricePrecision: 5,
      Pip: '0.01',
      ForexMinCont: '0.01',
      Spread: 10,
    });
    expect(byCode('USDJPY')).toMatchObject({ PricePrecision: 3, QuoteCurrency: 'JPY' });
    expect(byCode('XAUUSD')).toMatchObject({ ForexContNum: 100, PricePrecision: 2 });
    expect(byCode('BTCUSD').HasForexMultiple.map((l) => l.Value)).toEqual([2, 5, 10, 20]);
    for (const i of list) {
      expect(i.ForexQuotations.Close, i.Code).toBeGreaterThan(0);
      expect(i.Ask).toBeCloseTo(i.Bid + i.Spread / 10 ** i.PricePrecision, i.PricePrecision + 1);
      expect([1, 2]).toContain(i.MarketStatus);
      const logo = await fetch(`${h.baseUrl}${i.Logo}`);
      expect(logo.headers.get('content-type')).toContain('image/png');
    }
    // Crypto trades around the clock.
    expect(byCode('BTCUSD').MarketStatus).toBe(1);
  });

  it('filters by searchCurrency and names categories in the request language', async () => {
    const usd = (await h.call('GET', API.tradeList, { searchCurrency: 'jpy' })).data as TradeItem[];
    expect(usd.map((i) => i.Code).sort()).toEqual(['AUDJPY', 'EURJPY', 'GBPJPY', 'USDJPY']);
    expect((await h.call('GET', API.tradeList, { searchCurrency: 'eur/usd' })).data.map((i: TradeItem) => i.Code)).toEqual([
      'EURUSD',
    ]);
    expect((await h.call('GET', API.tradeList, { searchCurrency: 'zzz' })).data).toEqual([]);
    const de = await h.call('GET', API.categories, {}, { lang: 'de' });
    expect(de.data[0]).toEqual({ Id: 1, NameShowTrans: 'Devisen' });
    const hk = await h.call('GET', API.categories, {}, { lang: 'hk' });
    expect(hk.data.map((c: { NameShowTrans: string }) => c.NameShowTrans)).toContain('外匯');
  });

  it('has at least 300 bars (weeks and months: all of 450 days), oldest first, in every period, and 30 days of minutes', async () => {
    // 450 days are 64 weeks and 14 months and a part, whatever the market's hours.
    const least: Partial<Record<string, number>> = { '1week': 64, '1mon': 14 };
    for (const i of list) {
      for (const period of PERIODS) {
        const bars = (await h.call('GET', API.kline, { forex_id: i.Id, period })).data as KlinePoint[];
        expect(bars.length, `${i.Code} ${period}`).toBeGreaterThanOrEqual(least[period] ?? 300);
        for (let k = 1; k < bars.length; k++) expect(bars[k]!.Time).toBeGreaterThan(bars[k - 1]!.Time);
      }
    }
    const oldest = await h.app.tradepad.database.db
      .selectFrom('candles')
      .select((eb) => eb.fn.min('time').as('t'))
      .where('instrument_id', '=', byCode('BTCUSD').Id)
      .where('period', '=', '1min')
      .executeTakeFirst();
    expect(Date.now() / 1000 - Number(oldest?.t)).toBeGreaterThan(29.9 * 86_400);
  });

  it('pages back with `to`, without overlap, and keeps periods consistent with the minutes', async () => {
    const id = byCode('BTCUSD').Id;
    const recent = (await h.call('GET', API.kline, { forex_id: id, period: '1min', limit: 500 })).data as KlinePoint[];
    expect(recent).toHaveLength(500);
    const older = (await h.call('GET', API.kline, { forex_id: id, period: '1min', limit: 200, to: recent[0]!.Time }))
      .data as KlinePoint[];
    expect(older).toHaveLength(200);
    expect(older.at(-1)!.Time).toBe(recent[0]!.Time - 60);

    const toPoints = (b: KlinePoint) => ({
      time: b.Time,
      open: Math.round(b.Open * 100),
      high: Math.round(b.High * 100),
      low: Math.round(b.Low * 100),
      close: Math.round(b.Close * 100),
      volume: b.Volume,
    });
    const minutes = [...older, ...recent].map(toPoints);
    const fives = (await h.call('GET', API.kline, { forex_id: id, period: '5min', limit: 100 })).data as KlinePoint[];
    const fromMinutes = aggregateCandles(minutes, (s) => bucketStart('5min', s * 1000));
    // Compare the complete 5-minute bars both sides have (not the one in progress).
    const done = fives.slice(0, -1).filter((f) => f.Time >= minutes[0]!.time);
    expect(done.length).toBeGreaterThan(50);
    for (const f of done)
      expect(
        fromMinutes.find((m) => m.time === f.Time),
        String(f.Time),
      ).toEqual(toPoints(f));
    expect(PERIOD_SECONDS['5min']).toBe(300);
  });

  it('refuses unknown instruments, periods and bad limits with a clear message', async () => {
    expect((await h.call('GET', API.kline, { forex_id: 9999, period: '1min' })).msg).toBe('This instrument does not exist');
    expect((await h.call('GET', API.kline, { forex_id: 1, period: '2h' })).msg).toMatch(/chart period must be/);
    expect((await h.call('GET', API.kline, { forex_id: 'abc', period: '1min' })).msg).toBe('This instrument does not exist');
    expect((await h.call('GET', API.kline, { forex_id: 1, period: '1min', limit: 5000 })).msg).toBe(
      'The page size must be between 1 and 100',
    );
  });

  it('gives every instrument a sparkline of recent closes in one call', async () => {
    const s = (await h.call('GET', API.sparklines)).data as Array<{ forex_id: number; Code: string; closes: number[] }>;
    expect(s).toHaveLength(list.length);
    for (const row of s) expect(row.closes.length).toBeGreaterThanOrEqual(40);
  });

  it('pushes DAY_MARKET quotes and one KLINE message per period, as DESIGN §4 shapes them', async () => {
    const ws = await h.ws('?lang=en');
    ws.send({ type: 'sub', params: 'DAY_MARKET' });
    expect(await ws.json('sub_result')).toMatchObject({ code: 1 });
    ws.send({ type: 'sub', params: 'KLINE.BTCUSD' });
    expect(await ws.json('sub_result')).toMatchObject({ code: 1 });
    ws.send({ type: 'sub', params: 'KLINE.NOSUCH' });
    expect(await ws.json('sub_result')).toMatchObject({ code: 0, msg: 'Unknown channel' });

    const day = await ws.json('DAY_MARKET');
    expect(Object.keys(day).sort()).toEqual(['quotation', 'symbol', 'type']);
    const q = day.quotation as Record<string, number>;
    expect(Object.keys(q).sort()).toEqual(['ask', 'bid', 'change', 'close', 'forex_id', 'high', 'low', 'open', 'time', 'volume']);
    expect(q.close).toBe(q.bid);
    expect(Math.abs(q.time! - Date.now())).toBeLessThan(5000);

    const periods = new Set<string>();
    for (let i = 0; i < PERIODS.length; i++) {
      const k = await ws.json('KLINE');
      expect(k).toMatchObject({ symbol: 'BTCUSD', forex_id: byCode('BTCUSD').Id });
      const kline = k.kline as Record<string, unknown>;
      expect(Object.keys(kline).sort()).toEqual(['Close', 'Code', 'ForexId', 'High', 'Low', 'Open', 'Period', 'Time', 'Volume']);
      periods.add(kline.Period as string);
    }
    expect([...periods].sort()).toEqual([...PERIODS].sort());
    ws.send({ type: 'unsub', params: 'KLINE.BTCUSD' });
    await ws.json('unsub_result');
    ws.close();
  });
});

describe('candles across a restart', () => {
  it('fills the minutes the server was away and continues the stored bars: no gaps, no duplicates', async () => {
    const first = await startHarness({ keepData: true, env: { HISTORY_DAYS: '1', HISTORY_LONG_DAYS: '2' } });
    await new Promise((r) => setTimeout(r, 1500));
    await first.close();
    // Come back ten minutes later (by the clock the history fill reads).
    const later = Date.now() + 10 * 60_000;
    const second = await startHarness({
      dataDir: first.dataDir,
      database: first.database,
      clock: { now: () => later },
      env: { HISTORY_DAYS: '1', HISTORY_LONG_DAYS: '2' },
    });
    try {
      const db = second.app.tradepad.database.db;
      const btc = await db.selectFrom('instruments').select('id').where('code', '=', 'BTCUSD').executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('candles')
        .select(['time', 'open', 'close'])
        .where('instrument_id', '=', btc.id)
        .where('period', '=', '1min')
        .orderBy('time')
        .execute();
      const times = rows.map((r) => Number(r.time));
      expect(new Set(times).size).toBe(times.length);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `gap before ${times[i]}`).toBe(60);
      expect(times.at(-1)! * 1000).toBeGreaterThan(later - 180_000);
      // Each filled minute opens where the one before closed.
      const tail = rows.slice(-8);
      for (let i = 1; i < tail.length; i++) expect(Number(tail[i]!.open)).toBe(Number(tail[i - 1]!.close));
    } finally {
      await second.close();
    }
  }, 60_000);

  it('gives the minute of a start its bar even when no tick comes before the minute ends', async () => {
    // Started 0.2 s before a minute ends, by a feed that stays silent: the history ends with the minute before.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    const h = await startHarness({
      clock: { now: () => minute + 59_800 },
      feed: new ScriptedFeed(),
      env: { HISTORY_DAYS: '1', HISTORY_LONG_DAYS: '2' },
    });
    try {
      await h.app.tradepad.market.stop();
      const db = h.app.tradepad.database.db;
      const btc = await db.selectFrom('instruments').select('id').where('code', '=', 'BTCUSD').executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('candles')
        .select(['time', 'open', 'high', 'low', 'close', 'volume'])
        .where('instrument_id', '=', btc.id)
        .where('period', '=', '1min')
        .orderBy('time', 'desc')
        .limit(2)
        .execute();
      const [current, before] = rows.map((r) => ({ ...r, time: Number(r.time) }));
      expect(current!.time).toBe(minute / 1000);
      expect(before!.time).toBe(minute / 1000 - 60);
      // Flat at the last price until a tick moves it.
      expect([current!.open, current!.high, current!.low, current!.close].map(Number)).toEqual(
        Array(4).fill(Number(before!.close)),
      );
      expect(Number(current!.volume)).toBe(0);
    } finally {
      await h.close();
    }
  });
});
