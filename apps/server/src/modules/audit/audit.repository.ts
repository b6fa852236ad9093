import type { Db, Tx } from '../../db/database.ts';
import { pageOf, type Page, type PageRequest } from '../../db/paging.ts';
import type { AuditLogTable, StaffRow } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

/** One staff action as the audit log keeps it: who, what, on which object, before and after, from where. */
export interface AuditEntry {
  staffId: number | null;
  /** `<object>.<verb>` (DESIGN §11), e.g. `deposit.approve`, `settings.update`. */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  /** The validated client address. */
  ip: string;
  /** The socket peer, beside it (the acting staff member's `actor.peer`). */
  peer?: string;
  /** Unix milliseconds. */
  at: number;
}

/**
 * Filters of the log: one staff member; an exact action (`instrument.update`) or, without a dot, every action on one
 * object (`instrument`); created in `[from, to]` (unix ms, both inclusive).
 */
export interface AuditFilter {
  staffId?: number | undefined;
  action?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A record of the log with the acting staff member's e-mail. */
export type AuditListRow = Selectable<AuditLogTable> & { staff_email: string | null };

/**
 * The append-only audit log and the look-up of the staff member acting. Every module that lets staff change something
 * writes its record here, inside the transaction of the change, so the action and its record commit together.
 */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** The staff member behind a staff session (any status: the guard decides). */
  actingStaff(id: number): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** When a staff session began (unix ms), for its absolute lifetime. */
  async sessionStartedAt(sessionId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .select('created_at')
      .where('id', '=', sessionId)
      .where('actor', '=', 'staff')
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Appends one record; inside the caller's transaction when given. Rows are never updated or deleted. */
  async record(e: AuditEntry, db: Db | Tx = this.db): Promise<void> {
    await db
      .insertInto('audit_log')
      .values({
        staff_id: e.staffId,
        action: e.action,
        target_type: e.targetType,
        // The column holds 64 characters (a settings change names its keys, which may be more).
        target_id: e.targetId.slice(0, 64),
        before_json: e.before === undefined ? null : JSON.stringify(e.before),
        after_json: e.after === undefined ? null : JSON.stringify(e.after),
        ip: e.ip.slice(0, 64),
        peer_ip: (e.peer ?? '').slice(0, 64),
        created_at: e.at,
      })
      .execute();
  }

  /**
   * The log, newest first, with the acting staff member's e-mail. Filters: one staff member; an exact action
   * (`instrument.update`) or, without a dot, every action on one object (`instrument`); created in `[from, to]`
   * (unix ms, both inclusive).
   */
  page(p: PageRequest & AuditFilter): Promise<Page<AuditListRow>> {
    return pageOf(this.filtered(p), (q) => q.selectAll('l').select('s.email as staff_email').orderBy('l.id', 'desc'), p);
  }

  /** Up to `size` records of the same filters with an id below `before`, newest first (an export's batch). */
  batch(f: AuditFilter, before: number | undefined, size: number): Promise<AuditListRow[]> {
    let q = this.filtered(f);
    if (before !== undefined) q = q.where('l.id', '<', before);
    return q.selectAll('l').select('s.email as staff_email').orderBy('l.id', 'desc').limit(size).execute();
  }

  private filtered(p: AuditFilter) {
    let base = this.db.selectFrom('audit_log as l').leftJoin('staff as s', 's.id', 'l.staff_id');
    if (p.staffId !== undefined) base = base.where('l.staff_id', '=', p.staffId);
    if (p.action) {
      const action = p.action;
      base = action.includes('.')
        ? base.where('l.action', '=', action)
        : base.where('l.action', 'like', `${action.replace(/[\\%_]/g, '')}.%`);
    }
    if (p.from !== undefined) base = base.where('l.created_at', '>=', p.from);
    if (p.to !== undefined) base = base.where('l.created_at', '<=', p.to);
    return base;
  }
}
