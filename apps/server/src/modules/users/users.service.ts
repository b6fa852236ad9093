import type {
  AdjustParams,
  Adjustment,
  AdjustmentKind,
  AdminNote,
  AdminUser,
  AdminUserDetail,
  Lang,
  UserStatusParams,
} from '@tradepad/contracts';
import {
  exactMoney,
  adjustmentBalance,
  creditChange,
  formatLots,
  formatMoney,
  freeMargin,
  lots,
  micros,
  microsToStorage,
  parseMoney,
  type Micros,
} from '@tradepad/domain';
import { deny, refuse } from '../../core/errors.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import { batchesOf, type PageRequest } from '../../db/paging.ts';
import type { UserRow } from '../../db/schema.ts';
import { translate } from '../../i18n/translate.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import { recordExport } from '../audit/export-audit.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { DAY_MS } from '../../core/time.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import { balanceAdjusted, creditAdjusted } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import {
  ADJUSTMENT_CREDITED,
  ADJUSTMENT_REJECTED,
  ADJUSTMENT_WAITING,
  type AdjustmentRow,
  type UserFilter,
  type UserListRow,
  type UsersRepository,
} from './users.repository.ts';

/** What the profile and a debit need of the trading engine: its live figures of an account at a given cash. */
export interface AccountFigures {
  /** From the engine leader's book, wherever this node is (issue 19). */
  figures(
    userId: number,
    cash: Micros,
    credit?: Micros,
  ): Promise<{ equity: Micros; usedMargin: Micros; floating: Micros; freeMargin: Micros; level: number }>;
}

export interface UsersAdminDeps {
  db: Db;
  repo: UsersRepository;
  ledger: LedgerRepository;
  audit: AuditRepository;
  engine: AccountFigures;
  /** The trader sessions: signing a user out (the bus tells their sockets) and forgetting a changed user row. */
  sessions: {
    revokeAll(actorId: number, keepSessionId?: number, db?: Db | Tx): Promise<void>;
    forgetUser(userId: number): void;
  };
  /** Two-factor sign-in: whether it is on, and the staff reset (which notifies the trader). */
  totp: { enabled(userId: number): Promise<boolean>; resetByStaff(userId: number): Promise<boolean> };
  /** Signed links to real-name images. */
  images: { signedUrl(name: string): string };
  /**
   * The run-time settings: `adjust_approval_usd` (what one author may credit alone to one user in 24 h) and
   * `adjust_self_limit_usd` (the bonuses and compensations one author may credit alone in 24 h).
   */
  settings: Pick<SettingsService, 'int'>;
  /** The trader told of an adjustment credited: an in-app notice in its transaction, then mail after the commit. */
  notices?: NoticeBoard | undefined;
  notifier?: Notifier | undefined;
  clock: Clock;
  /** A user's account type as the profile names it (DESIGN §16), from the types in memory. */
  accountTypeOf?: ((typeId: number | null) => { id: number; name: string }) | undefined;
}

/** Kinds of adjustment that give money away (a gift rather than a correction): a daily limit per author. */
const GIFTS: readonly AdjustmentKind[] = ['bonus', 'compensation'];
const USD = 1_000_000n;

const usd = (v: number | bigint) => formatMoney(micros(v), 2);
/** An amount in a deposit's own currency: up to 6 decimals, trailing zeros dropped. */
const plain = (v: number) => formatMoney(micros(v), 6).replace(/\.?0+$/, '');
const account = (u: { email: string | null; phone: string | null; uid: string }) => u.email ?? u.phone ?? u.uid;

/**
 * The back office's users (DESIGN §11): search, the profile with the engine's live figures, the sign-in and trading
 * switches, signing out, 2FA reset, notes and balance adjustments. Every action is one transaction with its audit
 * record (`user.status`, `user.sessions_revoke`, `user.totp_reset`, `user.note`, `user.adjust`, `adjustment.approve`,
 * `adjustment.reject`); an adjustment's money moves by one balanced ledger entry against the house in the same
 * transaction, and its approval is a compare-and-set, so two clicks pay once.
 */
export class UsersAdminService {
  constructor(private readonly d: UsersAdminDeps) {}

  async search(f: UserFilter, page: PageRequest): Promise<{ data: AdminUser[]; total: number }> {
    const { rows, total } = await this.d.repo.search(f, page);
    return { data: await this.listViews(rows), total };
  }

  /** Every user the filters keep, newest first, a batch at a time with their balances (the CSV export). */
  async *exportBatches(f: UserFilter): AsyncGenerator<AdminUser[]> {
    for await (const rows of batchesOf((before, size) => this.d.repo.batch(f, before, size)))
      yield await this.listViews(rows, true);
  }

  /** Audits an export of the users list (`user.export`, with its filters) before its first row goes out. */
  noteExport(actor: Actor, filters: Record<string, unknown>): Promise<void> {
    return recordExport(this.d.audit, actor, this.d.clock.now(), 'user', filters);
  }

  /** The list's rows; `exact` writes the balance with every decimal (an export) instead of the page's 2. */
  private async listViews(rows: readonly UserListRow[], exact = false): Promise<AdminUser[]> {
    const ids = rows.map((r) => r.id);
    const [balances, kyc] = await Promise.all([this.d.repo.balances(ids), this.d.repo.kycStatuses(ids)]);
    return rows.map((r) => {
      const cash = balances.get(r.id)?.cash ?? 0n;
      const view = listView(r, cash, kyc.get(r.id) ?? 0);
      return exact ? { ...view, balance: exactMoney(micros(cash)) } : view;
    });
  }

  async detail(id: number, lang: Lang): Promise<AdminUserDetail> {
    const user = await this.user(id);
    const [
      cash,
      locked,
      credit,
      kyc,
      kycStatuses,
      sessions,
      devices,
      invitees,
      ledger,
      orders,
      deposits,
      withdrawals,
      adj,
      notes,
      totp,
    ] = await Promise.all([
      this.d.ledger.balance(this.d.db, id, 'cash'),
      this.d.ledger.balance(this.d.db, id, 'locked'),
      this.d.ledger.balance(this.d.db, id, 'credit'),
      this.d.repo.latestKyc(id),
      this.d.repo.kycStatuses([id]),
      this.d.repo.sessions(id),
      this.d.repo.devices(id),
      this.d.repo.invitees(id),
      this.d.repo.cashEntries(id),
      this.d.repo.orders(id),
      this.d.repo.deposits(id),
      this.d.repo.withdrawals(id),
      this.d.repo.adjustments({ userId: id, page: 1, limit: 20 }),
      this.d.repo.notes(id),
      this.d.totp.enabled(id),
    ]);
    const f = await this.d.engine.figures(id, cash, credit);
    return {
      ...listView(user, Number(cash), kycStatuses.get(id) ?? 0),
      lock_balance: usd(locked),
      credit: usd(credit),
      equity: usd(f.equity),
      margin_level: f.level,
      used_margin: usd(f.usedMargin),
      free_margin: usd(f.freeMargin),
      invite_code: user.invite_code,
      invited_by: user.invited_by,
      lang: user.lang,
      totp_enabled: totp,
      account_type: this.accountTypeOf(user.account_type_id ?? null),
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: Number(s.created_at),
        last_seen_at: Number(s.last_seen_at),
        ip: s.ip,
        peer_ip: s.peer_ip,
        user_agent: s.user_agent,
        live: s.revoked_at === null && user.status === 1,
      })),
      devices: devices.map((x) => ({ device_key: x.device_key, first_seen_at: Number(x.first_seen_at) })),
      invitees: invitees.map((x) => ({ id: x.id, uid: x.uid, account: account(x), created_at: Number(x.created_at) })),
      kyc: kyc
        ? {
            id: kyc.id,
            name: kyc.name,
            card_id: kyc.card_id,
            status: kyc.status,
            remark: kyc.remark,
            front_url: this.d.images.signedUrl(kyc.front_name),
            reverse_url: this.d.images.signedUrl(kyc.reverse_name),
            created_at: Number(kyc.created_at),
          }
        : null,
      ledger: ledger.map((r) => ({
        id: r.id,
        type: r.type,
        value: usd(r.amount),
        memo: translate(lang, r.memo_key, { order: r.ref_type === 'order' ? r.ref_id : '', ref: r.ref_id }),
        created_at: Number(r.created_at),
      })),
      orders: orders.map((o) => ({
        id: o.id,
        symbol: o.code ?? '',
        side: o.side,
        lots: formatLots(lots(o.lots)),
        status: o.status,
        margin: usd(o.margin),
        profit: usd(o.profit),
        created_at: Number(o.created_at),
      })),
      deposits: deposits.map((x) => ({
        id: x.id,
        amount: plain(x.amount),
        currency: x.protocol_code ? `${x.currency_code}-${x.protocol_code}` : x.currency_code,
        usd_amount: usd(x.usd_amount),
        status: x.status,
        created_at: Number(x.created_at),
      })),
      withdrawals: withdrawals.map((x) => ({
        id: x.id,
        amount: usd(x.amount),
        code: x.protocol ? `${x.code}-${x.protocol}` : x.code,
        status: x.status,
        created_at: Number(x.created_at),
      })),
      adjustments: adj.rows.map(adjustmentView),
      notes: notes.map(noteView),
    };
  }

  /**
   * Switches sign-in and/or trading. Sign-in off (status 2) ends every session of the user at once (their sockets are
   * told after the commit) and login refuses the account; trading off refuses new orders while closing stays open.
   */
  async setStatus(actor: Actor, id: number, change: UserStatusParams): Promise<AdminUser> {
    const at = this.d.clock.now();
    const after = await transaction(this.d.db, async (trx) => {
      const before = await this.user(id, trx);
      const next = {
        status: change.login_enabled === undefined ? before.status : change.login_enabled ? 1 : 2,
        trading_enabled: change.trading_enabled === undefined ? before.trading_enabled : change.trading_enabled ? 1 : 0,
      };
      await this.d.repo.setStatus(trx, id, next, at);
      if (next.status !== 1) await this.d.sessions.revokeAll(id, undefined, trx);
      await this.audit(trx, actor, 'user.status', 'user', id, switches(before), switches(next), at);
      return { ...before, ...next };
    });
    this.d.sessions.forgetUser(id);
    const [balances, kyc] = await Promise.all([this.d.repo.balances([id]), this.d.repo.kycStatuses([id])]);
    return listView(after, balances.get(id)?.cash ?? 0n, kyc.get(id) ?? 0);
  }

  /** Signs out every session of the user (they may sign in again unless sign-in is off). */
  async revokeSessions(actor: Actor, id: number): Promise<null> {
    const at = this.d.clock.now();
    await transaction(this.d.db, async (trx) => {
      await this.user(id, trx);
      await this.d.sessions.revokeAll(id, undefined, trx);
      await this.audit(trx, actor, 'user.sessions_revoke', 'user', id, null, null, at);
    });
    this.d.sessions.forgetUser(id);
    return null;
  }

  /** Turns the user's two-factor sign-in off (lost phone); the user is notified by mail or SMS. */
  async resetTotp(actor: Actor, id: number): Promise<null> {
    await this.user(id);
    if (!(await this.d.totp.resetByStaff(id))) throw refuse('err.totp_not_on');
    const at = this.d.clock.now();
    await this.d.audit.record({
      staffId: actor.staffId,
      action: 'user.totp_reset',
      targetType: 'user',
      targetId: String(id),
      before: { totp_enabled: true },
      after: { totp_enabled: false },
      ip: actor.ip,
      peer: actor.peer,
      at,
    });
    return null;
  }

  async addNote(actor: Actor, id: number, text: string): Promise<AdminNote> {
    const at = this.d.clock.now();
    const noteId = await transaction(this.d.db, async (trx) => {
      await this.user(id, trx);
      const nid = await this.d.repo.insertNote(trx, { userId: id, staffId: actor.staffId, text, at });
      await this.audit(trx, actor, 'user.note', 'user', id, null, { note_id: nid, text }, at);
      return nid;
    });
    const note = (await this.d.repo.notes(id)).find((n) => n.id === noteId);
    return noteView(note!);
  }

  /**
   * A balance adjustment (DESIGN §11, §16 "Insiders"). It is credited at once only while what its author credited
   * alone to this user in the last 24 h, this one included, stays within `adjust_approval_usd`, and, for a bonus or a
   * compensation, what its author gave alone to anyone in the last 24 h stays within `adjust_self_limit_usd`;
   * otherwise it waits for a second staff member. The totals are summed and the decision written in one transaction
   * that holds the author's and the user's rows, so concurrent adjustments are counted one after another. A debit may
   * never exceed the user's free balance (cash less any floating loss, the rule withdrawals use), checked again on
   * approval.
   */
  async adjust(actor: Actor, id: number, p: AdjustParams): Promise<Adjustment> {
    const amount = parseMoney(p.amount);
    const [perUser, selfLimit] = await Promise.all([
      this.d.settings.int('adjust_approval_usd'),
      this.d.settings.int('adjust_self_limit_usd'),
    ]);
    const at = this.d.clock.now();
    const size = amount < 0n ? -amount : amount;
    const adjustmentId = await transaction(this.d.db, async (trx) => {
      const user = await this.user(id, trx);
      await this.d.repo.lockForAdjustment(trx, actor.staffId, id);
      const balance = adjustmentBalance(p.kind);
      await this.checkDebit(trx, id, amount, balance);
      const since = at - DAY_MS;
      const toUser = await this.d.repo.creditedAlone(trx, { authorId: actor.staffId, since, userId: id });
      let waits = toUser + size > BigInt(perUser) * USD;
      if (!waits && GIFTS.includes(p.kind)) {
        const given = await this.d.repo.creditedAlone(trx, { authorId: actor.staffId, since, kinds: GIFTS });
        waits = given + size > BigInt(selfLimit) * USD;
      }
      const status = waits ? ADJUSTMENT_WAITING : ADJUSTMENT_CREDITED;
      const aid = await this.d.repo.insertAdjustment(trx, {
        userId: id,
        amount: microsToStorage(amount),
        kind: p.kind,
        balance,
        reason: p.reason,
        status,
        staffId: actor.staffId,
        at,
      });
      if (!waits) await this.credit(trx, user, aid, p.kind, amount, at, balance);
      const record = await this.d.repo.adjustment(aid, trx);
      await this.audit(trx, actor, 'user.adjust', 'user', id, null, adjustmentView(record!), at);
      return aid;
    });
    const done = (await this.d.repo.adjustment(adjustmentId))!;
    if (done.status === ADJUSTMENT_CREDITED) this.mail(done);
    return adjustmentView(done);
  }

  /**
   * The staff members whose adjustments credited money to the user since `since` (unix ms): withdrawals' rule. Read
   * inside the caller's transaction (the withdrawal's decision).
   */
  creditors(trx: Tx, userId: number, since: number): Promise<number[]> {
    return this.d.repo.creditors(userId, since, trx);
  }

  async adjustments(f: { status?: number | undefined; userId?: number | undefined } & PageRequest) {
    const { rows, total } = await this.d.repo.adjustments(f);
    return { data: rows.map(adjustmentView), total };
  }

  /** Credits a waiting adjustment: never by its author, exactly once however many staff click. */
  approve(actor: Actor, id: number): Promise<Adjustment> {
    return this.decide(actor, id, { status: ADJUSTMENT_CREDITED, remark: '' });
  }

  /** Rejects a waiting adjustment (its author may withdraw it too); no money moves. */
  reject(actor: Actor, id: number, remark: string): Promise<Adjustment> {
    return this.decide(actor, id, { status: ADJUSTMENT_REJECTED, remark });
  }

  private async decide(actor: Actor, id: number, d: { status: number; remark: string }): Promise<Adjustment> {
    const at = this.d.clock.now();
    await transaction(this.d.db, async (trx) => {
      const before = await this.d.repo.adjustment(id, trx);
      if (!before) throw refuse('err.record_unknown');
      const approving = d.status === ADJUSTMENT_CREDITED;
      // Audited as `adjustment.approve.denied` by the router (issue 29).
      if (approving && before.created_by === actor.staffId) throw deny('err.adjust_own');
      const changed = await this.d.repo.decideAdjustment(trx, id, {
        ...d,
        staffId: actor.staffId,
        at,
        notBy: approving ? actor.staffId : undefined,
      });
      if (!changed) throw refuse('err.already_reviewed');
      if (approving) {
        const amount = micros(before.amount);
        const balance = before.balance === 'credit' ? 'credit' : 'cash';
        await this.checkDebit(trx, before.user_id, amount, balance);
        const user = await this.user(before.user_id, trx);
        await this.credit(trx, user, id, before.kind as AdjustmentKind, amount, at, balance);
      }
      const after = await this.d.repo.adjustment(id, trx);
      const action = approving ? 'adjustment.approve' : 'adjustment.reject';
      await this.audit(trx, actor, action, 'adjustment', id, adjustmentView(before), adjustmentView(after!), at);
    });
    const after = (await this.d.repo.adjustment(id))!;
    if (after.status === ADJUSTMENT_CREDITED) this.mail(after);
    return adjustmentView(after);
  }

  /** The trader's mail (or SMS) of an adjustment credited, after the commit. */
  private mail(a: AdjustmentRow): void {
    (this.d.notifier ?? silentNotifier).notify(Number(a.user_id), {
      kind: 'adjustment',
      amount: micros(a.amount),
      adjustment: a.kind as AdjustmentKind,
    });
  }

  /**
   * Refuses a debit beyond the free balance: the cash (row-locked on PostgreSQL) less the engine's floating loss; a
   * bonus removed takes credit, never more than the credit holds (never below zero).
   */
  private async checkDebit(trx: Tx, userId: number, amount: Micros, balance: 'cash' | 'credit'): Promise<void> {
    if (amount >= 0n) return;
    if (balance === 'credit') {
      const credit = await this.d.ledger.lockBalance(trx, userId, 'credit');
      if (!creditChange(credit, amount).ok) throw refuse('err.adjust_above_credit', { credit: formatMoney(credit, 2) });
      return;
    }
    const cash = await this.d.ledger.lockBalance(trx, userId, 'cash');
    const free = freeMargin({ balance: cash, floating: (await this.d.engine.figures(userId, cash)).floating });
    if (-amount > free) throw refuse('err.adjust_above_free', { free: formatMoney(free, 2) });
  }

  /**
   * The adjustment's ledger entry, and the trader's in-app notice of it, in the same transaction. A bonus (since
   * migration 035) moves credit, every other kind cash.
   */
  private async credit(
    trx: Tx,
    user: UserRow,
    adjustmentId: number,
    kind: AdjustmentKind,
    amount: Micros,
    at: number,
    balance: 'cash' | 'credit',
  ) {
    const money = { adjustmentId, userId: user.id, demo: user.is_demo === 1, amount, at };
    await this.d.ledger.post(trx, balance === 'credit' ? creditAdjusted(money) : balanceAdjusted({ ...money, kind }));
    await (this.d.notices ?? silentNotices).record(trx, user.id, 'adjustment', {
      id: adjustmentId,
      kind,
      amount: formatMoney(amount, 2),
    });
  }

  private accountTypeOf(typeId: number | null): { id: number; name: string } | null {
    const t = this.d.accountTypeOf?.(typeId);
    return t ? { id: t.id, name: t.name } : null;
  }

  private async user(id: number, db: Db | Tx = this.d.db): Promise<UserRow> {
    const user = await this.d.repo.user(id, db);
    if (!user) throw refuse('err.record_unknown');
    return user;
  }

  private audit(
    trx: Tx,
    actor: Actor,
    action: string,
    targetType: string,
    id: number,
    before: object | null,
    after: object | null,
    at: number,
  ) {
    return this.d.audit.record(
      { staffId: actor.staffId, action, targetType, targetId: String(id), before, after, ip: actor.ip, peer: actor.peer, at },
      trx,
    );
  }
}

const switches = (u: { status: number; trading_enabled: number }) => ({
  login_enabled: u.status === 1,
  trading_enabled: u.trading_enabled === 1,
});

function listView(u: UserListRow | UserRow, cash: number | bigint, kycStatus: number): AdminUser {
  return {
    id: u.id,
    uid: u.uid,
    email: u.email ?? '',
    phone: u.phone ?? '',
    is_demo: u.is_demo === 1,
    ...switches(u),
    balance: usd(cash),
    kyc_status: kycStatus,
    country: u.country ?? '',
    created_at: Number(u.created_at),
  };
}

function adjustmentView(r: AdjustmentRow): Adjustment {
  return {
    id: r.id,
    user_id: Number(r.user_id),
    user_account: r.user_account,
    amount: usd(r.amount),
    kind: r.kind as AdjustmentKind,
    reason: r.reason,
    status: r.status,
    remark: r.remark,
    created_by: Number(r.created_by),
    created_by_email: r.created_by_email,
    created_at: Number(r.created_at),
    reviewed_by: r.reviewed_by === null ? null : Number(r.reviewed_by),
    reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
    balance: r.balance === 'credit' ? 'credit' : 'cash',
  };
}

function noteView(n: { id: number; staff_id: number; staff_email: string | null; text: string; created_at: number }): AdminNote {
  return {
    id: n.id,
    staff_id: Number(n.staff_id),
    staff_email: n.staff_email ?? '',
    text: n.text,
    created_at: Number(n.created_at),
  };
}
