import type { RankEntry, RankList } from '@tradepad/contracts';
import { divideRounded, formatMoney, micros } from '@tradepad/domain';
import type { Clock } from '../../ports/clock.ts';
import type { RankingsRepository } from './rankings.repository.ts';

/** The statistics window of the spec's §9 and how often the list is recomputed. */
export const WINDOW_MS = 21 * 86_400_000;
export const REFRESH_MS = 5 * 60_000;

/** `a ÷ b` as a percentage with 2 decimals, exactly ('0.00' when b is 0). */
export function percent(a: bigint, b: bigint): string {
  if (b === 0n) return '0.00';
  const hundredths = divideRounded(a * 10_000n, b, 'half_away');
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A listed name that says who, to the person themselves, and nothing to anyone else: `86****21`. */
export const maskUid = (uid: string): string => (uid.length > 4 ? `${uid.slice(0, 2)}****${uid.slice(-2)}` : '****');

/**
 * Copy-trade leaders from real closed orders (never demo ones) of users who opted in, ranked by their profit rate over
 * the last 3 weeks. Computed with a few aggregate queries and kept for REFRESH_MS, so a busy list costs nothing.
 */
export class Rankings {
  private cached: RankList | undefined;
  private computing: Promise<RankList> | undefined;

  constructor(
    private readonly d: {
      repo: RankingsRepository;
      clock: Clock;
      instrumentCode: (id: number) => string | undefined;
      /** Told when a user's row changes (the sessions keep it in memory for a few seconds). */
      userChanged: (userId: number) => void;
    },
  ) {}

  async page(page: number, limit: number): Promise<RankList> {
    const all = await this.current();
    return { data: all.data.slice((page - 1) * limit, page * limit), total: all.total, updated_at: all.updated_at };
  }

  /** Lists the user (or stops listing them); the change shows at once. */
  async setOptIn(userId: number, optIn: boolean): Promise<void> {
    await this.d.repo.setOptIn(userId, optIn);
    this.d.userChanged(userId);
    this.cached = undefined;
  }

  private current(): Promise<RankList> {
    if (this.cached && this.d.clock.now() - this.cached.updated_at < REFRESH_MS) return Promise.resolve(this.cached);
    this.computing ??= this.compute()
      .then((list) => (this.cached = list))
      .finally(() => (this.computing = undefined));
    return this.computing;
  }

  private async compute(): Promise<RankList> {
    const now = this.d.clock.now();
    const [recent, total, leverages, codes, users] = await Promise.all([
      this.d.repo.totals(now - WINDOW_MS),
      this.d.repo.totals(undefined),
      this.d.repo.mostUsed('leverage'),
      this.d.repo.mostUsed('instrument_id'),
      this.d.repo.listedUsers(),
    ]);
    const allTime = new Map(total.map((t) => [t.user_id, t]));
    const uid = new Map(users.map((u) => [Number(u.id), u.uid]));
    const entries = recent
      .filter((r) => uid.has(r.user_id))
      .map((r): RankEntry & { sortKey: bigint } => {
        const all = allTime.get(r.user_id) ?? r;
        return {
          strategy_id: 0,
          user: maskUid(uid.get(r.user_id)!),
          multiple: leverages.get(r.user_id) ?? 0,
          three_week_rate: percent(BigInt(r.profit), BigInt(r.margin)),
          three_week_win: percent(BigInt(r.wins), BigInt(r.n)),
          three_week_profit: formatMoney(micros(r.profit), 2),
          total_rate: percent(BigInt(all.profit), BigInt(all.margin)),
          total_trade_num: all.n,
          code: this.d.instrumentCode(codes.get(r.user_id) ?? 0) ?? '',
          followers: 0,
          sortKey: r.margin ? (BigInt(r.profit) * 1_000_000n) / BigInt(r.margin) : 0n,
        };
      })
      .sort((a, b) => (a.sortKey === b.sortKey ? 0 : a.sortKey > b.sortKey ? -1 : 1))
      .map(({ sortKey: _s, ...entry }) => entry);
    return { data: entries, total: entries.length, updated_at: now };
  }
}
