import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import type { NewsTable } from '../../db/schema.ts';

export type NewsRow = Selectable<NewsTable>;
export type NewsState = 'draft' | 'scheduled' | 'published';

/** The only SQL of news and announcements. */
export class NewsRepository {
  constructor(private readonly db: Db | Tx) {}

  /** Runs `fn` in one transaction, with a repository on it (a change and its audit record commit together). */
  inTransaction<T>(fn: (repo: NewsRepository, tx: Tx) => Promise<T>): Promise<T> {
    return (this.db as Db).transaction().execute((tx) => fn(new NewsRepository(tx), tx));
  }

  /**
   * What traders see: published articles of a category whose `publish_at` has come (scheduled ones stay out until
   * then, so no job has to flip them), newest appearance first.
   */
  visiblePage(category: number, now: number, page: number, limit: number) {
    const base = this.db
      .selectFrom('news')
      .where('category_id', '=', category)
      .where('published', '=', 1)
      .where('publish_at', '<=', now);
    return pageOf(base, (q) => q.selectAll().orderBy('publish_at', 'desc').orderBy('id', 'desc'), { page, limit });
  }

  /** One article if traders may see it now. */
  visible(id: number, now: number): Promise<NewsRow | undefined> {
    return this.db
      .selectFrom('news')
      .selectAll()
      .where('id', '=', id)
      .where('published', '=', 1)
      .where('publish_at', '<=', now)
      .executeTakeFirst();
  }

  /** Staff: every article of a category (or both) in a state (or all), newest first. */
  adminPage(f: { category?: number; state?: NewsState; now: number }, page: number, limit: number) {
    let base = this.db.selectFrom('news');
    if (f.category !== undefined) base = base.where('category_id', '=', f.category);
    if (f.state === 'draft') base = base.where('published', '=', 0);
    if (f.state === 'scheduled') base = base.where('published', '=', 1).where('publish_at', '>', f.now);
    if (f.state === 'published') base = base.where('published', '=', 1).where('publish_at', '<=', f.now);
    return pageOf(base, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), { page, limit });
  }

  /** The published articles of these seed keys whose `publish_at` has come (the sign-up documents, issue 21). */
  visibleBySeedKeys(keys: readonly string[], category: number, now: number): Promise<NewsRow[]> {
    return this.db
      .selectFrom('news')
      .selectAll()
      .where('seed_key', 'in', keys)
      .where('category_id', '=', category)
      .where('published', '=', 1)
      .where('publish_at', '<=', now)
      .execute();
  }

  get(id: number): Promise<NewsRow | undefined> {
    return this.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<NewsTable>): Promise<number> {
    const r = await this.db.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  /** Whether the article was there to change. */
  async update(id: number, row: Updateable<NewsTable>): Promise<boolean> {
    const r = await this.db.updateTable('news').set(row).where('id', '=', id).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Whether the article was there to delete. */
  async delete(id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('news').where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async seeded(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('news').select('seed_key').where('seed_key', 'is not', null).execute();
    return new Set(rows.map((r) => r.seed_key!));
  }
}
