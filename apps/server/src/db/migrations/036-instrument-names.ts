import type { Kysely } from 'kysely';

/**
 * Instruments created by staff (issue 32 point 6, DESIGN §16): `names_json`, the instrument's names by language code
 * (`{"en": "Euro vs US Dollar", "hk": …}`), given when it is created. Null for the seeded instruments, which the app
 * shows by their code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('instruments').addColumn('names_json', 'text').execute();
}
