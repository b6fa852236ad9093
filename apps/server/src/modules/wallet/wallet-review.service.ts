import { DEPOSIT_BANK, RECORD_COMPLETED, RECORD_REJECTED } from '@tradepad/contracts';
import { formatMoney, micros } from '@tradepad/domain';
import { deny, refuse } from '../../core/errors.ts';
import { DAY_MS } from '../../core/time.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import { recordExport } from '../audit/export-audit.ts';
import { depositCredited, withdrawalPaid, withdrawalReturned } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import { methodAddress, type ImageStore } from './wallet.service.ts';
import type { QueueFilter } from '../../db/review-queue.ts';
import type { DepositRow, WalletRepository, WithdrawalRow } from './wallet.repository.ts';
import { plainAmount } from './wallet.views.ts';

export interface ReviewDeps {
  db: Db;
  repo: WalletRepository;
  ledger: LedgerRepository;
  audit: AuditRepository;
  images: ImageStore;
  /** Shown beside each withdrawal, so staff see whether its owner is verified. */
  kycStatus: (userId: number) => Promise<number>;
  notifier?: Notifier | undefined;
  /** In-app notices (issue 21): each decision's notice is written in the decision's transaction. */
  notices?: NoticeBoard | undefined;
  /**
   * The staff members whose adjustments credited the user since a time (unix ms; the users module): a withdrawal of a
   * user so credited in the last 7 days is approved by someone else (issue 29, DESIGN §16 "Insiders").
   */
  creditors?: (trx: Tx, userId: number, since: number) => Promise<number[]>;
  clock: Clock;
}

/** How long after an adjustment credited a user its author may not approve that user's withdrawals. */
export const ADJUSTER_HOLD_MS = 7 * DAY_MS;

const usd = (v: number) => formatMoney(micros(v), 2);

/**
 * Staff review of deposits and withdrawals (DESIGN §3, §6). Every decision is one transaction: a compare-and-set on
 * the record's status, the ledger entry that moves the money, and the audit record with the state before and after.
 * Of two racing decisions exactly one changes the status; the other is told the record was already reviewed.
 */
export class WalletReviewService {
  private readonly notifier: Notifier;
  private readonly notices: NoticeBoard;

  constructor(private readonly d: ReviewDeps) {
    this.notifier = d.notifier ?? silentNotifier;
    this.notices = d.notices ?? silentNotices;
  }

  /** Audits an export of a queue (`deposit.export`, `withdrawal.export`, with its filters) before its first row. */
  noteExport(actor: Actor, what: 'deposit' | 'withdrawal', filters: Record<string, unknown>): Promise<void> {
    return recordExport(this.d.audit, actor, this.d.clock.now(), what, filters);
  }

  async depositQueue(f: QueueFilter) {
    const { rows, total } = await this.d.repo.depositQueue(f);
    const duplicates = await this.d.repo.duplicateProofs(rows.map((r) => r.id));
    return {
      data: rows.map((r) => ({
        ...depositState(r),
        user_id: r.user_id,
        user_account: r.user_account,
        type: r.type,
        currency_code: r.currency_code,
        protocol_code: r.protocol_code,
        number: plainAmount(r.amount),
        usd_amount: usd(r.usd_amount),
        from_address: r.from_address,
        proof_url: this.d.images.signedUrl(r.proof_name),
        duplicate_of: duplicates.get(r.id) ?? [],
        created_at: r.created_at,
        reviewed_at: r.reviewed_at,
        reviewed_by: r.reviewed_by,
      })),
      total,
    };
  }

  async withdrawalQueue(f: QueueFilter) {
    const { rows, total } = await this.d.repo.withdrawalQueue(f);
    const kyc = new Map(
      await Promise.all([...new Set(rows.map((r) => r.user_id))].map(async (u) => [u, await this.d.kycStatus(u)] as const)),
    );
    return {
      data: rows.map((r) => ({
        kyc_status: kyc.get(r.user_id) ?? 0,
        ...withdrawalState(r),
        user_id: r.user_id,
        user_account: r.user_account,
        type: r.type,
        code: r.code,
        protocol: r.protocol,
        address: r.address,
        bank_name: r.bank_name,
        payee_name: r.payee_name,
        payee_account: r.payee_account,
        number: usd(r.amount),
        fee: usd(r.fee),
        real_number: usd(r.received),
        memo: r.memo,
        created_at: r.created_at,
        reviewed_at: r.reviewed_at,
        reviewed_by: r.reviewed_by,
      })),
      total,
    };
  }

  /** Credits the deposit's USD amount to the user's cash. */
  async approveDeposit(actor: Actor, id: number) {
    const row = await this.decideDeposit(actor, id, { status: RECORD_COMPLETED, remark: '' }, async (trx, before, at) => {
      await this.d.ledger.post(
        trx,
        depositCredited({ depositId: id, userId: before.user_id, amount: micros(before.usd_amount), at }),
      );
      await this.notices.record(trx, before.user_id, 'deposit', {
        approved: true,
        id,
        amount: usd(before.usd_amount),
        remark: '',
      });
    });
    this.notifier.notify(row.user_id, { kind: 'deposit_credited', amount: micros(row.usd_amount) });
    return depositState({ ...row, status: RECORD_COMPLETED });
  }

  /** Rejects (2) or marks invalid (3) with a remark the user reads; no money moves. */
  async rejectDeposit(actor: Actor, id: number, remark: string, status = RECORD_REJECTED) {
    const row = await this.decideDeposit(actor, id, { status, remark }, (trx, before) =>
      this.notices.record(trx, before.user_id, 'deposit', { approved: false, id, amount: usd(before.usd_amount), remark }),
    );
    this.notifier.notify(row.user_id, { kind: 'deposit_rejected', amount: micros(row.usd_amount), remark });
    return depositState({ ...row, status, remark });
  }

  /**
   * Pays the withdrawal out of the locked balance: the received part to the payout account, the fee to the house. Never
   * by a staff member whose adjustment credited the user in the last 7 days (refused, audited as denied): one person
   * alone may not both create money and pay it out.
   */
  async approveWithdrawal(actor: Actor, id: number, transferRef: string) {
    const change = { status: RECORD_COMPLETED, remark: '', transferRef };
    const row = await this.decideWithdrawal(actor, id, change, async (trx, before, at) => {
      const creditors = this.d.creditors ? await this.d.creditors(trx, before.user_id, at - ADJUSTER_HOLD_MS) : [];
      if (creditors.includes(actor.staffId)) throw deny('err.withdrawal_adjuster');
      await this.d.ledger.post(
        trx,
        withdrawalPaid({
          withdrawalId: id,
          userId: before.user_id,
          amount: micros(before.amount),
          fee: micros(before.fee),
          at,
        }),
      );
      await this.notices.record(trx, before.user_id, 'withdrawal', {
        approved: true,
        id,
        amount: usd(before.amount),
        remark: '',
      });
    });
    this.notifier.notify(row.user_id, {
      kind: 'withdrawal_paid',
      amount: micros(row.amount),
      address: methodAddress({ dc_address: row.address, payee_account: row.payee_account, bank_name: row.bank_name }),
    });
    return withdrawalState({ ...row, status: RECORD_COMPLETED, transfer_ref: transferRef });
  }

  /** Gives the locked amount back to the user's cash. */
  async rejectWithdrawal(actor: Actor, id: number, remark: string) {
    const row = await this.decideWithdrawal(actor, id, { status: RECORD_REJECTED, remark }, async (trx, before, at) => {
      await this.d.ledger.post(
        trx,
        withdrawalReturned({ withdrawalId: id, userId: before.user_id, amount: micros(before.amount), at }),
      );
      await this.notices.record(trx, before.user_id, 'withdrawal', { approved: false, id, amount: usd(before.amount), remark });
    });
    this.notifier.notify(row.user_id, { kind: 'withdrawal_rejected', amount: micros(row.amount), remark });
    return withdrawalState({ ...row, status: RECORD_REJECTED, remark });
  }

  private decideDeposit(actor: Actor, id: number, change: Change, move: Move<DepositRow>) {
    const load = (trx: Tx) => this.d.repo.deposit(trx, id);
    return this.decide(actor, { table: 'deposits', target: 'deposit', id, load, state: depositState }, change, move);
  }

  private decideWithdrawal(actor: Actor, id: number, change: Change, move: Move<WithdrawalRow>) {
    const load = (trx: Tx) => this.d.repo.withdrawal(trx, id);
    return this.decide(actor, { table: 'withdrawals', target: 'withdrawal', id, load, state: withdrawalState }, change, move);
  }

  /**
   * One review decision: reads the record, changes its status only if still unreviewed, moves the money and writes
   * the audit record with the state before and after, all in one transaction. Returns the record as it was before.
   */
  private async decide<R extends DepositRow | WithdrawalRow>(
    actor: Actor,
    record: {
      table: 'deposits' | 'withdrawals';
      target: string;
      id: number;
      load: (trx: Tx) => Promise<R | undefined>;
      state: (r: R) => object;
    },
    change: Change,
    move: Move<R>,
  ): Promise<R> {
    const at = this.d.clock.now();
    return transaction(this.d.db, async (trx) => {
      const before = await record.load(trx);
      if (!before) throw refuse('err.record_unknown');
      if (!(await this.d.repo.review(trx, record.table, record.id, { ...change, staffId: actor.staffId, at })))
        throw refuse('err.already_reviewed');
      await move(trx, before, at);
      const after = { ...before, status: change.status, remark: change.remark, transfer_ref: change.transferRef ?? '' };
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: `${record.target}.${change.status === RECORD_COMPLETED ? 'approve' : 'reject'}`,
          targetType: record.target,
          targetId: String(record.id),
          before: record.state(before),
          after: record.state(after),
          ip: actor.ip,
          peer: actor.peer,
          at,
        },
        trx,
      );
      return before;
    });
  }
}

type Change = { status: number; remark: string; transferRef?: string };
type Move<R> = (trx: Tx, before: R, at: number) => Promise<unknown>;

/** The reviewable state of a deposit, for lists and the audit log. */
function depositState(r: DepositRow) {
  return {
    id: r.id,
    status: r.status,
    remark: r.remark,
    amount: plainAmount(r.amount),
    currency: r.type === DEPOSIT_BANK ? r.currency_code : `${r.currency_code}-${r.protocol_code}`,
  };
}

function withdrawalState(r: WithdrawalRow) {
  return {
    id: r.id,
    status: r.status,
    remark: r.remark,
    transfer_ref: r.transfer_ref,
    amount: usd(r.amount),
    currency: r.protocol ? `${r.code}-${r.protocol}` : r.code,
  };
}
