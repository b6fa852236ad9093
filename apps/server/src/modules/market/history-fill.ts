import {
  aggregateCandles,
  bucketStart,
  dayGroupStart,
  isMarketOpen,
  mergeCandles,
  tradingDayStart,
  type Candle,
  type MarketHours,
  type PeriodName,
} from '@tradepad/domain';
import { simInstrument } from './feed-factory.ts';
import type { CandleRow, Instrument } from './market.repository.ts';
import type { MarketDeps } from './market.service.ts';
import { backfillHistory, startPoints } from './simulator.ts';

/**
 * The minutes a fresh instrument gets before the server listens: enough for the charts' first screens (300 bars of
 * one and five minutes, the trade list's day of 30-minute sparklines). The rest of HISTORY_DAYS and the hours of
 * HISTORY_LONG_DAYS are generated backwards from there after the server listens (history-deepen.ts): writing a
 * month of minutes first kept a fresh PostgreSQL database unready for half a minute.
 */
export const RECENT_HISTORY_DAYS = 1;
/** The longest a market is looked back on for its last open hour (a weekend and a holiday or two). */
const LOOK_BACK_HOURS = 14 * 24;

/**
 * Days since `hours` last had an open hour before `now` (0 when open now): the recent minutes of a fresh instrument
 * must reach back into its last session, or a market closed for the weekend would start with no bar at all, and its
 * older history, which continues backwards from the oldest stored bar (history-deepen.ts), would never come.
 */
export function daysClosed(hours: MarketHours, now: number): number {
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  for (let k = 0; k <= LOOK_BACK_HOURS; k++) {
    const t = hour - k * 3_600_000;
    // Any minute of that hour open (sessions may start or end within it).
    for (let m = 0; m < 60; m += 15) if (isMarketOpen(hours, t + m * 60_000)) return Math.max(0, (now - t) / 86_400_000);
  }
  return 0;
}

/**
 * Makes sure every instrument has history up to now: on a fresh database, the most recent minutes ending at the
 * start price (see RECENT_HISTORY_DAYS); after a restart, the minutes the server was away, continuing from the
 * last stored close, merged into the stored bars they share a bucket with (no gaps, no duplicate bars).
 */
export async function fillHistory(
  d: Pick<MarketDeps, 'repo' | 'clock' | 'config'>,
  instruments: readonly Instrument[],
): Promise<void> {
  let latest = await d.repo.latestCandles();
  if ((await deriveLongPeriods(d, instruments, latest)) > 0) latest = await d.repo.latestCandles();
  const now = d.clock.now();
  const seed = d.config.SIM_SEED ?? 7;
  for (const inst of instruments) {
    const lastMinute = latest.find((l) => l.instrumentId === inst.id && l.period === '1min');
    let minutes: Candle[];
    if (!lastMinute) {
      ({ minutes } = backfillHistory({
        inst: simInstrument(inst),
        seed,
        endMs: now,
        endPoints: startPoints(inst.start_price, inst.precision),
        minuteDays: Math.min(RECENT_HISTORY_DAYS, d.config.HISTORY_DAYS) + daysClosed(inst.hours, now),
        hourDays: 0,
      }));
    } else {
      if (now - lastMinute.time * 1000 < 120_000) continue;
      minutes = backfillHistory({
        inst: simInstrument(inst),
        seed,
        endMs: now,
        endPoints: lastMinute.close,
        minuteDays: (now - lastMinute.time * 1000) / 86_400_000,
        hourDays: 0,
      }).minutes.filter((m) => m.time > lastMinute.time);
      // Walked backwards from the last close, the gap ends where the stored history did: reverse it in time.
      minutes = mirrorGap(minutes);
    }
    const rows = aggregate(inst, minutes, []);
    const stored = new Map(latest.filter((l) => l.instrumentId === inst.id).map((l) => [`${l.period}|${l.time}`, l]));
    await d.repo.upsertCandles(
      rows.map((r) => {
        const s = stored.get(`${r.period}|${r.time}`);
        return s ? { ...r, ...mergeCandles(r.time, [s, r])! } : r;
      }),
    );
  }
}

/** A run of minutes (and older hours) as the rows of every period they make. */
export function aggregate(inst: Instrument, minutes: Candle[], hours: Candle[]): CandleRow[] {
  const rows: CandleRow[] = [];
  const add = (period: PeriodName, bars: Candle[]) => bars.forEach((b) => rows.push({ instrumentId: inst.id, period, ...b }));
  add('1min', minutes);
  for (const period of ['5min', '15min', '30min'] as const)
    add(
      period,
      aggregateCandles(minutes, (s) => bucketStart(period, s * 1000)),
    );
  const hourly = [...hours, ...aggregateCandles(minutes, (s) => bucketStart('60min', s * 1000))];
  add('60min', hourly);
  addLongPeriods(add, hourly, inst.hours);
  return rows;
}

/** The 4-hour bars from hours, the days from hours by the trading day, and the weeks and months from the days. */
function addLongPeriods(add: (period: PeriodName, bars: Candle[]) => void, hourly: Candle[], hours: MarketHours): void {
  add(
    '4hour',
    aggregateCandles(hourly, (s) => bucketStart('4hour', s * 1000)),
  );
  const daily = aggregateCandles(hourly, (s) => Math.floor(tradingDayStart(hours, s * 1000) / 1000));
  add('1day', daily);
  add(
    '1week',
    aggregateCandles(daily, (s) => dayGroupStart('1week', s)),
  );
  add(
    '1mon',
    aggregateCandles(daily, (s) => dayGroupStart('1mon', s)),
  );
}

/** The periods added by DESIGN §17, made from the stored hours of a database written before them. */
const LONG_PERIODS: readonly PeriodName[] = ['4hour', '1week', '1mon'];

/**
 * A database written before the 4-hour, week and month periods has hours and days but none of those bars: they are
 * made once from its stored hours (then kept like every period, by live ticks and the history's steps).
 */
export async function deriveLongPeriods(
  d: Pick<MarketDeps, 'repo'>,
  instruments: readonly Instrument[],
  latest: readonly CandleRow[],
): Promise<number> {
  let written = 0;
  for (const inst of instruments) {
    const mine = latest.filter((l) => l.instrumentId === inst.id);
    if (!mine.some((l) => l.period === '60min') || LONG_PERIODS.every((p) => mine.some((l) => l.period === p))) continue;
    const hourly = await d.repo.candles(inst.id, '60min', 1_000_000);
    const rows: CandleRow[] = [];
    addLongPeriods(
      (period, bars) => {
        if (LONG_PERIODS.includes(period)) bars.forEach((b) => rows.push({ instrumentId: inst.id, period, ...b }));
      },
      hourly,
      inst.hours,
    );
    await d.repo.upsertCandles(rows);
    written += rows.length;
  }
  return written;
}

/**
 * Turns bars generated backwards from `from` into a forward continuation from `from`: the path is mirrored in time
 * (each bar's open and close swap), so the first bar opens at the last stored close and each bar opens where the
 * one before closed.
 */
function mirrorGap(bars: Candle[]): Candle[] {
  const times = bars.map((b) => b.time);
  return [...bars]
    .reverse()
    .map((b, k) => ({ time: times[k]!, open: b.close, high: b.high, low: b.low, close: b.open, volume: b.volume }));
}
