import { randomBytes } from 'node:crypto';
import {
  KYC_APPROVED,
  percentToBasisPoints,
  type CopyFollowing,
  type CopyMine,
  type FollowParams,
  type FollowView,
  type KycStatus,
  type Lang,
  type StrategyCreateParams,
  type StrategyDetail,
} from '@tradepad/contracts';
import {
  firstAccrual,
  formatMoney,
  micros,
  microsToStorage,
  parseMoney,
  utcMonthStart,
  withdrawableCash,
  type Micros,
} from '@tradepad/domain';
import { AppError, refuse } from '../../core/errors.ts';
import { afterCommit, transaction } from '../../db/after-commit.ts';
import type { Db } from '../../db/database.ts';
import type { CopyStrategyRow, UserRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import type { NoticeBoard } from '../../ports/notices.ts';
import { copyFunded, copyReturned } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { TradingEngine } from '../trading/trading.engine.ts';
import { maskUid } from '../content/rankings.ts';
import type { CopyFigures } from './copy-figures.ts';
import type { CopyFees } from './copy-fees.job.ts';
import { equityStopData } from './copy-notices.ts';
import type { MemoryRoster } from './copy-roster.ts';
import { FOLLOWING, STRATEGY_OPEN, type CopyRepository } from './copy.repository.ts';
import { eventView, followView, strategyStatus, usd } from './copy-views.ts';

export interface CopyServiceDeps {
  db: Db;
  repo: CopyRepository;
  ledger: LedgerRepository;
  engine: Pick<TradingEngine, 'runFenced' | 'copyEquity' | 'closeCopyAccount' | 'figures'>;
  roster: MemoryRoster;
  figures: CopyFigures;
  fees: CopyFees;
  clock: Clock;
  /** The follower told of an equity stop (an unfollow is their own act and is not told). */
  notices: NoticeBoard;
  kycStatus: (userId: number) => Promise<KycStatus>;
  userById: (id: number) => Promise<UserRow | undefined>;
  /** Copy accounts' equity now, by account user id, micros (from the engine leader wherever this runs). */
  equities: (accountIds: number[]) => Promise<Map<number, number>>;
}

/** Why a follow ends. */
export type EndReason = 'unfollow' | 'equity_stop';

const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

/**
 * Copy trading (issue 34, DESIGN §18): providers open strategies; followers follow with a copy account of their own,
 * funded from their cash in one fenced transaction of the engine's writer; an unfollow (or the equity stop) closes the
 * copies at the market, charges the fees due and returns the rest in the transaction of the closes. Follows, unfollows
 * and suspensions run on the engine leader (the routes forward them), so the in-memory roster changes only after their
 * commit, on the one node that reads it.
 */
export class CopyService {
  /** Follows being ended now (an unfollow and the equity stop at once end it once). */
  private readonly ending = new Map<number, Promise<void>>();

  constructor(private readonly d: CopyServiceDeps) {}

  // Strategies

  async openStrategy(user: UserRow, p: StrategyCreateParams, lang: Lang): Promise<StrategyDetail> {
    if (user.is_demo || user.copy_owner_id !== null) throw refuse('err.only_real_account');
    if ((await this.d.kycStatus(user.id)) !== KYC_APPROVED) throw refuse('err.copy_kyc_required');
    if (!AMOUNT.test(p.min_investment)) throw refuse('err.amount_invalid');
    const at = this.d.clock.now();
    const id = await transaction(this.d.db, async (trx) => {
      if (await this.d.repo.strategyOfProvider(user.id, trx)) throw refuse('err.copy_strategy_exists');
      return this.d.repo.insertStrategy(trx, {
        provider_id: user.id,
        name: p.name,
        description: p.description ?? '',
        performance_fee_bp: percentToBasisPoints(p.performance_fee_percent),
        management_fee_bp: percentToBasisPoints(p.management_fee_percent),
        min_investment: microsToStorage(parseMoney(p.min_investment)),
        status: STRATEGY_OPEN,
        suspend_reason: '',
        created_at: at,
        updated_at: at,
      });
    }).catch((err: unknown) => {
      // Two at once: the unique provider column lets one in.
      if (!(err instanceof AppError) && /unique|duplicate/i.test(String(err))) throw refuse('err.copy_strategy_exists');
      throw err;
    });
    return this.detail(id, user.id, lang);
  }

  async detail(id: number, viewerId: number | undefined, lang: Lang): Promise<StrategyDetail> {
    const s = await this.d.repo.strategyById(id);
    if (!s) throw refuse('err.copy_strategy_unknown');
    const provider_uid = await this.d.repo.providerUid(s.provider_id);
    const mine = viewerId === undefined ? undefined : await this.d.repo.activeFollow(s.id, viewerId);
    const my_follow = mine ? (await this.views([{ ...mine, strategy_name: s.name, provider_uid }], lang))[0]! : null;
    return { ...(await this.page(s, provider_uid)), my_follow };
  }

  private async page(s: CopyStrategyRow, provider_uid: string): Promise<Omit<StrategyDetail, 'my_follow'>> {
    const f = await this.d.figures.of(s);
    return {
      ...this.d.figures.entryOf({ ...s, provider_uid }, f),
      description: s.description,
      min_investment: usd(Number(s.min_investment)),
      status: strategyStatus(Number(s.status)),
      created_at: Number(s.created_at),
      curve: f.curve.map((p) => ({ t: p.t, equity: formatMoney(p.equity, 2) })),
    };
  }

  /** The caller's own strategy as its provider: figures, active followers (masked) and fees earned. */
  async mine(userId: number): Promise<CopyMine> {
    const s = await this.d.repo.strategyOfProvider(userId);
    const earned = await this.d.repo.feesEarned(userId);
    const money = {
      fees_earned: usd(earned.performance + earned.management),
      performance_fees_earned: usd(earned.performance),
      management_fees_earned: usd(earned.management),
    };
    if (!s) return { strategy: null, followers: [], ...money };
    const follows = await this.d.repo.providerFollows(s.id);
    const [equities, fees] = await Promise.all([
      this.d.equities(follows.map((f) => Number(f.account_user_id))),
      this.d.repo.feesByFollow(follows.map((f) => Number(f.id))),
    ]);
    return {
      strategy: await this.page(s, await this.d.repo.providerUid(userId)),
      followers: follows.map((f) => ({
        follower_uid: maskUid(f.follower_uid),
        invested: usd(Number(f.invested)),
        equity: usd(equities.get(Number(f.account_user_id)) ?? 0),
        fees_paid: usd(fees.get(Number(f.id)) ?? 0),
        started_at: Number(f.started_at),
      })),
      ...money,
    };
  }

  async following(userId: number, lang: Lang): Promise<CopyFollowing> {
    const data = await this.views(await this.d.repo.followsOf(userId), lang);
    return { data, total: data.length };
  }

  private async views(follows: ReadonlyArray<Parameters<typeof followView>[0]>, lang: Lang): Promise<FollowView[]> {
    const active = follows.filter((f) => Number(f.status) === FOLLOWING).map((f) => Number(f.account_user_id));
    const ids = follows.map((f) => Number(f.id));
    const [equities, fees, events] = await Promise.all([
      this.d.equities(active),
      this.d.repo.feesByFollow(ids),
      this.d.repo.recentEvents(follows.map((f) => ({ id: Number(f.id), account_user_id: Number(f.account_user_id) }))),
    ]);
    return follows.map((f) =>
      followView(
        f,
        { equity: equities.get(Number(f.account_user_id)) ?? 0, feesPaid: fees.get(Number(f.id)) ?? 0 },
        (events.get(Number(f.id)) ?? []).map((e) => eventView(e, lang)),
      ),
    );
  }

  // Following (on the engine leader)

  /**
   * Follows a strategy: the copy account (a user row of the follower's type), the follow, and `amount` moved from the
   * follower's cash to the copy account, in one fenced transaction of the engine's writer; every check comes first.
   */
  async follow(followerId: number, p: FollowParams, lang: Lang): Promise<FollowView> {
    if (!AMOUNT.test(p.amount) || parseMoney(p.amount) <= 0n) throw refuse('err.amount_invalid');
    if (!/^\d{1,6}(\.\d{1,4})?$/.test(p.value) || /^[0.]+$/.test(p.value)) throw refuse('err.copy_value_invalid');
    const amount = parseMoney(p.amount);
    const follower = await this.d.userById(followerId);
    if (!follower || follower.is_demo || follower.copy_owner_id !== null) throw refuse('err.only_real_account');
    const at = this.d.clock.now();
    const uid = `C${randomBytes(7).toString('hex')}`;
    const invite = `C${randomBytes(7).toString('hex')}`;
    const followId = await this.d.engine.runFenced(async (trx) => {
      const s = await this.d.repo.strategyById(p.strategy_id, trx);
      if (!s) throw refuse('err.copy_strategy_unknown');
      if (Number(s.provider_id) === followerId) throw refuse('err.copy_own_strategy');
      if (Number(s.status) !== STRATEGY_OPEN) throw refuse('err.copy_strategy_not_open');
      if (amount < BigInt(s.min_investment)) throw refuse('err.copy_below_min', { min: usd(Number(s.min_investment)) });
      if (await this.d.repo.activeFollow(s.id, followerId, trx)) throw refuse('err.copy_already_following');
      const cash = await this.d.ledger.lockBalance(trx, followerId, 'cash');
      const { floating } = this.d.engine.figures(followerId, cash);
      if (amount > withdrawableCash({ balance: cash, floating })) throw refuse('err.copy_insufficient_cash');

      const account = await this.d.repo.insertCopyAccount(trx, follower, uid, invite, at);
      const id = await this.d.repo.insertFollow(trx, {
        strategy_id: s.id,
        follower_id: followerId,
        account_user_id: account,
        mode: p.mode,
        value: p.value,
        equity_stop_percent: p.equity_stop_percent,
        invested: microsToStorage(amount),
        high_water_mark: microsToStorage(amount),
        management_accrued_at: firstAccrual(at),
        performance_settled_at: utcMonthStart(at),
        status: FOLLOWING,
        end_reason: '',
        returned: 0,
        started_at: at,
        ended_at: 0,
      });
      await this.d.ledger.post(trx, copyFunded({ followId: id, followerId, accountUserId: account, amount, at }));
      afterCommit(trx, () => this.followed(id));
      return id;
    });
    return this.followViewOf(followId, lang);
  }

  /** After a follow's commit: the roster gains it (read again: the commit is done) and the figures are redone. */
  private followed(followId: number): void {
    void this.d.repo.followWithStrategy(followId).then((f) => {
      if (f && Number(f.status) === FOLLOWING) this.d.roster.add(f);
      if (f) this.d.figures.forget(Number(f.strategy_id));
    });
  }

  async unfollow(followerId: number, strategyId: number, lang: Lang): Promise<FollowView> {
    const f = await this.d.repo.activeFollow(strategyId, followerId);
    if (!f) throw refuse('err.copy_not_following');
    await this.end(Number(f.id), 'unfollow');
    return this.followViewOf(Number(f.id), lang);
  }

  /**
   * Ends a follow: the engine closes the copy account's positions at the market and, in the same transaction, the fees
   * due are charged, the rest goes back to the follower's cash and the follow ends. Two ends at once (an unfollow and
   * the equity stop) run once.
   */
  end(followId: number, reason: EndReason): Promise<void> {
    let running = this.ending.get(followId);
    if (!running) {
      running = this.close(followId, reason).finally(() => this.ending.delete(followId));
      this.ending.set(followId, running);
    }
    return running;
  }

  private async close(followId: number, reason: EndReason): Promise<void> {
    const f = await this.d.repo.followById(followId);
    if (!f || Number(f.status) !== FOLLOWING) return;
    let ended = false;
    await this.d.engine.closeCopyAccount(Number(f.account_user_id), async (trx) => {
      ended = false;
      const now = this.d.clock.now();
      const row = await this.d.repo.followWithStrategy(followId, trx);
      if (!row || Number(row.status) !== FOLLOWING) return;
      await this.d.fees.chargeDue(trx, row, now, true);
      const account = Number(row.account_user_id);
      const left: Micros = await this.d.ledger.lockBalance(trx, account, 'cash');
      if (left > 0n)
        await this.d.ledger.post(
          trx,
          copyReturned({ followId, followerId: Number(row.follower_id), accountUserId: account, amount: left, at: now }),
        );
      const returned = micros(left > 0n ? left : 0n);
      ended = await this.d.repo.endFollow(trx, followId, reason, microsToStorage(returned), now);
      if (ended && reason === 'equity_stop')
        await this.d.notices.record(
          trx,
          Number(row.follower_id),
          'copy_stop',
          equityStopData(Number(row.strategy_id), row.strategy_name, returned),
        );
    });
    if (ended) {
      this.d.roster.remove(followId);
      this.d.figures.forget(Number(f.strategy_id));
    }
  }

  private async followViewOf(followId: number, lang: Lang): Promise<FollowView> {
    const f = await this.d.repo.followWithStrategy(followId);
    if (!f) throw refuse('err.copy_not_following');
    const provider_uid = await this.d.repo.providerUid(f.provider_id);
    return (await this.views([{ ...f, provider_uid }], lang))[0]!;
  }

  /** The copy accounts following now, their roster loaded afresh (the leader's start). */
  async loadRoster(): Promise<void> {
    this.d.roster.load(await this.d.repo.activeFollows());
  }
}
