import type { Kysely } from 'kysely';

/**
 * Staff two-factor binds the session, and staff passwords (issue 29, DESIGN §16):
 * - `sessions.factor_passed_at`: when this session passed TOTP (at sign-in with a code, or by confirming enrolment);
 *   null otherwise. A staff session that has not passed it may only enrol, and only while the account has no factor.
 * - `totp_factors.pending_session_id`: the session that started a pending enrolment; only it may confirm it.
 * - `staff.must_change_password`: 1 for a password another staff member (or the break-glass command) set; every
 *   call but `me`, `logout` and `me/password` is refused until it is changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('factor_passed_at', 'bigint').execute();
  await db.schema.alterTable('totp_factors').addColumn('pending_session_id', 'bigint').execute();
  await db.schema
    .alterTable('staff')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
