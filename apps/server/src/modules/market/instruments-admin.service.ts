import type { AdminInstrument, InstrumentCreateParams, InstrumentUpdateParams } from '@tradepad/contracts';
import { HEDGE_MODES, instrumentTermsProblem, parseLots, type HedgeMode } from '@tradepad/domain';
import type { Actor } from '../../core/access.ts';
import { refuse } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Instrument } from './instrument.ts';
import { CATEGORIES } from './instruments.data.ts';
import type { InstrumentColumns, MarketRepository } from './market.repository.ts';
import type { MarketService } from './market.service.ts';

/** An instrument as the back office shows and edits it (DESIGN §11). */
export function adminInstrumentView(i: Instrument): AdminInstrument {
  return {
    Id: i.id,
    Code: i.code,
    names: namesOf(i.names_json),
    contract_size: i.contract_size,
    show_code: i.show_code,
    category_id: i.category_id,
    precision: i.precision,
    spread: i.spread_points,
    fee_rate: i.fee_rate,
    leverage: [...i.leverages],
    min_lots: i.min_lots,
    max_lots: i.max_lots,
    lot_step: i.lot_step,
    enabled: i.enabled === 1,
    close_only: i.close_only === 1,
    swap_long: i.swap_long,
    swap_short: i.swap_short,
    swap_triple_day: i.swap_triple_day,
    hours: { timeZone: i.hours.timeZone, sessions: [...i.hours.sessions], rollover: i.hours.rollover },
    pricing: i.pricing,
    markup: i.markup_points,
    hedge_mode: hedgeModeOf(i.hedge_mode),
    hedge_threshold_lots: i.hedge_threshold_lots,
    hedge_tolerance: i.hedge_tolerance,
  };
}

/** The stored names by language, or none (a seeded instrument, or a row the JSON of which cannot be read). */
function namesOf(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    return JSON.parse(json) as Record<string, string>;
  } catch {
    return {};
  }
}

/** A stored hedge mode (migration 031 defaults it to 'none'). */
export const hedgeModeOf = (v: string): HedgeMode => ((HEDGE_MODES as readonly string[]).includes(v) ? (v as HedgeMode) : 'none');

/** Net mode's threshold must read as lots (at most 9 integer digits, 4 decimals). */
function isLotsText(v: string): boolean {
  try {
    parseLots(v);
    return true;
  } catch {
    return false;
  }
}

/** The stored columns of a change, by the field names the back office uses. */
function changedColumns(c: InstrumentUpdateParams): Partial<InstrumentColumns> {
  const out: Partial<InstrumentColumns> = {};
  if (c.spread !== undefined) out.spread_points = c.spread;
  if (c.fee_rate !== undefined) out.fee_rate = c.fee_rate;
  if (c.leverage !== undefined) out.leverages_json = JSON.stringify(c.leverage);
  if (c.min_lots !== undefined) out.min_lots = c.min_lots;
  if (c.max_lots !== undefined) out.max_lots = c.max_lots;
  if (c.lot_step !== undefined) out.lot_step = c.lot_step;
  if (c.enabled !== undefined) out.enabled = c.enabled ? 1 : 0;
  if (c.close_only !== undefined) out.close_only = c.close_only ? 1 : 0;
  if (c.swap_long !== undefined) out.swap_long = c.swap_long;
  if (c.swap_short !== undefined) out.swap_short = c.swap_short;
  if (c.swap_triple_day !== undefined) out.swap_triple_day = c.swap_triple_day;
  if (c.category_id !== undefined) out.category_id = c.category_id;
  if (c.hours !== undefined) out.hours_json = JSON.stringify(c.hours);
  if (c.pricing !== undefined) out.pricing = c.pricing;
  if (c.markup !== undefined) out.markup_points = c.markup;
  if (c.hedge_mode !== undefined) out.hedge_mode = c.hedge_mode;
  if (c.hedge_threshold_lots !== undefined) out.hedge_threshold_lots = c.hedge_threshold_lots;
  if (c.hedge_tolerance !== undefined) out.hedge_tolerance = c.hedge_tolerance;
  return out;
}

/**
 * Instruments' terms as staff change them (issue 18 point 6): validated as a whole, written with compare-and-set and
 * audited with before and after in one transaction, then applied at once on every node (this one directly, the others
 * through the bus's `instruments_changed`): the trade list, the engine's fills and the app read the same terms. One
 * set of terms per instrument for everyone; nothing here can single out a user.
 */
export class InstrumentsAdmin {
  constructor(
    private readonly d: {
      db: Db;
      repo: MarketRepository;
      market: Pick<MarketService, 'reloadInstruments'>;
      audit: AuditRepository;
      bus: Bus;
      clock: Clock;
    },
  ) {}

  async list(): Promise<{ data: AdminInstrument[]; total: number }> {
    const rows = await this.d.repo.instruments();
    return { data: rows.map(adminInstrumentView), total: rows.length };
  }

  /**
   * Creates an instrument (issue 32 point 6): its terms checked as a whole as an update's are, the code unique, the
   * row and its audit record (`instrument.create`, with every term) in one transaction; then every node loads it
   * (this one before answering): the trade list lists it, the engine trades it, the feed quotes it and its charts'
   * history starts.
   */
  async create(actor: Actor, p: InstrumentCreateParams): Promise<AdminInstrument> {
    if (instrumentTermsProblem({ minLots: p.min_lots, maxLots: p.max_lots, lotStep: p.lot_step }))
      throw refuse('err.instrument_lots');
    if (!CATEGORIES.some((c) => c.id === p.category_id)) throw refuse('err.field_invalid', { field: 'category_id' });
    const hedgeThreshold = p.hedge_threshold_lots ?? '0';
    if (!isLotsText(hedgeThreshold)) throw refuse('err.field_invalid', { field: 'hedge_threshold_lots' });
    const startPrice = Number(p.start_price);
    if (!(startPrice * 10 ** p.precision >= 1)) throw refuse('err.field_invalid', { field: 'start_price' });
    const names = Object.fromEntries(Object.entries(p.names).filter(([, v]) => v !== undefined && v !== ''));
    const row = {
      code: p.code,
      show_code: p.show_code ?? p.code,
      category_id: p.category_id,
      base: p.base ?? p.code.slice(0, 3),
      quote: p.quote ?? 'USD',
      precision: p.precision,
      contract_size: p.contract_size,
      lot_step: p.lot_step,
      min_lots: p.min_lots,
      max_lots: p.max_lots,
      spread_points: p.spread,
      fee_rate: p.fee_rate ?? '0',
      // Leverage-based margin, as every seeded instrument.
      margin_mode: 2,
      leverages_json: JSON.stringify(p.leverage),
      hours_json: JSON.stringify(p.hours),
      start_price: p.start_price,
      enabled: p.enabled === false ? 0 : 1,
      close_only: p.close_only ? 1 : 0,
      swap_long: p.swap_long ?? '0',
      swap_short: p.swap_short ?? '0',
      swap_triple_day: p.swap_triple_day ?? 3,
      pricing: p.pricing ?? 'fixed',
      markup_points: p.markup ?? 0,
      hedge_mode: p.hedge_mode ?? 'none',
      hedge_threshold_lots: hedgeThreshold,
      hedge_tolerance: p.hedge_tolerance ?? 0,
      names_json: JSON.stringify(names),
    };
    const id = await this.d.db.transaction().execute(async (trx) => {
      if (await this.d.repo.hasCode(trx, p.code)) throw refuse('err.instrument_exists');
      const created = await this.d.repo.createInstrument(trx, row);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'instrument.create',
          targetType: 'instrument',
          targetId: String(created),
          after: { ...p, names },
          ip: actor.ip,
          peer: actor.peer,
          at: this.d.clock.now(),
        },
        trx,
      );
      return created;
    });
    this.d.bus.publishInstrumentsChanged({ ids: [id] });
    await this.d.market.reloadInstruments();
    const made = (await this.d.repo.instruments()).find((i) => i.id === id);
    if (!made) throw refuse('err.record_unknown');
    return adminInstrumentView(made);
  }

  async update(actor: Actor, id: number, change: InstrumentUpdateParams): Promise<AdminInstrument> {
    const current = (await this.d.repo.instruments()).find((i) => i.id === id);
    const before = await this.d.repo.instrumentColumns(id);
    if (!current || !before) throw refuse('err.record_unknown');
    const after: InstrumentColumns = { ...before, ...changedColumns(change) };
    if (instrumentTermsProblem({ minLots: after.min_lots, maxLots: after.max_lots, lotStep: after.lot_step }))
      throw refuse('err.instrument_lots');
    if (!CATEGORIES.some((c) => c.id === after.category_id)) throw refuse('err.field_invalid', { field: 'category_id' });
    if (!isLotsText(after.hedge_threshold_lots)) throw refuse('err.field_invalid', { field: 'hedge_threshold_lots' });

    // Both sides from the stored columns the compare-and-set checks, so the audit says exactly what was replaced.
    const asInstrument = (c: InstrumentColumns): Instrument => ({
      ...current,
      ...c,
      leverages: JSON.parse(c.leverages_json) as number[],
      hours: JSON.parse(c.hours_json) as Instrument['hours'],
    });
    const was = adminInstrumentView(asInstrument(before));
    const now = adminInstrumentView(asInstrument(after));
    const keys = (Object.keys(now) as Array<keyof AdminInstrument>).filter(
      (k) => JSON.stringify(was[k]) !== JSON.stringify(now[k]),
    );
    if (keys.length === 0) return was;

    await this.d.db.transaction().execute(async (trx) => {
      if (!(await this.d.repo.updateInstrumentIf(trx, id, before, after))) throw refuse('err.changed_meanwhile');
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'instrument.update',
          targetType: 'instrument',
          targetId: String(id),
          before: Object.fromEntries(keys.map((k) => [k, was[k]])),
          after: Object.fromEntries(keys.map((k) => [k, now[k]])),
          ip: actor.ip,
          peer: actor.peer,
          at: this.d.clock.now(),
        },
        trx,
      );
    });
    // Committed: every node re-reads (the bus), and this answer waits until this node has.
    this.d.bus.publishInstrumentsChanged({ ids: [id] });
    await this.d.market.reloadInstruments();
    return now;
  }
}
