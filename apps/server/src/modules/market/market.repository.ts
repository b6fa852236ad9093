import { LANGS, type Lang } from '@tradepad/contracts';
import type { Candle, MarketHours, PeriodName, PricingMode } from '@tradepad/domain';
import type { DbHandle, Tx } from '../../db/database.ts';
import type { CandlesTable, InstrumentsTable } from '../../db/schema.ts';
import type { Insertable, Selectable } from 'kysely';
import type { CategorySeed, InstrumentSeed } from './instruments.data.ts';
import type { Instrument } from './instrument.ts';

export type { Instrument };

export interface CategoryRow {
  id: number;
  code: string;
  names: Record<Lang, string>;
}

export interface CandleRow extends Candle {
  instrumentId: number;
  period: PeriodName;
}

const BULK_ROWS = 5000;

/** The instrument columns staff may change (issue 18 point 6), as stored. */
export type InstrumentColumns = Pick<
  InstrumentsTable,
  | 'spread_points'
  | 'fee_rate'
  | 'leverages_json'
  | 'min_lots'
  | 'max_lots'
  | 'lot_step'
  | 'enabled'
  | 'category_id'
  | 'hours_json'
> & {
  close_only: number;
  swap_long: string;
  swap_short: string;
  swap_triple_day: number;
  pricing: PricingMode;
  markup_points: number;
  hedge_mode: string;
  hedge_threshold_lots: string;
  hedge_tolerance: number;
};

/** Instruments, categories and candles: the SQL of the market module. */
export class MarketRepository {
  constructor(private readonly handle: DbHandle) {}

  private get db() {
    return this.handle.db;
  }

  async seed(categories: readonly CategorySeed[], instruments: readonly InstrumentSeed[]): Promise<void> {
    const any = await this.db.selectFrom('instruments').select('id').limit(1).executeTakeFirst();
    if (any) return;
    await this.db.transaction().execute(async (trx) => {
      for (const [i, c] of categories.entries()) {
        const names = Object.fromEntries(LANGS.map((l, k) => [l, c.names[k] ?? c.names[1] ?? c.code]));
        await trx
          .insertInto('categories')
          .values({ id: c.id, code: c.code, sort: i + 1, names_json: JSON.stringify(names) })
          .execute();
      }
      for (const [i, s] of instruments.entries()) {
        await trx
          .insertInto('instruments')
          .values({
            id: i + 1,
            code: s.code,
            show_code: s.showCode,
            category_id: s.categoryId,
            base: s.base,
            quote: s.quote,
            precision: s.precision,
            contract_size: s.contractSize,
            lot_step: s.lotStep,
            min_lots: s.minLots,
            max_lots: s.maxLots,
            spread_points: s.spreadPoints,
            fee_rate: s.feeRate,
            margin_mode: s.marginMode,
            leverages_json: JSON.stringify(s.leverages),
            hours_json: JSON.stringify(s.hours),
            start_price: s.startPrice,
            swap_triple_day: s.swapTripleDay,
            enabled: 1,
            sort: i + 1,
          })
          .execute();
      }
    });
  }

  async instruments(): Promise<Instrument[]> {
    const rows = await this.db.selectFrom('instruments').selectAll().orderBy('sort').execute();
    return rows.map(({ leverages_json, hours_json, ...r }) => ({
      ...r,
      leverages: JSON.parse(leverages_json) as number[],
      hours: JSON.parse(hours_json) as MarketHours,
    }));
  }

  /** The columns staff may change, as stored (the text compare-and-set compares), or undefined for no such id. */
  instrumentColumns(id: number): Promise<InstrumentColumns | undefined> {
    return this.db
      .selectFrom('instruments')
      .select([
        'spread_points',
        'fee_rate',
        'leverages_json',
        'min_lots',
        'max_lots',
        'lot_step',
        'enabled',
        'close_only',
        'swap_long',
        'swap_short',
        'swap_triple_day',
        'pricing',
        'markup_points',
        'hedge_mode',
        'hedge_threshold_lots',
        'hedge_tolerance',
        'category_id',
        'hours_json',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Writes an instrument's new terms if it still has `before` (compare-and-set: two staff saving at once, the second
   * is refused instead of silently undoing the first). Returns whether the row was written.
   */
  async updateInstrumentIf(trx: Tx, id: number, before: InstrumentColumns, after: InstrumentColumns): Promise<boolean> {
    let q = trx.updateTable('instruments').set(after).where('id', '=', id);
    for (const [k, v] of Object.entries(before) as Array<[keyof InstrumentColumns, string | number]>) q = q.where(k, '=', v);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Adds an instrument after the others (the next id and sort place); refused by the code's unique index when the
   * code exists. Returns its id.
   */
  async createInstrument(trx: Tx, row: Omit<Insertable<InstrumentsTable>, 'id' | 'sort'>): Promise<number> {
    const last = await trx
      .selectFrom('instruments')
      .select((eb) => [eb.fn.max('id').as('id'), eb.fn.max('sort').as('sort')])
      .executeTakeFirstOrThrow();
    const id = Number(last.id ?? 0) + 1;
    await trx
      .insertInto('instruments')
      .values({ ...row, id, sort: Number(last.sort ?? 0) + 1 })
      .execute();
    return id;
  }

  /** Whether an instrument has this code. */
  async hasCode(db: Tx, code: string): Promise<boolean> {
    return (await db.selectFrom('instruments').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
  }

  /** The user's favourite instrument ids, oldest first. */
  async favourites(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favourites')
      .select('instrument_id')
      .where('user_id', '=', userId)
      .orderBy('added_at')
      .orderBy('instrument_id')
      .execute();
    return rows.map((r) => Number(r.instrument_id));
  }

  /** Adds a favourite (a no-op when it is one already, even when two requests add it at once) or removes it. */
  async setFavourite(userId: number, instrumentId: number, on: boolean, now: number): Promise<void> {
    if (on) {
      await this.db
        .insertInto('favourites')
        .values({ user_id: userId, instrument_id: instrumentId, added_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'instrument_id']).doNothing())
        .execute();
    } else {
      await this.db.deleteFrom('favourites').where('user_id', '=', userId).where('instrument_id', '=', instrumentId).execute();
    }
  }

  async categories(): Promise<CategoryRow[]> {
    const rows = await this.db.selectFrom('categories').selectAll().orderBy('sort').execute();
    return rows.map((r) => ({ id: r.id, code: r.code, names: JSON.parse(r.names_json) as Record<Lang, string> }));
  }

  /** Up to `limit` bars before `to` (unix seconds, exclusive), oldest first. */
  async candles(instrumentId: number, period: PeriodName, limit: number, to?: number): Promise<Candle[]> {
    let q = this.db
      .selectFrom('candles')
      .select(['time', 'open', 'high', 'low', 'close', 'volume'])
      .where('instrument_id', '=', instrumentId)
      .where('period', '=', period);
    if (to !== undefined) q = q.where('time', '<', to);
    const rows = await q.orderBy('time', 'desc').limit(limit).execute();
    return rows.reverse();
  }

  /** An instrument's oldest bar of each period: where the history generated in the background continues backwards. */
  async oldestCandles(instrumentId: number): Promise<CandleRow[]> {
    const rows = await this.db
      .selectFrom('candles as c')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('candles')
            .select(['period', (e) => e.fn.min('time').as('time')])
            .where('instrument_id', '=', instrumentId)
            .groupBy('period')
            .as('m'),
        (join) => join.onRef('m.period', '=', 'c.period').onRef('m.time', '=', 'c.time'),
      )
      .selectAll('c')
      .where('c.instrument_id', '=', instrumentId)
      .execute();
    return rows.map(toCandleRow);
  }

  /** The newest bar of each instrument and period, to continue from after a restart. */
  async latestCandles(): Promise<CandleRow[]> {
    const rows = await this.db
      .selectFrom('candles as c')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('candles')
            .select(['instrument_id', 'period', (e) => e.fn.max('time').as('time')])
            .groupBy(['instrument_id', 'period'])
            .as('m'),
        (join) =>
          join.onRef('m.instrument_id', '=', 'c.instrument_id').onRef('m.period', '=', 'c.period').onRef('m.time', '=', 'c.time'),
      )
      .selectAll('c')
      .execute();
    return rows.map(toCandleRow);
  }

  /** Writes bars, replacing any with the same instrument, period and time (live updates and backfill alike). */
  async upsertCandles(rows: readonly CandleRow[]): Promise<void> {
    if (rows.length === 0) return;
    const raw = this.handle.raw;
    if (raw.kind === 'sqlite') {
      const stmt = raw.sqlite.prepare(
        `insert into candles (instrument_id, period, time, open, high, low, close, volume) values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (instrument_id, period, time) do update set open = excluded.open, high = excluded.high,
         low = excluded.low, close = excluded.close, volume = excluded.volume`,
      );
      raw.sqlite.transaction((all: readonly CandleRow[]) => {
        for (const r of all) stmt.run(r.instrumentId, r.period, r.time, r.open, r.high, r.low, r.close, r.volume);
      })(rows);
      return;
    }
    for (let i = 0; i < rows.length; i += BULK_ROWS) {
      const chunk = rows.slice(i, i + BULK_ROWS);
      const col = <K extends keyof CandleRow>(k: K) => chunk.map((r) => r[k]);
      await raw.pool.query(
        `insert into candles (instrument_id, period, time, open, high, low, close, volume)
         select * from unnest($1::int[], $2::varchar[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
         on conflict (instrument_id, period, time) do update set open = excluded.open, high = excluded.high,
         low = excluded.low, close = excluded.close, volume = excluded.volume`,
        [col('instrumentId'), col('period'), col('time'), col('open'), col('high'), col('low'), col('close'), col('volume')],
      );
    }
  }

  async countCandles(instrumentId: number, period: PeriodName, since: number): Promise<number> {
    const r = await this.db
      .selectFrom('candles')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('instrument_id', '=', instrumentId)
      .where('period', '=', period)
      .where('time', '>=', since)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }
}

function toCandleRow(r: Selectable<CandlesTable>): CandleRow {
  return {
    instrumentId: r.instrument_id,
    period: r.period as PeriodName,
    time: Number(r.time),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
  };
}
