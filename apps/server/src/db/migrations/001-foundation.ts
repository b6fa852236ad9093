import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/** Accounts, sessions, verification codes, outbox, staff, audit log, settings, areas and the ledger's tables. */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('areas'), ctx)
    .addColumn('area_code', 'varchar(2)', (c) => c.notNull().unique())
    .addColumn('global_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await idColumn(db.schema.createTable('companies'), ctx)
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('registered_address', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('users'), ctx)
    .addColumn('uid', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('area_id', 'integer')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('phone', 'varchar(24)', (c) => c.unique())
    .addColumn('contact_mobile', 'varchar(20)')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('demo_id', 'varchar(16)', (c) => c.unique())
    .addColumn('demo_uuid_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('invite_code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'bigint')
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_invited_by_idx').on('users').column('invited_by').execute();

  await idColumn(db.schema.createTable('sessions'), ctx)
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('actor', 'varchar(8)', (c) => c.notNull())
    .addColumn('actor_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_actor_idx').on('sessions').columns(['actor', 'actor_id']).execute();

  await idColumn(db.schema.createTable('verification_codes'), ctx)
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_address_idx')
    .on('verification_codes')
    .columns(['address', 'purpose', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_codes_ip_idx')
    .on('verification_codes')
    .columns(['client_ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('text_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await idColumn(db.schema.createTable('outbox'), ctx)
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('staff'), ctx)
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('audit_log'), ctx)
    .addColumn('staff_id', 'bigint')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await idColumn(db.schema.createTable('ledger_accounts'), ctx)
    .addColumn('owner', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('ledger_accounts_owner_kind_unique', ['owner', 'kind', 'currency'])
    .execute();

  await idColumn(db.schema.createTable('journal_entries'), ctx)
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('memo_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journal_entries_user_idx').on('journal_entries').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('journal_entries_ref_idx').on('journal_entries').columns(['ref_type', 'ref_id']).execute();

  await idColumn(db.schema.createTable('postings'), ctx)
    .addColumn('entry_id', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('postings_entry_idx').on('postings').column('entry_id').execute();
  await db.schema.createIndex('postings_account_idx').on('postings').column('account_id').execute();
}
