import { API, klineParams, tradeListParams } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parseParams } from '../../core/http.ts';
import { logoPng, logoSvg } from './logos.ts';
import type { MarketService } from './market.service.ts';

/** The market calls of the spec's §7, and the instruments' logos. */
export function marketRoutes(app: FastifyInstance, market: MarketService) {
  app.get(API.tradeList, async (req) => ok(req, market.tradeList(parseParams(tradeListParams, req).searchCurrency)));
  app.get(API.categories, async (req) => ok(req, market.categories(req.lang)));
  app.get(API.kline, async (req) => {
    const p = parseParams(klineParams, req);
    return ok(req, await market.kline(p.forex_id, p.period, p.limit, p.to));
  });
  app.get(API.sparklines, async (req) => ok(req, await market.sparklines()));
  app.get<{ Params: { file: string } }>('/logos/:file', async (req, reply) => {
    const m = /^([a-z0-9]{2,12})\.(svg|png)$/.exec(req.params.file);
    const code = m?.[1]?.toUpperCase();
    const inst = code ? market.tradeList().find((i) => i.Code === code) : undefined;
    if (!m || !inst) return reply.code(404).type('text/plain').send('no such logo');
    reply.header('cache-control', 'public, max-age=86400');
    if (m[2] === 'png')
      return reply.type('image/png').send(await logoPng(inst.Code, inst.BaseCurrency, inst.QuoteCurrency, inst.CategoryId));
    return reply.type('image/svg+xml').send(logoSvg(inst.BaseCurrency, inst.QuoteCurrency, inst.CategoryId));
  });
}
