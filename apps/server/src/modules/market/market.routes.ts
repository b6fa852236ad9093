import { API, klineParams, tradeListParams } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parseParams } from '../../core/http.ts';
import { logoSvg } from './logos.ts';
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
    const code = /^([a-z0-9]{2,12})\.svg$/.exec(req.params.file)?.[1]?.toUpperCase();
    const inst = code ? market.tradeList().find((i) => i.Code === code) : undefined;
    if (!inst) return reply.code(404).type('text/plain').send('no such logo');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(logoSvg(inst.BaseCurrency, inst.QuoteCurrency, inst.CategoryId));
  });
}
