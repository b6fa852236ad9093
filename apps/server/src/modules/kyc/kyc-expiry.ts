import {
  daysUntil,
  documentExpired,
  EXPIRY_REMINDER_DAYS,
  expiryReminderDue,
  utcDateOf,
  type ExpiryReminder,
  type IsoDate,
} from '@tradepad/domain';
import { runPeriodically } from '../../core/periodic.ts';
import { DAY_MS, HOUR_MS } from '../../core/time.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import type { KycRepository, KycRow } from './kyc.repository.ts';

export interface KycExpiryDeps {
  db: Db;
  repo: KycRepository;
  clock: Clock;
  notifier?: Notifier | undefined;
  notices?: NoticeBoard | undefined;
  log: { warn(obj: object, msg: string): void };
}

/** What one check did. */
export interface ExpiryCheckResult {
  reminded: number;
  expired: number;
}

const BATCH = 200;

/**
 * The daily check of verified identity documents (DESIGN §16 "Real-name depth"): 30 and 7 days before a document's
 * expiry its holder is told (in-app notice and push, mail), each reminder once; a document past its expiry is marked
 * expired so staff see it in the queue. It runs on the engine leader only (`onLeading`), and looks every hour so a
 * restart or a new leader never skips a day; each reminder and mark is a compare-and-set on its own column, so a
 * second run, or two nodes during a change of leader, tell nothing twice.
 */
export class KycExpiryCheck {
  private stop: (() => void) | undefined;

  constructor(private readonly d: KycExpiryDeps) {}

  async run(): Promise<ExpiryCheckResult> {
    const now = this.d.clock.now();
    const today = utcDateOf(now);
    const horizon = utcDateOf(now + EXPIRY_REMINDER_DAYS[0] * DAY_MS);
    const result: ExpiryCheckResult = { reminded: 0, expired: 0 };
    for (let after = 0; ;) {
      const rows = await this.d.repo.expiring(horizon, BATCH, after);
      for (const row of rows) await this.check(row, today, now, result);
      if (rows.length < BATCH) return result;
      after = rows[rows.length - 1]!.id;
    }
  }

  private async check(row: KycRow, today: IsoDate, now: number, result: ExpiryCheckResult): Promise<void> {
    const expiry = row.doc_expiry as IsoDate;
    if (documentExpired(expiry, today)) {
      if (await this.d.repo.markExpired(row.id, now)) result.expired++;
      return;
    }
    const told = new Set<ExpiryReminder>([
      ...(row.reminded_30_at !== null ? [30 as const] : []),
      ...(row.reminded_7_at !== null ? [7 as const] : []),
    ]);
    const due = expiryReminderDue(expiry, today, told);
    if (due === undefined) return;
    const days = daysUntil(expiry, today);
    const first = await transaction(this.d.db, async (trx) => {
      if (!(await this.d.repo.markReminded(trx, row.id, due, now))) return false;
      await (this.d.notices ?? silentNotices).record(trx, row.user_id, 'kyc', { expiry_days: due, days, expiry });
      return true;
    });
    if (!first) return;
    result.reminded++;
    (this.d.notifier ?? silentNotifier).notify(row.user_id, { kind: 'kyc_expiry', days, expiry });
  }

  /** Checks now and then every hour, until `stopChecking`. */
  startChecking(everyMs = HOUR_MS): void {
    this.stop ??= runPeriodically(
      () => this.run(),
      everyMs,
      (err) => this.d.log.warn({ err }, 'the real-name expiry check failed'),
    );
  }

  stopChecking(): void {
    this.stop?.();
    this.stop = undefined;
  }
}
