import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';
import type { NewsTable } from '../../db/schema.ts';

export type NewsRow = Selectable<NewsTable>;

/** The only SQL of news and announcements. */
export class NewsRepository {
  constructor(private readonly db: Db) {}

  page(category: number, publishedOnly: boolean, page: number, limit: number) {
    let base = this.db.selectFrom('news').where('category_id', '=', category);
    if (publishedOnly) base = base.where('published', '=', 1);
    return pageOf(base, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), { page, limit });
  }

  get(id: number): Promise<NewsRow | undefined> {
    return this.db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<NewsTable>): Promise<number> {
    const r = await this.db.insertInto('news').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(r.id);
  }

  async update(id: number, row: Updateable<NewsTable>): Promise<void> {
    await this.db.updateTable('news').set(row).where('id', '=', id).execute();
  }

  async seeded(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('news').select('seed_key').where('seed_key', 'is not', null).execute();
    return new Set(rows.map((r) => r.seed_key!));
  }
}
