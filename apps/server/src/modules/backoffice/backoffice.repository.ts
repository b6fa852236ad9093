import { transaction } from '../../db/after-commit.ts';
import type { Db, DbKind, Tx } from '../../db/database.ts';
import { pageOf, type PageRequest } from '../../db/paging.ts';
import type { StaffRow } from '../../db/schema.ts';

/** Staff accounts and the outbox, as the back office reads and writes them (the audit log is the audit module's). */
export class BackofficeRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DbKind = 'sqlite',
  ) {}

  staffByEmail(email: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
  }

  /**
   * Runs `fn` in one transaction: a staff change, its session revocations and its audit record commit together, and
   * the ended sessions' sockets are told right after the commit (db/after-commit.ts).
   */
  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return transaction(this.db, fn);
  }

  staffById(id: number, db: Db | Tx = this.db): Promise<StaffRow | undefined> {
    return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listStaff() {
    return this.db.selectFrom('staff').select(['id', 'email', 'name', 'role', 'status', 'created_at']).orderBy('id').execute();
  }

  async countAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('staff')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role', '=', 'super_admin')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insertStaff(s: {
    email: string;
    name: string;
    passwordHash: string;
    role: string;
    at: number;
    /** The password was set by someone else (another staff member, a random one logged): change it first. */
    mustChange: boolean;
  }): Promise<number> {
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
        must_change_password: s.mustChange ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * Changes a staff member's role and status inside `trx`, unless that would leave no active super admin: the active
   * super admins are read locked (PostgreSQL; SQLite runs one write transaction at a time), so two super admins
   * demoting each other at the same moment cannot both succeed. Answers false when refused.
   */
  async updateStaffKeepingAnAdmin(trx: Tx, id: number, change: { role: string; status: number }): Promise<boolean> {
    let admins = trx.selectFrom('staff').select('id').where('role', '=', 'super_admin').where('status', '=', 1).orderBy('id');
    if (this.kind === 'postgres') admins = admins.forUpdate();
    const active = (await admins.execute()).map((r) => r.id);
    const remaining = active.filter((a) => a !== id).length + (change.role === 'super_admin' && change.status === 1 ? 1 : 0);
    if (remaining === 0) return false;
    await trx.updateTable('staff').set({ role: change.role, status: change.status }).where('id', '=', id).execute();
    return true;
  }

  /**
   * Sets a staff member's password inside `trx`; `mustChange` when someone else chose it (a reset). With `expectHash`,
   * only while the stored hash is still that one (a concurrent change wins once); answers whether it was written.
   */
  async setPassword(
    trx: Tx,
    id: number,
    change: { passwordHash: string; mustChange: boolean; expectHash?: string },
  ): Promise<boolean> {
    let q = trx
      .updateTable('staff')
      .set({ password_hash: change.passwordHash, must_change_password: change.mustChange ? 1 : 0 })
      .where('id', '=', id);
    if (change.expectHash !== undefined) q = q.where('password_hash', '=', change.expectHash);
    return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
  }

  /** Mail and SMS kept instead of sent, newest first (codes still in clear: mask before showing). */
  outbox(p: PageRequest & { channel?: 'email' | 'sms'; recipient?: string }) {
    let base = this.db.selectFrom('outbox');
    if (p.channel) base = base.where('channel', '=', p.channel);
    if (p.recipient) base = base.where('recipient', '=', p.recipient);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), p);
  }

  outboxMessage(id: number) {
    return this.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
