import { API } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import type { Router } from '../../core/router.ts';
import { statementCsv } from './statement-csv.ts';
import { statementPdf } from './statement-pdf.ts';
import type { StatementsService } from './statements.service.ts';

/** PDFs built at once on one node, and per trader: each takes a core for a moment (fonts, layout, subsetting). */
const PDF_SLOTS = 2;

/**
 * `GET /v1/api/main/statement` (issue 21 point 3, DESIGN §13): the envelope with the statement by default, or with
 * `format=csv|pdf` a download (a raw route: one call answers JSON or a file). Refusals (dates, zone, too many rows,
 * busy) are the envelope in the request's language, whatever the format asked.
 */
export function statementsRoutes(r: Router, statements: StatementsService) {
  const building = new Set<number>();
  r.get(
    API.statement,
    async ({ req, reply, user, params }) => {
      const fileName = `statement-${params.from}-${params.to}`;
      if (params.format !== 'pdf') {
        const s = await statements.statement(user.user, params);
        const sent =
          params.format === 'csv'
            ? reply
                .header('content-type', 'text/csv; charset=utf-8')
                .header('content-disposition', `attachment; filename="${fileName}.csv"`)
                .header('cache-control', 'no-store')
                .send(statementCsv(s, req.lang))
            : reply.header('cache-control', 'no-store').send(ok(req, statements.view(s, req.lang)));
        return sent as never;
      }
      // One PDF at a time per trader, and a few per node: a burst of requests is refused, never queued.
      const id = user.user.id;
      if (building.has(id) || building.size >= PDF_SLOTS) throw refuse('err.statement_busy');
      building.add(id);
      let release = () => {
        building.delete(id);
        release = () => {};
      };
      try {
        const s = await statements.statement(user.user, params);
        const { doc, done } = statementPdf(s, req.lang);
        done.catch((err: unknown) => {
          req.log.error({ err }, 'statement PDF failed');
          doc.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        doc.once('end', () => release());
        doc.once('close', () => release());
        reply.raw.once('close', () => {
          release();
          // The reader went away: stop drawing pages nobody will read.
          if (!doc.readableEnded) doc.destroy();
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}.pdf"`)
          .header('cache-control', 'no-store')
          .send(doc) as never;
      } catch (err) {
        release();
        throw err;
      }
    },
    { raw: true },
  );
}
