import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Issue 18 (back office, users): a trading switch beside the sign-in status, staff notes on a user, and balance
 * adjustments (0 waiting for a second staff member → 1 credited | 2 rejected), and the user search text.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  // 1: may place orders; 0: closing only (DESIGN §11).
  await db.schema
    .alterTable('users')
    .addColumn('trading_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await idColumn(db.schema.createTable('user_notes'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('staff_id', 'bigint', (c) => c.notNull())
    .addColumn('text', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_notes_user_idx').on('user_notes').columns(['user_id', 'id']).execute();

  await idColumn(db.schema.createTable('balance_adjustments'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    // Signed micro-units of USD: negative for a debit.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reviewed_by', 'bigint')
    .addColumn('reviewed_at', 'bigint')
    .execute();
  await db.schema.createIndex('balance_adjustments_status_idx').on('balance_adjustments').columns(['status', 'id']).execute();
  await db.schema.createIndex('balance_adjustments_user_idx').on('balance_adjustments').columns(['user_id', 'id']).execute();

  await searchText(db, ctx);
}

/**
 * `user_search`: per user, e-mail, phone, uid, invite code and every real-name record's name in one narrow row, so a
 * back-office search (any part, case-insensitive) reads one small table instead of four columns of the wide users
 * table and a join (bench/users-search.bench.ts). Triggers keep it current on every write of those columns, whatever
 * module writes them; the rows of users created before are filled here.
 */
async function searchText(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.kind === 'postgres') {
    await sql`create table user_search (user_id bigint primary key, text text not null)`.execute(db);
    await sql
      .raw(
        `create function user_search_text(who bigint) returns text language sql stable as $$
           select coalesce(u.email, '') || '|' || coalesce(u.phone, '') || '|' || u.uid || '|' || u.invite_code || '|' ||
             coalesce((select string_agg(k.name, '|') from kyc_applications k where k.user_id = u.id), '')
           from users u where u.id = who
         $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function user_search_refresh() returns trigger language plpgsql as $$
         declare who bigint;
         begin
           if TG_TABLE_NAME = 'users' then who := NEW.id; else who := NEW.user_id; end if;
           insert into user_search (user_id, text) values (who, user_search_text(who))
             on conflict (user_id) do update set text = excluded.text;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger user_search_users after insert or update of email, phone, uid, invite_code on users
         for each row execute function user_search_refresh()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger user_search_kyc after insert or update of name on kyc_applications for each row execute function user_search_refresh()`,
      )
      .execute(db);
    await sql`insert into user_search (user_id, text) select id, user_search_text(id) from users`.execute(db);
    return;
  }
  const text = (who: string) =>
    `(select coalesce(u.email, '') || '|' || coalesce(u.phone, '') || '|' || u.uid || '|' || u.invite_code || '|' ||
       coalesce((select group_concat(k.name, '|') from kyc_applications k where k.user_id = u.id), '')
     from users u where u.id = ${who})`;
  const upsert = (who: string) =>
    `insert into user_search (user_id, text) values (${who}, ${text(who)})
       on conflict (user_id) do update set text = excluded.text;`;
  await sql`create table user_search (user_id integer primary key, text text not null)`.execute(db);
  await sql.raw(`create trigger user_search_users_insert after insert on users begin ${upsert('new.id')} end`).execute(db);
  await sql
    .raw(
      `create trigger user_search_users_update after update of email, phone, uid, invite_code on users begin ${upsert('new.id')} end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger user_search_kyc_insert after insert on kyc_applications begin ${upsert('new.user_id')} end`)
    .execute(db);
  await sql
    .raw(`create trigger user_search_kyc_update after update of name on kyc_applications begin ${upsert('new.user_id')} end`)
    .execute(db);
  await sql.raw(`insert into user_search (user_id, text) select id, ${text('users.id')} from users`).execute(db);
}
