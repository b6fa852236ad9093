import { ADMIN_API } from '@tradepad/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuse } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import type { Router } from '../../core/router.ts';
import { MAX_REPORT_DAYS, dailyRows, dayNumber, monthlyRows, reportCsv } from './reports.ts';
import { DAY_MS } from '../../core/time.ts';
import type { ReportsRepository } from './reports.repository.ts';

/**
 * Reports (issue 18 point 9, DESIGN §11): money per UTC day or month from the ledger, real accounts; JSON in the
 * envelope, or a CSV download with `format=csv` (its header row the same in every language).
 */
export function reportsRoutes(r: Router, repo: ReportsRepository) {
  const range = (p: { from: string; to: string }) => {
    const from = dayNumber(p.from);
    const to = dayNumber(p.to);
    if (from === undefined) throw refuse('err.field_invalid', { field: 'from' });
    if (to === undefined || to < from || to - from >= MAX_REPORT_DAYS) throw refuse('err.field_invalid', { field: 'to' });
    return { from, to };
  };
  /**
   * Sends the answer itself (a raw route, since one call answers JSON or a file) and hands Fastify the sent reply; the
   * JSON is the contract's envelope, `{data, total}` in `data`.
   */
  const answer = <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    csv: boolean,
    name: string,
    rows: Array<Record<string, string>>,
    first: 'date' | 'month',
  ): T => {
    const sent = csv
      ? reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .header('cache-control', 'no-store')
          .send(reportCsv(first, rows))
      : reply.header('cache-control', 'no-store').send(ok(req, { data: rows, total: rows.length }));
    return sent as unknown as T;
  };

  r.get(
    ADMIN_API.reportsDaily,
    async ({ req, reply, params }) => {
      const { from, to } = range(params);
      const rows = dailyRows(from, to, await repo.daySums(from * DAY_MS, (to + 1) * DAY_MS));
      return answer(req, reply, params.format === 'csv', `daily-${params.from}-${params.to}`, rows, 'date');
    },
    { raw: true },
  );
  r.get(
    ADMIN_API.reportsMonthly,
    async ({ req, reply, params }) => {
      const { from, to } = range(params);
      const rows = monthlyRows(from, to, await repo.daySums(from * DAY_MS, (to + 1) * DAY_MS));
      return answer(req, reply, params.format === 'csv', `monthly-${params.from}-${params.to}`, rows, 'month');
    },
    { raw: true },
  );
}
