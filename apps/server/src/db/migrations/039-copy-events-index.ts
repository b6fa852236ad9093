import type { Kysely } from 'kysely';

/**
 * A copy fan-out's cost is the pages it dirties (issue 34 point 6): each copy adds an entry to every index keyed by
 * its account, and once the tables have history each of those entries lands on a leaf page of its own, so 1,000
 * copies dirty about 1,000 pages per such index, all written to the WAL at the commit and flushed. Copy events are
 * read by follow only (the app's Copying section, the console's followers); the index by follower served no query,
 * and dropping it takes one of those thousand-page writes off every fan-out, open and close.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('copy_events_follower_idx').execute();
}
