import { sql, type Insertable } from 'kysely';
import type { Db, DbKind, Tx } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import { RawQuery } from '../../db/raw-query.ts';
import type { CompaniesTable, NewUser, SignUpConsentsTable, UserRow } from '../../db/schema.ts';

export interface AreaRow {
  id: number;
  area_code: string;
  global_code: string;
}

export interface CodeRow {
  id: number;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Users, areas, companies, verification codes and captchas: the SQL of the accounts module. */
export class AccountsRepository {
  private readonly byId: RawQuery<UserRow>;

  constructor(
    readonly db: Db,
    kind: DbKind = 'sqlite',
  ) {
    // Written once, not built per call (see RawQuery).
    this.byId = new RawQuery(kind, 'select * from users where id = ?');
  }

  // Areas and companies

  areas(): Promise<AreaRow[]> {
    return this.db
      .selectFrom('areas')
      .select(['id', 'area_code', 'global_code'])
      .where('enabled', '=', 1)
      .orderBy('sort')
      .execute();
  }

  async seedAreas(rows: ReadonlyArray<readonly [string, string]>): Promise<void> {
    const count = await this.db
      .selectFrom('areas')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    if (Number(count?.n ?? 0) > 0) return;
    await this.db
      .insertInto('areas')
      .values(rows.map(([area_code, global_code], i) => ({ area_code, global_code, sort: i + 1, enabled: 1 })))
      .execute();
  }

  searchCompanies(name: string | undefined) {
    let q = this.db.selectFrom('companies').selectAll().orderBy('id').limit(50);
    if (name) {
      const pattern = `%${escapeLike(name.toLowerCase())}%`;
      q = q.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
    }
    return q.execute();
  }

  async seedCompany(company: Omit<CompaniesTable, 'id'>): Promise<void> {
    const any = await this.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (!any) await this.db.insertInto('companies').values(company).execute();
  }

  // Users

  async userById(id: number, db: Db | Tx = this.db): Promise<UserRow | undefined> {
    return (await this.byId.run(db, [id])).rows[0];
  }

  userByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  userByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  userByDemoId(demoId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('demo_id', '=', demoId).executeTakeFirst();
  }

  userByDemoUuidHash(hash: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('demo_uuid_hash', '=', hash).executeTakeFirst();
  }

  userIdByInviteCode(code: string): Promise<{ id: number } | undefined> {
    return this.db
      .selectFrom('users')
      .select('id')
      .where('invite_code', '=', code)
      .where('is_demo', '=', 0)
      .where('copy_owner_id', 'is', null)
      .executeTakeFirst();
  }

  /** The people who registered with this user's invite code, newest first. */
  invited(userId: number, page: number, limit: number) {
    const base = this.db.selectFrom('users').where('invited_by', '=', userId);
    return pageOf(base, (q) => q.select(['uid', 'email', 'phone', 'created_at']).orderBy('id', 'desc'), { page, limit });
  }

  async isTaken(column: 'uid' | 'invite_code' | 'demo_id', value: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where(column, '=', value).executeTakeFirst();
    return row !== undefined;
  }

  async insertUser(trx: Tx, user: NewUser): Promise<number> {
    const { id } = await trx.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** What a new real account accepted at sign-up (issue 21), in the sign-up's transaction. */
  async insertConsent(trx: Tx, row: Insertable<SignUpConsentsTable>): Promise<void> {
    await trx.insertInto('sign_up_consents').values(row).execute();
  }

  /**
   * Links a demo and a real account of one person (issue 21); answers whether it did: a demo or a real account that
   * already has a link keeps it (the unique columns decide between two at once).
   */
  async link(trx: Tx, demoUserId: number, realUserId: number, at: number): Promise<boolean> {
    const r = await trx
      .insertInto('account_links')
      .values({ demo_user_id: demoUserId, real_user_id: realUserId, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** The link of a demo or a real account, if any. */
  linkOf(userId: number, isDemo: boolean): Promise<{ demo_user_id: number; real_user_id: number } | undefined> {
    return this.db
      .selectFrom('account_links')
      .select(['demo_user_id', 'real_user_id'])
      .where(isDemo ? 'demo_user_id' : 'real_user_id', '=', userId)
      .executeTakeFirst();
  }

  async setPassword(trx: Tx, userId: number, passwordHash: string, at: number): Promise<void> {
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
  }

  /** The language the user last signed in with: notices are written in it. */
  async setLang(userId: number, lang: string): Promise<void> {
    await this.db.updateTable('users').set({ lang }).where('id', '=', userId).execute();
  }

  // Verification codes

  latestCode(address: string, purpose: number): Promise<CodeRow | undefined> {
    return this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'consumed_at'])
      .where('address', '=', address)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Stores a new code and retires the earlier live ones for the same address and purpose. */
  async insertCode(c: {
    channel: 'email' | 'sms';
    address: string;
    purpose: number;
    codeHash: string;
    clientIp: string;
    peerIp?: string | undefined;
    at: number;
    expiresAt: number;
  }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: c.at })
        .where('address', '=', c.address)
        .where('purpose', '=', c.purpose)
        .where('consumed_at', 'is', null)
        .execute();
      const { id } = await trx
        .insertInto('verification_codes')
        .values({
          channel: c.channel,
          address: c.address,
          purpose: c.purpose,
          code_hash: c.codeHash,
          attempts: 0,
          client_ip: c.clientIp.slice(0, 64),
          peer_ip: (c.peerIp ?? '').slice(0, 64),
          created_at: c.at,
          expires_at: c.expiresAt,
          consumed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    });
  }

  async deleteCode(id: number): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('id', '=', id).execute();
  }

  /**
   * Counts one attempt at a live code and tests the limit in the same statement, before the code is compared: the
   * attempt's number, or undefined when the code is used up (at `maxTries`), consumed or expired. However many guesses
   * arrive at once, at most `maxTries` of them are ever compared.
   */
  async claimAttempt(id: number, maxTries: number, now: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('verification_codes')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('attempts')
      .executeTakeFirst();
    return row ? Number(row.attempts) : undefined;
  }

  /** Marks a code used; false when another request used it first (compare-and-set). */
  async consumeCode(trx: Tx, id: number, at: number): Promise<boolean> {
    const r = await trx
      .updateTable('verification_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // Captchas

  async insertCaptcha(id: string, textHash: string, at: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('captchas')
      .values({ id, text_hash: textHash, attempts: 0, created_at: at, expires_at: expiresAt, used_at: null })
      .execute();
    await this.db
      .deleteFrom('captchas')
      .where('expires_at', '<', at - 3_600_000)
      .execute();
  }

  captcha(id: string) {
    return this.db.selectFrom('captchas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Uses a captcha once, whether the answer was right or wrong: a new image is needed after any try. */
  async useCaptcha(id: string, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('captchas')
      .set({ used_at: at, attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
