import {
  chargeable,
  managementDaysDue,
  managementFeeForDay,
  micros,
  microsToStorage,
  performanceFee,
  performanceSettlementDue,
  raisedHighWaterMark,
  utcMonthStart,
  type Micros,
} from '@tradepad/domain';
import { runPeriodically } from '../../core/periodic.ts';
import type { Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { copyFeeCharged } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { TradingEngine } from '../trading/trading.engine.ts';
import { FOLLOWING, type CopyRepository, type FollowWithStrategy } from './copy.repository.ts';

const DAY_MS = 86_400_000;

export interface CopyFeesDeps {
  repo: CopyRepository;
  ledger: LedgerRepository;
  engine: Pick<TradingEngine, 'runFenced' | 'copyEquity'>;
  clock: Clock;
  /** Told after a commit that charged a strategy's fees (its figures are computed again). */
  charged: (strategyId: number) => void;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Copy trading's fees (DESIGN §18, pure rules in the domain's copy-fees.ts): the management fee accrued for every
 * whole UTC day on the copy account's equity, one `copy_fees` row per day (its unique index makes a second charge of
 * the same day impossible, whoever tries it), and the performance fee above the high-water mark settled on the 1st of
 * each month and at unfollow. Each fee is a ledger entry copy account → provider's cash, written in the engine's writer
 * (fenced) on the leader, with the row of the same amount. The leader runs it every minute; tests move their clock and
 * call `run`.
 */
export class CopyFees {
  private stop: (() => void) | undefined;

  constructor(private readonly d: CopyFeesDeps) {}

  /** Charges every fee due at `now`; resolves with how many follows it charged. */
  async run(now = this.d.clock.now()): Promise<number> {
    let charged = 0;
    for (const f of await this.d.repo.activeFollows()) {
      if (!this.due(f, now)) continue;
      const did = await this.d.engine.runFenced(async (trx) => {
        const fresh = await this.d.repo.followWithStrategy(Number(f.id), trx);
        if (!fresh || Number(fresh.status) !== FOLLOWING) return false;
        await this.chargeDue(trx, fresh, now, false);
        return true;
      });
      if (did) {
        charged++;
        this.d.charged(Number(f.strategy_id));
      }
    }
    return charged;
  }

  private due(f: FollowWithStrategy, now: number): boolean {
    return (
      managementDaysDue(Number(f.management_accrued_at), now).length > 0 ||
      performanceSettlementDue(Number(f.performance_settled_at), now)
    );
  }

  /**
   * In the caller's transaction: the management fee of each whole day not accrued yet, then the performance fee when a
   * month has begun since the last settlement, or always when `final` (the unfollow, once the copies are closed). Each
   * fee is taken from the copy account's cash, at most what it holds (chargeable). Never throws a refusal: it runs
   * after the engine's closes in the same transaction.
   */
  async chargeDue(trx: Tx, f: FollowWithStrategy, now: number, final: boolean): Promise<void> {
    const account = Number(f.account_user_id);
    let cash: bigint = await this.d.ledger.lockBalance(trx, account, 'cash');
    // Nothing open (or not held by the engine yet): the equity is the cash.
    let equity: bigint = (final ? undefined : this.d.engine.copyEquity(account)) ?? micros(cash);
    const base = {
      followId: Number(f.id),
      followerId: Number(f.follower_id),
      accountUserId: account,
      providerId: Number(f.provider_id),
    };
    const charge = async (kind: 'performance' | 'management', amount: Micros, basis: bigint, periodStart: number) => {
      if (amount <= 0n) return;
      const row = {
        follow_id: base.followId,
        strategy_id: Number(f.strategy_id),
        follower_id: base.followerId,
        provider_id: base.providerId,
        kind,
        amount: microsToStorage(amount),
        basis: microsToStorage(micros(basis)),
        period_start: periodStart,
        created_at: now,
      };
      if (!(await this.d.repo.insertFee(trx, row))) return;
      await this.d.ledger.post(trx, copyFeeCharged({ ...base, kind, amount, at: now }));
      cash -= amount;
      equity -= amount;
    };

    const days = managementDaysDue(Number(f.management_accrued_at), now);
    for (const day of days) {
      const fee = chargeable(managementFeeForDay(micros(equity), Number(f.management_fee_bp)), micros(cash));
      await charge('management', fee, equity, day);
    }
    if (days.length > 0) await this.d.repo.setAccrued(trx, base.followId, days[days.length - 1]! + DAY_MS);

    const settledAt = Number(f.performance_settled_at);
    if (final || performanceSettlementDue(settledAt, now)) {
      const mark = micros(Number(f.high_water_mark));
      const due = performanceFee(micros(equity), mark, Number(f.performance_fee_bp));
      const before = equity;
      await charge('performance', chargeable(due, micros(cash)), before - mark, settledAt);
      const raised = raisedHighWaterMark(mark, micros(before), due);
      await this.d.repo.setSettled(trx, base.followId, microsToStorage(raised), final ? settledAt : utcMonthStart(now));
    }
  }

  /** Checks now and then every `everyMs` (a minute), until `stopCharging`: on the engine leader only. */
  startCharging(everyMs = 60_000): void {
    this.stop ??= runPeriodically(
      () => this.run(),
      everyMs,
      (err) => this.d.log.warn({ err }, 'copy fees not charged'),
    );
  }

  stopCharging(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
