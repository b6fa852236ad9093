import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { pageOf, pageOfIds, type Page, type PageRequest } from '../../db/paging.ts';

/** A change as the queue lists it, with its author's and reviewer's e-mails. */
export interface ChangeRow {
  id: number;
  kind: string;
  target: string;
  before_json: string | null;
  after_json: string;
  status: number;
  remark: string;
  created_by: number;
  created_by_email: string;
  created_at: number;
  reviewed_by: number | null;
  reviewed_by_email: string;
  reviewed_at: number | null;
}

export const CHANGE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** The changes queue (migration 030): the only SQL on the `changes` table. */
export class ChangesRepository {
  constructor(private readonly db: Db) {}

  async insert(
    trx: Tx,
    c: { kind: string; target: string; before: unknown; after: unknown; staffId: number; at: number },
  ): Promise<number> {
    const { id } = await trx
      .insertInto('changes')
      .values({
        kind: c.kind,
        target: c.target.slice(0, 200),
        before_json: c.before === null || c.before === undefined ? null : JSON.stringify(c.before),
        after_json: JSON.stringify(c.after),
        created_by: c.staffId,
        created_at: c.at,
        reviewed_by: null,
        reviewed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /**
   * Decides a pending change: compare-and-set from pending, never by its author. True when this call decided it; of
   * two racing decisions exactly one does.
   */
  async decide(trx: Tx, id: number, d: { status: number; remark: string; staffId: number; at: number }): Promise<boolean> {
    const r = await trx
      .updateTable('changes')
      .set({ status: d.status, remark: d.remark, reviewed_by: d.staffId, reviewed_at: d.at })
      .where('id', '=', id)
      .where('status', '=', CHANGE_STATUS.pending)
      .where('created_by', '<>', d.staffId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private query(db: Db | Tx) {
    return db
      .selectFrom('changes as c')
      .leftJoin('staff as a', 'a.id', 'c.created_by')
      .leftJoin('staff as r', 'r.id', 'c.reviewed_by')
      .select([
        'c.id',
        'c.kind',
        'c.target',
        'c.before_json',
        'c.after_json',
        'c.status',
        'c.remark',
        'c.created_by',
        sql<string>`coalesce(a.email, '')`.as('created_by_email'),
        'c.created_at',
        'c.reviewed_by',
        sql<string>`coalesce(r.email, '')`.as('reviewed_by_email'),
        'c.reviewed_at',
      ]);
  }

  get(id: number, db: Db | Tx = this.db): Promise<ChangeRow | undefined> {
    return this.query(db).where('c.id', '=', id).executeTakeFirst();
  }

  async page(f: { status?: number | undefined } & PageRequest): Promise<Page<ChangeRow>> {
    let base = this.db.selectFrom('changes as c');
    if (f.status !== undefined) base = base.where('c.status', '=', f.status);
    const ids = await pageOf(base, (b) => b.select('c.id').orderBy('c.id', 'desc'), f);
    return pageOfIds(ids, (list) => this.query(this.db).where('c.id', 'in', list).orderBy('c.id', 'desc').execute());
  }
}
