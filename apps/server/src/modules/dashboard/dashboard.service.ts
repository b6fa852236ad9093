import { STAFF_ACCESS, type DashboardAnswer, type ExposureAlert } from '@tradepad/contracts';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import { ZERO, formatMoney, micros } from '@tradepad/domain';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerProblem } from '../ledger/ledger-checker.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { DashboardRepository } from './dashboard.repository.ts';
import { DAY_MS } from '../../core/time.ts';

export interface DashboardDeps {
  db: Db;
  repo: DashboardRepository;
  ledger: LedgerRepository;
  clock: Clock;
  /** Distinct traders logged in on a websocket (the realtime gateway). */
  tradersOnline: () => number;
  /** Instruments over their exposure limit (the trading desk). */
  alerts: () => Promise<ExposureAlert[]>;
  /** The ledger checker (ledger-checker.ts), run at most every `ledgerCheckEveryMs`. */
  checkLedger: (db: Db) => Promise<LedgerProblem[]>;
  ledgerCheckEveryMs?: number;
}

const hasRole = (group: readonly StaffRole[], role: StaffRole) => group.includes(role);

/**
 * The console's home page (issue 18 point 2): today's (UTC) money movements of the house from the ledger, sign-ups,
 * traders online, the review queues and the ledger check, each shown to the roles it concerns. The ledger checker
 * reads every posting, so its result is cached and run again at most every few minutes, never once per visit.
 */
export class DashboardService {
  private ledgerCheck: { problems: number; at: number } | undefined;
  private running: Promise<{ problems: number; at: number }> | undefined;

  constructor(private readonly d: DashboardDeps) {}

  async today(role: StaffRole): Promise<DashboardAnswer> {
    const now = this.d.clock.now();
    const from = now - (now % DAY_MS);
    const money = hasRole(STAFF_ACCESS.finance, role);
    const desk = hasRole(STAFF_ACCESS.dealer, role);
    const [totals, signups, queues, ledger, alerts] = await Promise.all([
      money ? this.d.ledger.houseTotalsSince(this.d.db, from) : undefined,
      this.d.repo.signupsSince(from),
      this.d.repo.queues(),
      this.ledger(now),
      desk ? this.d.alerts() : [],
    ]);
    const of = (kind: Parameters<NonNullable<typeof totals>['get']>[0]) => totals?.get(kind) ?? ZERO;
    return {
      day_start: from,
      // The house deposits account is debited by each credited deposit; withdrawals account credited by each payout.
      deposits: totals ? formatMoney(micros(-of('deposits')), 2) : null,
      withdrawals: totals ? formatMoney(of('withdrawals'), 2) : null,
      fees: totals ? formatMoney(of('fees'), 2) : null,
      // The traders' losses less their gains, plus the overnight financing they paid, less what negative balance
      // protection wrote off.
      house_pnl: totals ? formatMoney(micros(of('trading') + of('swaps') + of('writeoffs')), 2) : null,
      signups,
      traders_online: this.d.tradersOnline(),
      queues,
      ledger: { sound: ledger.problems === 0, problems: ledger.problems, checked_at: ledger.at },
      alerts,
    };
  }

  /** The ledger check, cached for `ledgerCheckEveryMs` (default 5 minutes); one run at a time. */
  private async ledger(now: number): Promise<{ problems: number; at: number }> {
    const every = this.d.ledgerCheckEveryMs ?? 5 * 60_000;
    if (this.ledgerCheck && now - this.ledgerCheck.at < every) return this.ledgerCheck;
    this.running ??= this.d
      .checkLedger(this.d.db)
      .then((problems) => (this.ledgerCheck = { problems: problems.length, at: now }))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
