import type { SelectQueryBuilder } from 'kysely';

/** A page request as every paged call takes it (DESIGN §3): `page` from 1, `limit` rows. */
export interface PageRequest {
  page: number;
  limit: number;
}

/** One page of rows and the number of rows in all pages. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Runs one page of a query and the count of all its rows together. `base` holds the tables, joins and filters;
 * `select` adds the columns and the order, so the count reads exactly the rows the pages do.
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  p: PageRequest,
): Promise<Page<O>> {
  const [rows, count] = await Promise.all([
    select(base)
      .limit(p.limit)
      .offset((p.page - 1) * p.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: number | string }).n) };
}

/**
 * A page chosen by id (cheap to order and count), then the full rows of those ids only, read by `rowsOf` in the
 * page's order: for lists whose rows need joins that the count should not pay for.
 */
export async function pageOfIds<T>(ids: Page<{ id: number }>, rowsOf: (ids: number[]) => Promise<T[]>): Promise<Page<T>> {
  if (ids.rows.length === 0) return { rows: [], total: ids.total };
  return { rows: await rowsOf(ids.rows.map((r) => r.id)), total: ids.total };
}

/** How many rows an export reads from the database at a time. */
export const EXPORT_BATCH = 500;

/**
 * Every row of a list, newest first, `size` rows at a time: `next(before, size)` reads the rows whose id is below
 * `before` (all when undefined), ordered by id descending. Keyed on the id, not an offset, so each batch costs the
 * same and a long export never holds more than one batch (DESIGN §16 "Exports").
 */
export async function* batchesOf<T extends { id: number }>(
  next: (before: number | undefined, size: number) => Promise<T[]>,
  size = EXPORT_BATCH,
): AsyncGenerator<T[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await next(before, size);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < size || !last) return;
    before = last.id;
  }
}
