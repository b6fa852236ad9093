import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN, isMarketOpen, weeklySessions, type MarketHours } from '@tradepad/domain';
import type { Tick } from './feed.ts';
import { STEP_MS, SimulatorFeed, backfillHistory, type SimInstrument } from './simulator.ts';

const FOREX: MarketHours = {
  timeZone: 'America/New_York',
  rollover: 1020,
  sessions: weeklySessions({ open: '17:00', close: '17:00', firstDay: 0, lastDay: 5 }),
};
const params = {
  minuteVol: 0.0002,
  hourProfile: Array.from({ length: 24 }, () => 1),
  ticksPerMinute: 80,
  weekendGap: 0.002,
  tailDf: 5,
};
const eur: SimInstrument = { code: 'EURUSD', precision: 5, hours: FOREX, startPoints: 108_500, spreadPoints: 10, params };
const btc: SimInstrument = {
  code: 'BTCUSD',
  precision: 2,
  hours: { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN },
  startPoints: 9_500_000,
  spreadPoints: 2_000,
  params: { ...params, minuteVol: 0.0008 },
};

function run(seed: number, from: number, steps: number, instruments = [eur, btc]): Tick[] {
  const feed = new SimulatorFeed(instruments, seed);
  const ticks: Tick[] = [];
  for (let i = 1; i <= steps; i++) feed.step(from + i * STEP_MS, (t) => ticks.push(t));
  return ticks;
}

const WED = Date.parse('2026-01-14T12:00:00Z');
const SAT = Date.parse('2026-01-17T12:00:00Z');

describe('price simulator', () => {
  it('is deterministic for a seed, and differs between seeds', () => {
    const a = run(42, WED, 2000);
    expect(run(42, WED, 2000)).toEqual(a);
    expect(run(43, WED, 2000)).not.toEqual(a);
  });

  it('ticks at about the calibrated rate, in integer points, near the start price, two-sided at the raw spread', () => {
    const all = run(1, WED, 4 * 60 * 10); // 10 minutes
    const ticks = all.filter((t) => t.code === 'EURUSD');
    expect(ticks.length).toBeGreaterThan(600);
    expect(ticks.length).toBeLessThan(1000);
    for (const t of ticks) {
      expect(Number.isSafeInteger(t.bid)).toBe(true);
      expect(Math.abs(t.bid - 108_500)).toBeLessThan(2000);
      expect(t).toMatchObject({ ask: t.bid + 10, source: 'sim' });
    }
    for (const t of all.filter((x) => x.code === 'BTCUSD')) expect(t.ask - t.bid).toBe(2_000);
  });

  it('sends nothing while the market is closed, and jumps at the reopening', () => {
    const weekend = run(7, SAT, 4 * 60 * 30);
    expect(weekend.filter((t) => t.code === 'EURUSD')).toHaveLength(0);
    expect(weekend.filter((t) => t.code === 'BTCUSD').length).toBeGreaterThan(0);
    const sundayOpen = Date.parse('2026-01-18T22:00:00Z');
    const around = run(7, sundayOpen - 60_000, 4 * 120, [eur]);
    expect(around[0]!.time).toBe(sundayOpen);
    expect(isMarketOpen(FOREX, around[0]!.time)).toBe(true);
  });

  it('backfills open minutes only, ending exactly at the live price, each bar opening where the last closed', () => {
    const end = Date.parse('2026-01-19T10:00:30Z');
    const { minutes, hours } = backfillHistory({
      inst: eur,
      seed: 3,
      endMs: end,
      endPoints: 108_500,
      minuteDays: 3,
      hourDays: 10,
    });
    expect(minutes.at(-1)!.close).toBe(108_500);
    expect(minutes.at(-1)!.time).toBe(Date.parse('2026-01-19T09:59:00Z') / 1000);
    for (const m of minutes) expect(isMarketOpen(FOREX, m.time * 1000)).toBe(true);
    for (let i = 1; i < minutes.length; i++) {
      const prev = minutes[i - 1]!;
      const cur = minutes[i]!;
      expect(cur.time).toBeGreaterThan(prev.time);
      if (cur.time - prev.time === 60) expect(cur.open).toBe(prev.close);
      expect(cur.high).toBeGreaterThanOrEqual(Math.max(cur.open, cur.close));
      expect(cur.low).toBeLessThanOrEqual(Math.min(cur.open, cur.close));
    }
    expect(hours.at(-1)!.time).toBeLessThan(minutes[0]!.time);
    expect(hours.length).toBeGreaterThan(100);
    expect(backfillHistory({ inst: eur, seed: 3, endMs: end, endPoints: 108_500, minuteDays: 3, hourDays: 10 })).toEqual({
      minutes,
      hours,
    });
  });
});

describe('history backfill boundaries', () => {
  it('builds every hour once: minutes start on a whole hour and hours end before it', () => {
    const end = Date.parse('2026-01-21T10:17:30Z');
    const { minutes, hours } = backfillHistory({
      inst: btc,
      seed: 9,
      endMs: end,
      endPoints: 9_500_000,
      minuteDays: 1.3,
      hourDays: 5,
    });
    expect(minutes[0]!.time % 3600).toBe(0);
    expect(hours.at(-1)!.time).toBe(minutes[0]!.time - 3600);
    expect(new Set(hours.map((h) => h.time)).size).toBe(hours.length);
  });
});

describe('an instrument added while the simulator runs', () => {
  it('is walked from its start from the next step on, once per code', () => {
    const feed = new SimulatorFeed([eur], 42);
    const ticks: Tick[] = [];
    for (let i = 1; i <= 100; i++) feed.step(WED + i * STEP_MS, (t) => ticks.push(t));
    expect(ticks.some((t) => t.code === 'BTCUSD')).toBe(false);
    feed.addInstrument(btc);
    feed.addInstrument({ ...btc, startPoints: 1 });
    for (let i = 101; i <= 400; i++) feed.step(WED + i * STEP_MS, (t) => ticks.push(t));
    const added = ticks.filter((t) => t.code === 'BTCUSD');
    expect(added.length).toBeGreaterThan(0);
    expect(added[0]!.bid / btc.startPoints).toBeGreaterThan(0.95);
    expect(added[0]!.bid / btc.startPoints).toBeLessThan(1.05);
  });
});
