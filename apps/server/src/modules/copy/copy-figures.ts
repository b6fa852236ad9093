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
import { FLOW_ENTRY_TYPES, type ClosedTotals, type CopyStatsRepository, type Movement } from './copy-stats.repository.ts';
import { feePercent } from './copy-views.ts';

/** The statistics window of the rank page (3 weeks) and how long computed figures are kept. */
export const WINDOW_MS = 21 * 86_400_000;
export const REFRESH_MS = 5 * 60_000;

const FLOWS = new Set<string>(FLOW_ENTRY_TYPES);

/** A strategy's figures as computed, with what the list sorts by and the rank list adds. */
export interface Figures {
  entry: Omit<StrategyEntry, 'id' | 'name' | 'provider_uid' | 'performance_fee_percent' | 'management_fee_percent'>;
  curve: CurvePoint[];
  /** What the lists sort by: the public list's sorts and the console's figures (hundredths of a percent, micros, counts). */
  sort: Record<CopySort | 'max_drawdown' | 'three_week_win' | 'total_trade_num', bigint>;
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

  async of(s: CopyStrategyRow): Promise<Figures> {
    return (await this.ofMany([s])).get(s.id)!;
  }

  /**
   * The figures of every strategy given, by id: those kept and fresh as they are, those being computed awaited, and
   * all the others computed together in one batch (a fixed number of statements, whatever their number).
   */
  async ofMany(strategies: readonly CopyStrategyRow[]): Promise<Map<number, Figures>> {
    const now = this.d.clock.now();
    const out = new Map<number, Figures>();
    const waiting: Array<Promise<void>> = [];
    const missing: CopyStrategyRow[] = [];
    for (const s of strategies) {
      const kept = this.cache.get(s.id);
      const running = this.computing.get(s.id);
      if (kept && now - kept.at < REFRESH_MS && now >= kept.at) out.set(s.id, kept);
      else if (running) waiting.push(running.then((f) => void out.set(s.id, f)));
      else if (!missing.some((m) => m.id === s.id)) missing.push(s);
    }
    if (missing.length > 0) {
      const batch = this.compute(missing, now);
      const each = new Map(missing.map((s) => [s.id, batch.then((all) => all.get(s.id)!)]));
      // A failed batch is reported to this call below; a later caller waiting on one id hears it from its own await.
      for (const [id, p] of each) {
        p.catch(() => undefined);
        this.computing.set(id, p);
      }
      const done = batch
        .then((all) => {
          for (const [id, f] of all) {
            this.cache.set(id, f);
            out.set(id, f);
          }
        })
        .finally(() => {
          for (const [id, p] of each) if (this.computing.get(id) === p) this.computing.delete(id);
        });
      waiting.push(done);
    }
    await Promise.all(waiting);
    return out;
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
    const figures = await this.ofMany(strategies);
    const rows = strategies.map((s) => ({ s, f: figures.get(s.id)! }));
    return rows.sort((a, b) => {
      const x = a.f.sort[sort];
      const y = b.f.sort[sort];
      return x === y ? a.s.id - b.s.id : x > y ? -1 : 1;
    });
  }

  private updatedAt(rows: ReadonlyArray<{ f: Figures }>): number {
    return rows.reduce((min, r) => Math.min(min, r.f.at), this.d.clock.now());
  }

  /** Computes the figures of `strategies` at `now` from one batch of reads. */
  private async compute(strategies: readonly CopyStrategyRow[], now: number): Promise<Map<number, Figures>> {
    const refs = strategies.map((s) => ({ id: s.id, provider_id: s.provider_id, created_at: Number(s.created_at) }));
    const ids = refs.map((s) => s.id);
    const [moves, closed, followers, equity, used] = await Promise.all([
      this.d.stats.movements(refs),
      this.d.stats.closed(refs, now - WINDOW_MS),
      this.d.repo.activeTotals(ids),
      this.d.stats.equity(refs),
      this.d.stats.mostUsed(refs),
    ]);
    return new Map(
      strategies.map((s) => [
        s.id,
        figuresOf(s, now, {
          moves: moves.get(s.id) ?? { opening: 0, rows: [] },
          closed: closed.get(s.id)!,
          followers: followers.get(s.id)?.n ?? 0,
          equity: equity.get(s.id) ?? 0,
          used: used.get(s.id)!,
        }),
      ]),
    );
  }
}

/** One strategy's figures from what the batch read for it (pure: the rules are the domain's). */
function figuresOf(
  s: CopyStrategyRow,
  now: number,
  r: {
    moves: { opening: number; rows: readonly Movement[] };
    closed: ClosedTotals;
    followers: number;
    equity: number;
    used: { leverage: number; instrumentId: number };
  },
): Figures {
  const since = Number(s.created_at);
  const days = strategyDays(
    micros(r.moves.opening),
    since,
    now,
    r.moves.rows.map((m) => ({ at: m.at, amount: micros(m.amount), trading: !FLOWS.has(m.type) })),
  );
  const curve = afterFeeCurve(days, { performanceBp: s.performance_fee_bp, managementBp: s.management_fee_bp });
  const threeWeek = curveReturn(curve, now - WINDOW_MS);
  const allTime = curveReturn(curve);
  const drawdown = maxDrawdown(curve);
  const win = winRate(r.closed.recent.wins, r.closed.recent.n);
  return {
    entry: {
      three_week_rate: percentText(threeWeek),
      three_week_win: percentText(win),
      three_week_profit: formatMoney(micros(r.closed.recent.profit), 2),
      total_rate: percentText(allTime),
      total_trade_num: r.closed.n,
      followers: r.followers,
      equity: formatMoney(micros(r.equity), 2),
      max_drawdown: percentText(drawdown),
    },
    curve,
    sort: {
      three_week_rate: threeWeek,
      total_rate: allTime,
      followers: BigInt(r.followers),
      equity: BigInt(r.equity),
      max_drawdown: drawdown,
      three_week_win: win,
      total_trade_num: BigInt(r.closed.n),
    },
    multiple: r.used.leverage,
    instrumentId: r.used.instrumentId,
    at: now,
  };
}
