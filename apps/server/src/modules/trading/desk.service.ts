import {
  CLOSED_BY_BACK_OFFICE,
  STATUS_HOLDING,
  parseExposureLimits,
  type DeskClose,
  type DeskPosition,
  type DeskStops,
  type DeskStopsParams,
  type ExposureAlert,
  type ExposureAnswer,
  type ExposureRow,
  type PositionsParams,
  type RiskAccount,
  type RiskAnswer,
  type TraderResult,
} from '@tradepad/contracts';
import {
  ZERO,
  exactMoney,
  formatLots,
  formatMoney,
  lots as toLots,
  micros,
  parseLots,
  pointsToPrice,
  type Lots,
  type Micros,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import { recordExport } from '../audit/export-audit.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { usdText } from './house-exposure.ts';
import { checkOrderLevels, partCloseLots, pricePoints } from './order-checks.ts';
import type { LiveAccount, LiveOrder, TradingEngine } from './trading.engine.ts';
import type { DeskFilter, TradingRepository } from './trading.repository.ts';

type DeskRow = Awaited<ReturnType<TradingRepository['deskBatch']>>[number];

/** The list's parameters as the repository's filter. */
const deskFilter = (p: PositionsParams): DeskFilter => ({
  status: p.status,
  code: p.symbol,
  userId: p.user_id,
  minLots: p.min_lots ? Number(parseLots(p.min_lots)) : undefined,
});
import { DAY_MS } from '../../core/time.ts';

export interface DeskDeps {
  engine: TradingEngine;
  repo: TradingRepository;
  audit: AuditRepository;
  settings: SettingsService;
  clock: Clock;
  /** The owner told of a desk close with its reason (issue 29): an in-app notice in the close's transaction, a mail after. */
  notices?: NoticeBoard | undefined;
  notifier?: Notifier | undefined;
}

const NEAREST = 20;
const TOP = 10;

/** Start of the current UTC day, unix ms. */
export const dayStart = (now: number) => now - (now % DAY_MS);

/**
 * The back office's trading desk and risk page (DESIGN §11): every trader's positions with the live P/L their owner
 * sees, a close at the market exactly like the owner's own (the engine's close, at the published quote everyone
 * trades on, ClosedType 5), and the house's exposure and risk lists over real accounts, all read from the engine's live
 * book. Staff choose no price and no outcome here.
 */
export class DeskService {
  /** Lots held at the hedging LP per instrument code (signed text), once hedging plugs in (`useHedged`). */
  private hedged: () => Promise<ReadonlyMap<string, string>> = () => Promise.resolve(new Map());

  constructor(private readonly d: DeskDeps) {}

  /** Plugs in hedging's read of the hedged position (exposure's `hedged_lots`). */
  useHedged(read: () => Promise<ReadonlyMap<string, string>>): void {
    this.hedged = read;
  }

  async positions(p: PositionsParams): Promise<{ data: DeskPosition[]; total: number }> {
    const { rows, total } = await this.d.repo.deskPage({ ...deskFilter(p), page: p.page, limit: p.limit });
    return { data: rows.map((r) => this.positionView(r, false)), total };
  }

  /**
   * Up to `size` of the positions the filters keep with an id below `before`, newest first, with the live P/L and
   * every amount exact (a CSV export's batch, read on the engine leader).
   */
  async positionBatch(p: PositionsParams, before: number | undefined, size: number): Promise<DeskPosition[]> {
    // A forwarded command's JSON turns `undefined` into null.
    const rows = await this.d.repo.deskBatch(deskFilter(p), before ?? undefined, size);
    return rows.map((r) => this.positionView(r, true));
  }

  /** Audits an export of the desk's list (`position.export`, with its filters) before its first row. */
  noteExport(actor: Actor, filters: Record<string, unknown>): Promise<void> {
    return recordExport(this.d.audit, actor, this.d.clock.now(), 'position', filters);
  }

  private positionView(r: DeskRow, exact: boolean): DeskPosition {
    const money = (v: Micros) => (exact ? exactMoney(v) : formatMoney(v, 2));
    const live = this.d.engine.order(r.id);
    const precision = live?.inst.row.precision ?? this.d.engine.instrument(r.instrument_id)?.row.precision ?? 0;
    const f = live ? this.d.engine.floating(live) : { price: 0, profit: ZERO };
    const price = (points: number) => (points > 0 ? pointsToPrice(points, precision) : 0);
    return {
      id: r.id,
      user_id: r.user_id,
      user_account: r.user_account,
      is_demo: r.is_demo === 1,
      instrument_id: r.instrument_id,
      symbol: r.code,
      side: r.side,
      status: r.status,
      kind: r.kind,
      lots: formatLots(toLots(r.lots)),
      leverage: r.leverage,
      open_price: price(r.status === STATUS_HOLDING ? r.open_price : r.order_price),
      current_price: price(f.price),
      profit: money(f.profit),
      stop_loss: price(r.stop_loss),
      take_profit: price(r.take_profit),
      margin: money(micros(r.margin)),
      created_at: r.created_at,
      opened_at: r.opened_at,
      copy_of: Number(r.copy_of ?? 0),
      strategy_name: r.strategy_name ?? '',
    };
  }

  /**
   * Closes a trader's holding position at the market through the engine, as their own close does (same checks: market
   * open, fresh quote), with ClosedType 5; the audit record is written in the close's own transaction. Of two staff
   * closing at once exactly one settles it (the engine's compare-and-set); the other is refused.
   */
  async close(actor: Actor, id: number, reason: string, cont?: string): Promise<DeskClose> {
    const o = await this.live(id);
    refuseCopy(o);
    if (o.status !== STATUS_HOLDING) throw refuse('err.order_not_holding');
    if (o.busy) throw refuse('err.order_closed');
    const refusal = this.d.engine.refusal(o.inst);
    if (refusal) throw refuse(refusal);
    // A part of the position (issue 32), checked as the trader's own partial close; all of it is a whole close.
    const part = cont === undefined ? undefined : partCloseLots(cont, o);
    if (part !== undefined) return this.closePart(actor, o, part, reason);
    const before = positionState(o);
    // The notice names the instrument as the app does ("BTC/USD").
    const told = { order_id: o.id, symbol: o.inst.row.show_code, lots: before.lots, reason, price: '', profit: '' };
    const done = await this.d.engine.close(o, CLOSED_BY_BACK_OFFICE, async (trx, s) => {
      told.price = pointsToPrice(s.exitPrice, o.inst.row.precision).toFixed(o.inst.row.precision);
      told.profit = formatMoney(s.profit, 2);
      await (this.d.notices ?? silentNotices).record(trx, o.userId, 'desk_close', told);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'position.close',
          targetType: 'order',
          targetId: String(o.id),
          before,
          after: {
            ...before,
            status: 3,
            closed_type: CLOSED_BY_BACK_OFFICE,
            close_price: pointsToPrice(s.exitPrice, o.inst.row.precision),
            profit: formatMoney(s.profit, 2),
            reason,
          },
          ip: actor.ip,
          peer: actor.peer,
          at: s.at,
        },
        trx,
      );
    });
    if (!done) throw refuse('err.order_closed');
    (this.d.notifier ?? silentNotifier).notify(o.userId, { kind: 'desk_close', ...told });
    const row = await this.d.repo.orderById(id);
    if (!row) throw refuse('err.order_unknown');
    return {
      id: row.id,
      parent_id: 0,
      rest_lots: '0',
      user_id: row.user_id,
      status: row.status,
      closed_type: row.closed_type,
      close_price: pointsToPrice(row.close_price, o.inst.row.precision),
      profit: formatMoney(micros(row.profit), 2),
      closed_at: row.closed_at,
    };
  }

  /**
   * Closes `part` lots of a position at the market (issue 32), as the trader's own partial close: the closed part
   * becomes a History row with `parent_id`, the position keeps the rest. The audit record and the trader's notice are
   * written in the close's transaction; the mail follows the commit.
   */
  private async closePart(actor: Actor, o: LiveOrder, part: Lots, reason: string): Promise<DeskClose> {
    const before = positionState(o);
    const rest = formatLots(toLots(o.lots - part));
    // The notice names the instrument as the app does ("BTC/USD"), as the whole close's does.
    const told = { order_id: o.id, symbol: o.inst.row.show_code, lots: formatLots(part), rest, reason, price: '', profit: '' };
    const done = await this.d.engine.closePart(o, part, CLOSED_BY_BACK_OFFICE, async (trx, s) => {
      told.price = pointsToPrice(s.exitPrice, o.inst.row.precision).toFixed(o.inst.row.precision);
      told.profit = formatMoney(s.profit, 2);
      await (this.d.notices ?? silentNotices).record(trx, o.userId, 'desk_close', { ...told, action: 'partial_close' });
      const after = {
        ...before,
        lots: rest,
        closed_lots: told.lots,
        part_id: s.partId,
        close_price: told.price,
        profit: told.profit,
        reason,
      };
      await this.auditIn(trx, actor, 'position.partial_close', o.id, before, after, s.at);
    });
    if (!done) throw refuse('err.order_busy');
    (this.d.notifier ?? silentNotifier).notify(o.userId, { kind: 'desk_partial_close', ...told });
    const row = await this.d.repo.orderById(done.partId);
    if (!row) throw refuse('err.order_unknown');
    return {
      id: row.id,
      parent_id: o.id,
      rest_lots: rest,
      user_id: row.user_id,
      status: row.status,
      closed_type: row.closed_type,
      close_price: pointsToPrice(row.close_price, o.inst.row.precision),
      profit: formatMoney(micros(row.profit), 2),
      closed_at: row.closed_at,
    };
  }

  /**
   * Changes a position's or a pending order's stop-loss and take-profit on the trader's behalf (issue 32), checked
   * exactly as the trader's own change (order-checks.ts); a level left out stays, 0 removes it. The trailing distance
   * is kept, and a trailing stop keeps following the market from the level set here. Audited and told to the trader
   * in the change's transaction; mailed after it.
   */
  async setStops(actor: Actor, id: number, p: DeskStopsParams): Promise<DeskStops> {
    const o = await this.live(id);
    refuseCopy(o);
    if (o.busy) throw refuse('err.order_busy');
    const precision = o.inst.row.precision;
    const stopLoss =
      p.stop_loss_price === undefined ? o.stopLoss : pricePoints(p.stop_loss_price, precision, 'err.stop_loss_invalid');
    const takeProfit =
      p.target_profit_price === undefined
        ? o.takeProfit
        : pricePoints(p.target_profit_price, precision, 'err.take_profit_invalid');
    let market = { bid: o.orderPrice, ask: o.orderPrice };
    if (o.status === STATUS_HOLDING) {
      const q = this.d.engine.floatingQuote(o.inst);
      if (!q) throw refuse('err.quote_stale');
      market = q;
    }
    checkOrderLevels(o, stopLoss, takeProfit, market);
    const before = positionState(o);
    const level = (points: number) => (points > 0 ? pointsToPrice(points, precision) : 0);
    const told = {
      order_id: o.id,
      symbol: o.inst.row.show_code,
      lots: before.lots,
      stop_loss: level(stopLoss).toFixed(precision),
      take_profit: level(takeProfit).toFixed(precision),
      reason: p.reason,
    };
    const ok = await this.d.engine.setStops(o, stopLoss, takeProfit, undefined, async (trx, at) => {
      await (this.d.notices ?? silentNotices).record(trx, o.userId, 'desk_close', { ...told, action: 'stops' });
      const after = { ...before, stop_loss: level(stopLoss), take_profit: level(takeProfit), reason: p.reason };
      await this.auditIn(trx, actor, 'position.stops', o.id, before, after, at);
    });
    if (!ok) throw refuse('err.order_closed');
    (this.d.notifier ?? silentNotifier).notify(o.userId, { kind: 'desk_stops', ...told });
    return { id: o.id, user_id: o.userId, stop_loss: level(o.stopLoss), take_profit: level(o.takeProfit) };
  }

  /** The live order `id`, refused by name when it is closed or unknown. */
  private async live(id: number): Promise<LiveOrder> {
    const o = this.d.engine.order(id);
    if (o) return o;
    const stored = await this.d.repo.orderById(id);
    throw refuse(stored ? 'err.order_closed' : 'err.order_unknown');
  }

  private auditIn(trx: Tx, actor: Actor, action: string, id: number, before: object, after: object, at: number) {
    return this.d.audit.record(
      {
        staffId: actor.staffId,
        action,
        targetType: 'order',
        targetId: String(id),
        before,
        after,
        ip: actor.ip,
        peer: actor.peer,
        at,
      },
      trx,
    );
  }

  /** Net exposure per instrument over real accounts, at the current quotes, with each configured limit. */
  async exposure(): Promise<ExposureAnswer> {
    const limits = await this.limits();
    const hedged = await this.hedged();
    const data = this.d.engine.houseExposure().map((e): ExposureRow => {
      const limit = limits.get(e.inst.row.code);
      const net = e.netLots < 0n ? -e.netLots : e.netLots;
      return {
        symbol: e.inst.row.code,
        long_lots: formatLots(e.longLots),
        short_lots: formatLots(e.shortLots),
        net_lots: formatLots(e.netLots),
        net_notional_usd: usdText(e.netNotionalUsd),
        house_unrealised_pnl: usdText(e.houseUnrealised),
        positions: e.positions,
        limit_lots: limit === undefined ? null : formatLots(limit),
        over_limit: limit !== undefined && net > limit,
        hedged_lots: hedged.get(e.inst.row.code) ?? '0',
      };
    });
    // An instrument still hedged while no real client holds it is shown too: the house's position is at the LP only.
    for (const [symbol, lots] of hedged)
      if (lots !== '0' && !data.some((r) => r.symbol === symbol))
        data.push({
          symbol,
          long_lots: '0',
          short_lots: '0',
          net_lots: '0',
          net_notional_usd: '0.00',
          house_unrealised_pnl: '0.00',
          positions: 0,
          limit_lots: null,
          over_limit: false,
          hedged_lots: lots,
        });
    data.sort((a, b) => a.symbol.localeCompare(b.symbol));
    return { data };
  }

  /** Instruments whose |net lots| passed their configured limit. */
  async alerts(): Promise<ExposureAlert[]> {
    return (await this.exposure()).data
      .filter((r) => r.over_limit)
      .map((r) => ({ symbol: r.symbol, net_lots: r.net_lots, limit_lots: r.limit_lots ?? '0' }));
  }

  /** The risk page: nearest stop-out, margin calls, today's winners and losers, alerts; real accounts only. */
  async risk(): Promise<RiskAnswer> {
    const [marginCallLevel, stopOutLevel, alerts, realised] = await Promise.all([
      this.d.settings.int('margin_call_level'),
      this.d.settings.int('stop_out_level'),
      this.alerts(),
      this.d.repo.realisedSince(dayStart(this.d.clock.now())),
    ]);
    const engine = this.d.engine;
    // Screen every real account by the float estimates the risk monitor uses (O(instruments held) each), then compute
    // exactly only the few accounts shown.
    const withMargin: Array<{ acc: LiveAccount; level: number }> = [];
    const estimate = new Map<number, number>();
    for (const [userId, total] of realised) estimate.set(userId, total);
    for (const acc of engine.allAccounts()) {
      if (acc.demo) continue;
      if (acc.exposure.size > 0) estimate.set(acc.userId, (estimate.get(acc.userId) ?? 0) + engine.floatingEstimate(acc));
      if (acc.marginF > 0) withMargin.push({ acc, level: engine.levelEstimate(acc) });
    }
    withMargin.sort((a, b) => a.level - b.level);
    const nearest = withMargin.slice(0, NEAREST).map((x) => x.acc.userId);
    const calls = withMargin.filter((x) => x.level <= marginCallLevel * 1.01).map((x) => x.acc.userId);

    // A few more candidates than shown on each side, ranked again on exact figures.
    const byEstimate = [...estimate.entries()].sort((a, b) => b[1] - a[1]);
    const candidates = new Set([
      ...byEstimate.slice(0, TOP * 2).map(([id]) => id),
      ...byEstimate.slice(-TOP * 2).map(([id]) => id),
    ]);
    const ranked = [...candidates].map((userId) => {
      const r = BigInt(realised.get(userId) ?? 0);
      const u = engine.account(userId)?.exposure.size ? engine.figures(userId).floating : 0n;
      return { userId, realised: r, unrealised: u as bigint, total: r + u };
    });
    const winners = ranked
      .filter((r) => r.total > 0n)
      .sort((a, b) => (b.total > a.total ? 1 : b.total < a.total ? -1 : a.userId - b.userId))
      .slice(0, TOP);
    const losers = ranked
      .filter((r) => r.total < 0n)
      .sort((a, b) => (a.total > b.total ? 1 : a.total < b.total ? -1 : a.userId - b.userId))
      .slice(0, TOP);

    const names = await this.d.repo.accountNames([
      ...new Set([...nearest, ...calls, ...winners.map((w) => w.userId), ...losers.map((l) => l.userId)]),
    ]);
    const account = (userId: number): RiskAccount => {
      const f = engine.figures(userId);
      return {
        user_id: userId,
        user_account: names.get(userId) ?? '',
        balance: formatMoney(f.balance, 2),
        equity: formatMoney(f.equity, 2),
        used_margin: formatMoney(f.usedMargin, 2),
        floating: formatMoney(f.floating, 2),
        margin_level: f.level,
      };
    };
    const result = (r: (typeof ranked)[number]): TraderResult => ({
      user_id: r.userId,
      user_account: names.get(r.userId) ?? '',
      realised: formatMoney(micros(r.realised), 2),
      unrealised: formatMoney(micros(r.unrealised), 2),
      total: formatMoney(micros(r.total), 2),
    });
    const marginCalls = calls.filter((userId) => engine.figures(userId).marginCall).map(account);
    return {
      nearest_stop_out: nearest.map(account),
      margin_calls: marginCalls,
      winners: winners.map(result),
      losers: losers.map(result),
      alerts,
      margin_call_level: marginCallLevel,
      stop_out_level: stopOutLevel,
    };
  }

  private async limits(): Promise<Map<string, Lots>> {
    const parsed = parseExposureLimits(await this.d.settings.get('exposure_limits')) ?? {};
    return new Map(Object.entries(parsed).map(([code, text]) => [code, parseLots(text)]));
  }
}

/**
 * A copy (issue 34) follows its provider's order: it closes, partly closes and changes stops with it, in the same
 * transaction. The desk acting on a copy alone would break that mirror, so it is refused, naming the provider's order
 * to act on instead (or the strategy to suspend, the follow to end). A copy account's own stop-out is the engine's.
 */
function refuseCopy(o: LiveOrder): void {
  if (o.copyOf > 0) throw refuse('err.desk_copy_position', { provider: o.copyOf });
}

/** A position's state for the audit log. */
function positionState(o: LiveOrder) {
  const precision = o.inst.row.precision;
  return {
    user_id: o.userId,
    symbol: o.inst.row.code,
    side: o.side,
    status: o.status,
    lots: formatLots(o.lots),
    open_price: pointsToPrice(o.openPrice, precision),
    stop_loss: o.stopLoss > 0 ? pointsToPrice(o.stopLoss, precision) : 0,
    take_profit: o.takeProfit > 0 ? pointsToPrice(o.takeProfit, precision) : 0,
    margin: formatMoney(o.margin, 2),
  };
}
