import { Readable } from 'node:stream';
import { csvLine, type CsvValue } from '@tradepad/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from './errors.ts';
import { ok } from './http.ts';

/** A list as a CSV download: machine-readable column names, and the rows in batches as the database gives them. */
export interface CsvDownload<T> {
  /** The file's name without `.csv` (letters, digits, `-` and `_`). */
  name: string;
  /** snake_case column names, the same whatever the staff member's language. */
  columns: readonly string[];
  batches: AsyncIterable<readonly T[]>;
  /** One row's cells, in the columns' order. */
  cells: (row: T) => readonly CsvValue[];
}

/**
 * Streams the download (a raw route's answer): the header line, then each batch as it is read, so memory holds one
 * batch whatever the size of the export. Cells are formula-safe (`csvLine`). Returns the sent reply for the router.
 */
export function sendCsv<T>(reply: FastifyReply, d: CsvDownload<T>): FastifyReply {
  async function* lines() {
    yield csvLine(d.columns);
    for await (const batch of d.batches) yield batch.map((row) => csvLine(d.cells(row))).join('');
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${d.name.replace(/[^\w-]/g, '_')}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines(), { objectMode: false }));
}

/** A list route's JSON answer when it is a raw route (one call answers JSON or a file): the envelope, sent. */
export function sendJson<T>(req: FastifyRequest, reply: FastifyReply, data: T): FastifyReply {
  return reply.header('cache-control', 'no-store').send(ok(req, data));
}

/**
 * A date filter's bound in unix ms: a day (`YYYY-MM-DD`, UTC; `to` takes the whole day) or unix milliseconds as
 * given; undefined when absent, refused by name when no real day.
 */
export function dayBound(v: string | undefined, side: 'from' | 'to'): number | undefined {
  if (v === undefined || v === '') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const ms = Date.parse(`${v}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== v) throw refuse('err.field_invalid', { field: side });
  return side === 'to' ? ms + 86_400_000 - 1 : ms;
}
