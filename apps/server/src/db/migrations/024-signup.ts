import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.ts';

/**
 * Sign-up consent and demo/real links (issue 21 point 5, DESIGN §13).
 *
 * - `users.country`: the country of residence given at sign-up (ISO 3166 alpha-2; the phone's area for a phone
 *   sign-up without one); null for demo accounts and accounts made before this.
 * - `sign_up_consents`: one row per real account, written in the sign-up's transaction: when, from which client
 *   address (DESIGN §10: the validated address, the socket peer beside it), and which version of each document (the
 *   article's id and its `updated_at` at that moment).
 * - `account_links`: one person's demo and real account. A demo links to at most one real account and a real account
 *   to at most one demo (both columns unique), so two sign-ups from one demo at once keep one link.
 * - `sessions.via_user_id`: a demo session issued by switching from a real account names that real account; only such
 *   a session may switch back without a sign-in, and the real account's "sign out everywhere" (password change, reset,
 *   disabling) ends it too.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('country', 'text').execute();

  await idColumn(db.schema.createTable('sign_up_consents'), ctx)
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('peer_ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms_id', 'bigint')
    .addColumn('terms_version', 'bigint')
    .addColumn('privacy_id', 'bigint')
    .addColumn('privacy_version', 'bigint')
    .addColumn('risk_id', 'bigint')
    .addColumn('risk_version', 'bigint')
    .execute();

  await db.schema
    .createTable('account_links')
    .addColumn('demo_user_id', 'bigint', (c) => c.primaryKey())
    .addColumn('real_user_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('sessions').addColumn('via_user_id', 'bigint').execute();
  await db.schema.createIndex('sessions_via_user_idx').on('sessions').column('via_user_id').execute();
}
