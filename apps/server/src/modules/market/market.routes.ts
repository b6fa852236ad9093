import { API } from '@tradepad/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Router } from '../../core/router.ts';
import { logoPng, logoSvg } from './logos.ts';
import type { MarketService } from './market.service.ts';
import type { ListTerms } from './trade-list.ts';

/** The account type terms of the trader a request is signed in as, if any (a visitor: the default type's). */
export type ViewerTerms = (req: FastifyRequest) => Promise<ListTerms>;

/** The market calls of the spec's §7, and the instruments' logos. */
export function marketRoutes(r: Router, app: FastifyInstance, market: MarketService, viewer: ViewerTerms) {
  r.get(API.tradeList, async ({ params, req }) => market.tradeList(params.searchCurrency, req.lang, await viewer(req)));
  r.get(API.categories, ({ req }) => market.categories(req.lang));
  r.get(API.kline, ({ params: p }) => market.kline(p.forex_id, p.period, p.limit, p.to));
  r.get(API.sparklines, () => market.sparklines());
  r.get(API.instrumentInfo, ({ params }) => market.instrumentInfo(params.forex_id));
  r.get(API.favourites, ({ user }) => market.favourites(user.user.id));
  r.post(API.favouriteSet, ({ user, params }) => market.setFavourite(user.user.id, params.forex_id, params.on === 1));
  // Static images beside the API, outside the contracts (not under /api).
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
