import fs from 'node:fs';

interface Sqlite {
  pragma(source: string): unknown;
  prepare(source: string): { all(): unknown[] };
}

/**
 * The pages one SQLite write transaction appends to the WAL, by b-tree (table or index), largest first: what a commit
 * costs once the data has history (issue 34 point 6). The WAL is checkpointed and truncated first (the database must be
 * idle), then `act` runs, then the frames it appended are read back and their page numbers named through `dbstat`.
 */
export async function walPages(sqlite: Sqlite, file: string, act: () => Promise<unknown>): Promise<Array<[string, number]>> {
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await act();
  const wal = fs.readFileSync(`${file}-wal`);
  const pageSize = wal.readUInt32BE(8);
  const pages = new Set<number>();
  for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize) pages.add(wal.readUInt32BE(at));
  const names = new Map<number, string>();
  for (const r of sqlite.prepare('select name, pageno from dbstat').all() as Array<{ name: string; pageno: number }>)
    names.set(r.pageno, r.name);
  const by = new Map<string, number>();
  for (const p of pages) {
    const name = names.get(p) ?? '(free)';
    by.set(name, (by.get(name) ?? 0) + 1);
  }
  return [...by].sort((a, b) => b[1] - a[1]);
}

/** "1,770 pages: postings_account_idx 1,198, orders_user_status_idx 443, … (+ 150 in 10 others)". */
export function pagesLine(by: ReadonlyArray<[string, number]>, top = 3): string {
  const total = by.reduce((s, [, n]) => s + n, 0);
  const rest = by.slice(top);
  const shown = by.slice(0, top).map(([name, n]) => `${name} ${n.toLocaleString('en')}`);
  const others = rest.reduce((s, [, n]) => s + n, 0);
  return `${total.toLocaleString('en')} pages: ${shown.join(', ')}${rest.length ? ` (+ ${others} in ${rest.length} others)` : ''}`;
}
