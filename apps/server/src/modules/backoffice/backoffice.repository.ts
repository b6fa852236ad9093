import type { Db } from '../../db/database.ts';
import { pageOf, type PageRequest } from '../../db/paging.ts';
import type { StaffRow } from '../../db/schema.ts';

/** Staff accounts and the outbox, as the back office reads and writes them (the audit log is the audit module's). */
export class BackofficeRepository {
  constructor(private readonly db: Db) {}

  staffByEmail(email: string): Promise<StaffRow | undefined> {
    return this.db.selectFrom('staff').selectAll().where('email', '=', email).executeTakeFirst();
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

  /** Mail and SMS kept instead of sent, newest first. */
  outbox(p: PageRequest & { channel?: 'email' | 'sms'; recipient?: string }) {
    let base = this.db.selectFrom('outbox');
    if (p.channel) base = base.where('channel', '=', p.channel);
    if (p.recipient) base = base.where('recipient', '=', p.recipient);
    return pageOf(base, (q) => q.selectAll().orderBy('id', 'desc'), p);
  }
}
