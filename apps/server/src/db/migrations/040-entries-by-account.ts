import type { Kysely } from 'kysely';

/**
 * A user's journal entries are found through their accounts' postings (`postings_account_idx`), never through
 * `journal_entries.user_id` alone, so the index by user is dropped (issue 34 point 6). Every entry of a copy fan-out
 * (two a copy) added a key to it under the copy account, and once accounts have history each key dirtied a page of
 * its own: about 800 of the 2,600 pages a thousand-copy commit wrote. Every other trade saves the write as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('journal_entries_user_idx').execute();
}
