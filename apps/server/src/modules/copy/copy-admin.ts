import type { AdminStrategy, CopyAdminSort, CopyAdminSortKey, CopyStrategyStatus } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { Actor } from '../../core/access.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { TradingEngine } from '../trading/trading.engine.ts';
import type { CopyFigures } from './copy-figures.ts';
import type { MemoryRoster } from './copy-roster.ts';
import { ENDED, FOLLOWING, STRATEGY_OPEN, STRATEGY_SUSPENDED, type CopyRepository } from './copy.repository.ts';
import { adminFeeView, adminFollowerView, adminStrategyView } from './copy-views.ts';

/**
 * The console's side of copy trading (issue 34 point 4): strategies, their followers, the fees charged, and the
 * suspension (audited `strategy.suspend`) and resumption (`strategy.resume`). A suspension runs on the engine leader
 * (the route forwards it) in the engine's writer, so the roster stops copying new opens right after its commit; the
 * copies already open keep following the provider's closes and stops (the engine's side).
 */
export class CopyAdmin {
  constructor(
    private readonly d: {
      repo: CopyRepository;
      audit: AuditRepository;
      engine: Pick<TradingEngine, 'runFenced'>;
      roster: MemoryRoster;
      figures: CopyFigures;
      clock: Clock;
      equities: (accountIds: number[]) => Promise<Map<number, number>>;
    },
  ) {}

  /**
   * A page of strategies with their public figures. Newest first without a sort, paged by the database; sorted by a
   * figure, every strategy of the state is ranked (their figures computed in one batch, or kept from the last 5
   * minutes, as the public list does) and the page cut from that order; ties newest first.
   */
  async strategies(status: CopyStrategyStatus | undefined, sort: CopyAdminSort | undefined, p: PageRequest) {
    const code = status === undefined ? undefined : { open: 1, suspended: 2, closed: 3 }[status];
    if (sort === undefined) {
      const page = await this.d.repo.adminStrategies(code, p);
      return { data: await this.views(page.rows), total: page.total };
    }
    const key = sort.replace(/^-/, '') as CopyAdminSortKey;
    const direction = sort.startsWith('-') ? -1 : 1;
    const all = await this.d.repo.adminStrategiesAll(code);
    const figures = await this.d.figures.ofMany(all);
    const value = (r: (typeof all)[number]): bigint =>
      key === 'followers' || key === 'invested' ? BigInt(Math.round(r[key])) : figures.get(r.id)!.sort[key];
    const ranked = all
      .map((r) => ({ r, v: value(r) }))
      .sort((a, b) => (a.v === b.v ? b.r.id - a.r.id : a.v < b.v ? -direction : direction));
    const shown = ranked.slice((p.page - 1) * p.limit, p.page * p.limit).map(({ r }) => r);
    const fees = await this.d.repo.feeTotalsByStrategy(shown.map((r) => r.id));
    return {
      data: shown.map((r) => adminStrategyView({ ...r, fees_earned: fees.get(r.id) ?? 0 }, figures.get(r.id)!)),
      total: all.length,
    };
  }

  /** The console's rows of `rows`, their figures read in one batch. */
  private async views(rows: Array<Parameters<typeof adminStrategyView>[0]>): Promise<AdminStrategy[]> {
    const figures = await this.d.figures.ofMany(rows);
    return rows.map((r) => adminStrategyView(r, figures.get(r.id)!));
  }

  async followers(strategyId: number, status: 'following' | 'ended' | undefined, p: PageRequest) {
    if (!(await this.d.repo.strategyById(strategyId))) throw refuse('err.copy_strategy_unknown');
    const code = status === undefined ? undefined : status === 'following' ? FOLLOWING : ENDED;
    const page = await this.d.repo.adminFollows(strategyId, code, p);
    const active = page.rows.filter((f) => Number(f.status) === FOLLOWING).map((f) => Number(f.account_user_id));
    const [equities, fees] = await Promise.all([
      this.d.equities(active),
      this.d.repo.feesByFollow(page.rows.map((f) => Number(f.id))),
    ]);
    return {
      data: page.rows.map((f) => adminFollowerView(f, equities.get(Number(f.account_user_id)) ?? 0, fees.get(Number(f.id)) ?? 0)),
      total: page.total,
    };
  }

  async fees(f: { strategyId?: number | undefined; kind?: string | undefined }, p: PageRequest) {
    const page = await this.d.repo.adminFees(f, p);
    return { data: page.rows.map(adminFeeView), total: page.total };
  }

  /** Suspends (`suspend`) or resumes a strategy, audited in the same transaction. */
  async setStatus(actor: Actor, id: number, suspend: boolean, reason: string): Promise<AdminStrategy> {
    const at = this.d.clock.now();
    const [from, to] = suspend ? [STRATEGY_OPEN, STRATEGY_SUSPENDED] : [STRATEGY_SUSPENDED, STRATEGY_OPEN];
    await this.d.engine.runFenced(async (trx) => {
      const before = await this.d.repo.strategyById(id, trx);
      if (!before) throw refuse('err.copy_strategy_unknown');
      if (Number(before.status) !== from)
        throw refuse(suspend ? 'err.copy_strategy_not_open' : 'err.copy_strategy_not_suspended');
      await this.d.repo.setStrategyStatus(trx, id, from, to, suspend ? reason : '', at);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          ip: actor.ip,
          peer: actor.peer,
          at,
          action: suspend ? 'strategy.suspend' : 'strategy.resume',
          targetType: 'strategy',
          targetId: String(id),
          before: { status: Number(before.status), suspend_reason: before.suspend_reason },
          after: { status: to, reason },
        },
        trx,
      );
    });
    this.d.roster.setOpen(id, !suspend);
    this.d.figures.forget(id);
    const [row] = await this.views((await this.d.repo.adminStrategies(undefined, { page: 1, limit: 1 }, id)).rows);
    if (!row) throw refuse('err.copy_strategy_unknown');
    return row;
  }
}
