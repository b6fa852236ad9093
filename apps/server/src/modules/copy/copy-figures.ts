import type { CopySort, RankList, StrategyEntry, StrategyList } from '@tradepad/contracts';
import {
  afterFeeCurve,
  curveReturn,
  formatMoney,
  maxDrawdown,
  micros,
  percentText,
  strategyDays,
  winRate,
  type CurvePoint,
} from '@tradepad/domain';
import type { CopyStrategyRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import { maskUid } from '../content/rankings.ts';
import type { CopyRepository } from './copy.repository.ts';
import { FLOW_ENTRY_TYPES, type CopyStatsRepository } from './copy-stats.repository.ts';
import { feePercent } from './copy-views.ts';

/** The statistics window of the rank page (3 weeks) and how long computed figures are kept. */
export const WINDOW_MS = 21 * 86_400_000;
export const REFRESH_MS = 5 * 60_000;

const FLOWS = new Set<string>(FLOW_ENTRY_TYPES);

/** A strategy's figures as computed, with what the list sorts by and the rank list adds. */
export interface Figures {
  entry: Omit<StrategyEntry, 'id' | 'name' | 'provider_uid' | 'performance_fee_percent' | 'management_fee_percent'>;
  curve: CurvePoint[];
  sort: Record<CopySort, bigint>;
  multiple: number;
  instrumentId: number;
  at: number;
}

/**
 * The strategies' public figures (DESIGN §18), from the engine's records (the provider's ledger balance and closed
 * orders) after the strategy's fees (copy-stats.ts in the domain). Each strategy's figures are kept for REFRESH_MS;
 * the list itself is read from the database on every call, so a new strategy is listed at once (its figures are
 * computed when first asked for), on whichever node answers.
 */
export class CopyFigures {
  private readonly cache = new Map<number, Figures>();
  private readonly computing = new Map<number, Promise<Figures>>();

  constructor(
    private readonly d: {
      repo: CopyRepository;
      stats: CopyStatsRepository;
      clock: Clock;
      instrumentCode: (id: number) => string | undefined;
    },
  ) {}

  /** Forgets a strategy's figures (a follow, an unfollow, a fee): the next call computes them again. */
  forget(strategyId: number): void {
    this.cache.delete(strategyId);
  }

  of(s: CopyStrategyRow): Promise<Figures> {
    const now = this.d.clock.now();
    const kept = this.cache.get(s.id);
    if (kept && now - kept.at < REFRESH_MS && now >= kept.at) return Promise.resolve(kept);
    let running = this.computing.get(s.id);
    if (!running) {
      running = this.compute(s, now)
        .then((f) => {
          this.cache.set(s.id, f);
          return f;
        })
        .finally(() => this.computing.delete(s.id));
      this.computing.set(s.id, running);
    }
    return running;
  }

  /** The public list, sorted (descending) and paged; `updated_at` is when its oldest figures were computed. */
  async list(sort: CopySort, page: number, limit: number): Promise<StrategyList> {
    const rows = await this.all(sort);
    const data = rows.slice((page - 1) * limit, page * limit).map(({ s, f }) => this.entryOf(s, f));
    return { data, total: rows.length, updated_at: this.updatedAt(rows) };
  }

  /** The spec's rank page (`follow/list`), fed from the strategies by their 3-week return, in its own shape. */
  async rankList(page: number, limit: number): Promise<RankList> {
    const rows = await this.all('three_week_rate');
    const data = rows.slice((page - 1) * limit, page * limit).map(({ s, f }) => ({
      strategy_id: s.id,
      user: maskUid(s.provider_uid),
      multiple: f.multiple,
      three_week_rate: f.entry.three_week_rate,
      three_week_win: f.entry.three_week_win,
      three_week_profit: f.entry.three_week_profit,
      total_rate: f.entry.total_rate,
      total_trade_num: f.entry.total_trade_num,
      code: this.d.instrumentCode(f.instrumentId) ?? '',
      followers: f.entry.followers,
    }));
    return { data, total: rows.length, updated_at: this.updatedAt(rows) };
  }

  entryOf(s: CopyStrategyRow & { provider_uid: string }, f: Figures): StrategyEntry {
    return {
      id: s.id,
      name: s.name,
      provider_uid: maskUid(s.provider_uid),
      ...f.entry,
      performance_fee_percent: feePercent(s.performance_fee_bp),
      management_fee_percent: feePercent(s.management_fee_bp),
    };
  }

  private async all(sort: CopySort) {
    const strategies = await this.d.repo.listedStrategies();
    const rows = await Promise.all(strategies.map(async (s) => ({ s, f: await this.of(s) })));
    return rows.sort((a, b) => {
      const x = a.f.sort[sort];
      const y = b.f.sort[sort];
      return x === y ? a.s.id - b.s.id : x > y ? -1 : 1;
    });
  }

  private updatedAt(rows: ReadonlyArray<{ f: Figures }>): number {
    return rows.reduce((min, r) => Math.min(min, r.f.at), this.d.clock.now());
  }

  private async compute(s: CopyStrategyRow, now: number): Promise<Figures> {
    const since = Number(s.created_at);
    const [moves, recent, total, followers, equity, used] = await Promise.all([
      this.d.stats.movements(s.provider_id, since),
      this.d.stats.closed(s.provider_id, Math.max(since, now - WINDOW_MS)),
      this.d.stats.closed(s.provider_id, since),
      this.d.repo.activeTotals([s.id]),
      this.d.stats.equity(s.id, s.provider_id),
      this.d.stats.mostUsed(s.provider_id),
    ]);
    const days = strategyDays(
      micros(moves.opening),
      since,
      now,
      moves.rows.map((m) => ({ at: m.at, amount: micros(m.amount), trading: !FLOWS.has(m.type) })),
    );
    const curve = afterFeeCurve(days, { performanceBp: s.performance_fee_bp, managementBp: s.management_fee_bp });
    const threeWeek = curveReturn(curve, now - WINDOW_MS);
    const allTime = curveReturn(curve);
    const count = followers.get(s.id)?.n ?? 0;
    return {
      entry: {
        three_week_rate: percentText(threeWeek),
        three_week_win: percentText(winRate(recent.wins, recent.n)),
        three_week_profit: formatMoney(micros(recent.profit), 2),
        total_rate: percentText(allTime),
        total_trade_num: total.n,
        followers: count,
        equity: formatMoney(micros(equity), 2),
        max_drawdown: percentText(maxDrawdown(curve)),
      },
      curve,
      sort: { three_week_rate: threeWeek, total_rate: allTime, followers: BigInt(count), equity: BigInt(equity) },
      multiple: used.leverage,
      instrumentId: used.instrumentId,
      at: now,
    };
  }
}
