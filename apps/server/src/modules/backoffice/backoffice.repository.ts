import type { Db, Tx } from '../../db/database.ts';
import type { StaffRow } from '../../db/schema.ts';

/** Staff accounts, the audit log and the outbox, as the back office reads and writes them. */
export class BackofficeRepository {
  constructor(private readonly db: Db) {}

  staffByEmail(email: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
  }

  staffById(id: number): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listStaff() {
    return this.db.selectFrom('staff').select(['id', 'email', 'name', 'role', 'status', 'created_at']).orderBy('id').execute();
  }

  async auditPage(page: number, limit: number) {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst(),
    ]);
    return { data: rows, total: Number(count?.n ?? 0) };
  }

  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'super_admin')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertStaff(s: { email: string; name: string; passwordHash: string; role: string; at: number }): Promise<number> {
    const { id } = await this.db
      .insertInto('staff')
      .values({
        email: s.email,
        name: s.name,
        password_hash: s.passwordHash,
        role: s.role,
        totp_secret: null,
        status: 1,
        created_at: s.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Appends to the audit log; rows are never updated or deleted. */
  async audit(
    e: {
      staffId: number | null;
      action: string;
      targetType: string;
      targetId: string;
      before?: unknown;
      after?: unknown;
      ip: string;
      at: number;
    },
    db: Db | Tx = this.db,
  ): Promise<void> {
    // Inside the caller's transaction when given, so the action and its record commit together.
    await db
      .insertInto('audit_log')
      .values({
        staff_id: e.staffId,
        action: e.action,
        target_type: e.targetType,
        target_id: e.targetId,
        before_json: e.before === undefined ? null : JSON.stringify(e.before),
        after_json: e.after === undefined ? null : JSON.stringify(e.after),
        ip: e.ip.slice(0, 64),
        created_at: e.at,
      })
      .execute();
  }

  async outbox(page: number, limit: number, channel?: string, recipient?: string) {
    let q = this.db.selectFrom('outbox');
    if (channel) q = q.where('channel', '=', channel as 'email' | 'sms');
    if (recipient) q = q.where('recipient', '=', recipient);
    const [rows, count] = await Promise.all([
      q
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    ]);
    return { data: rows, total: Number(count?.n ?? 0) };
  }
}
