import { CHANGE_APPROVED, CHANGE_KINDS, CHANGE_REJECTED, type Change, type ChangeKind } from '@tradepad/contracts';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import { deny, refuse } from '../../core/errors.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import { CHANGE_STATUS, type ChangeRow, type ChangesRepository } from './changes.repository.ts';

/** A change's fields, before and after: what a setting or a channel holds. */
export type ChangeFields = Record<string, string | number | boolean | null>;

/** What a module that owns a kind of change tells the queue: who decides it and how it takes effect. */
export interface ChangeHandler {
  /** Who may approve or reject it (the queue's calls let the money desk in; a setting is a super admin's). */
  roles: readonly StaffRole[];
  /**
   * Makes the approved change take effect inside the decision's transaction (with the decision and its audit record);
   * refuses (`err.change_outdated`) when what it was asked on has changed since.
   */
  apply(trx: Tx, change: { target: string; before: ChangeFields | null; after: ChangeFields }, at: number): Promise<void>;
  /** Once the approval committed (the engine told of new settings). */
  applied?: () => Promise<unknown>;
}

/** The staff member deciding: who, for the audit log, and their role, for the kind's rule. */
export interface Decider {
  actor: Actor;
  role: string;
}

/**
 * The changes queue (issue 29, DESIGN §16 "Insiders"): a change of receiving details or of the adjustment limits is
 * stored here instead of taking effect, and takes effect only when a second staff member approves it. The request,
 * the approval and the rejection are each audited (`change.request`, `change.approve`, `change.reject`) in the
 * transaction of what they do; a decision by the change's author, or by a role the kind does not allow, is refused and
 * audited as denied by the router. Of two racing decisions exactly one takes effect (a compare-and-set from pending).
 */
export class ChangesService {
  private readonly handlers = new Map<ChangeKind, ChangeHandler>();

  constructor(private readonly d: { db: Db; repo: ChangesRepository; audit: AuditRepository; clock: Clock }) {}

  /** The owner of a kind of change registers how it takes effect (the wallet's channels, the settings). */
  handle(kind: ChangeKind, handler: ChangeHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Stores a change for a second staff member to decide, audited as `change.request` with the same transaction.
   * Answers the change's id. Inside `trx` when given (the caller's own write and this request commit together).
   */
  async request(
    actor: Actor,
    c: { kind: ChangeKind; target: string; before: ChangeFields | null; after: ChangeFields },
    trx?: Tx,
  ) {
    const at = this.d.clock.now();
    const run = async (t: Tx) => {
      const id = await this.d.repo.insert(t, { ...c, staffId: actor.staffId, at });
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'change.request',
          targetType: 'change',
          targetId: String(id),
          before: c.before,
          after: { kind: c.kind, target: c.target, ...c.after },
          ip: actor.ip,
          peer: actor.peer,
          at,
        },
        t,
      );
      return id;
    };
    return trx ? run(trx) : transaction(this.d.db, run);
  }

  async list(f: { status?: number | undefined } & PageRequest): Promise<{ data: Change[]; total: number }> {
    const { rows, total } = await this.d.repo.page(f);
    return { data: rows.map(changeView), total };
  }

  /** Approves a pending change: it takes effect in the same transaction as the decision and its audit record. */
  async approve(by: Decider, id: number): Promise<Change> {
    const handler = await this.decide(by, id, CHANGE_APPROVED, '');
    await handler.applied?.();
    return changeView((await this.d.repo.get(id))!);
  }

  /** Rejects a pending change with a remark: nothing takes effect. */
  async reject(by: Decider, id: number, remark: string): Promise<Change> {
    await this.decide(by, id, CHANGE_REJECTED, remark);
    return changeView((await this.d.repo.get(id))!);
  }

  private async decide(by: Decider, id: number, status: number, remark: string): Promise<ChangeHandler> {
    const at = this.d.clock.now();
    const { actor } = by;
    return transaction(this.d.db, async (trx) => {
      const before = await this.d.repo.get(id, trx);
      if (!before) throw refuse('err.record_unknown');
      if (before.status !== CHANGE_STATUS.pending) throw refuse('err.already_reviewed');
      if (before.created_by === actor.staffId) throw deny('err.change_own');
      const handler = this.handlers.get(before.kind as ChangeKind);
      if (!handler) throw refuse('err.record_unknown');
      if (!handler.roles.includes(by.role as StaffRole)) throw deny('err.change_role');
      if (!(await this.d.repo.decide(trx, id, { status, remark, staffId: actor.staffId, at })))
        throw refuse('err.already_reviewed');
      const view = changeView(before);
      if (status === CHANGE_APPROVED)
        await handler.apply(trx, { target: before.target, before: view.before, after: view.after }, at);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: status === CHANGE_APPROVED ? 'change.approve' : 'change.reject',
          targetType: 'change',
          targetId: String(id),
          before: view,
          after: { ...view, status, remark, reviewed_by: actor.staffId, reviewed_at: at },
          ip: actor.ip,
          peer: actor.peer,
          at,
        },
        trx,
      );
      return handler;
    });
  }
}

const isKind = (k: string): k is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(k);

function changeView(r: ChangeRow): Change {
  return {
    id: Number(r.id),
    kind: isKind(r.kind) ? r.kind : 'setting',
    target: r.target,
    before: r.before_json === null ? null : (JSON.parse(r.before_json) as ChangeFields),
    after: JSON.parse(r.after_json) as ChangeFields,
    status: r.status,
    remark: r.remark,
    created_by: Number(r.created_by),
    created_by_email: r.created_by_email,
    created_at: Number(r.created_at),
    reviewed_by: r.reviewed_by === null ? null : Number(r.reviewed_by),
    reviewed_by_email: r.reviewed_by_email,
    reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
  };
}
