import {
  ADMIN_API,
  API,
  articleParams,
  followListParams,
  intParam,
  newsInfoParams,
  newsListParams,
  rankSettingParams,
} from '@tradepad/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { refuse } from '../../core/errors.ts';
import { clientIp, ok, parseParams } from '../../core/http.ts';
import type { UserAuth } from '../accounts/auth.ts';
import type { StaffGuard } from '../backoffice/backoffice.routes.ts';
import type { NewsService } from './news.service.ts';
import type { Rankings } from './rankings.ts';

const idParam = z.object({ id: intParam('err.news_unknown', 1, Number.MAX_SAFE_INTEGER) });

/** News, announcements and rankings for everyone; articles edited by content staff. */
export function contentRoutes(
  app: FastifyInstance,
  deps: { news: NewsService; rankings: Rankings; auth: UserAuth; guard: StaffGuard },
) {
  const { news, rankings, auth, guard } = deps;

  app.get(API.newsList, async (req) => {
    const p = parseParams(newsListParams, req);
    return ok(req, await news.list(req.lang, p.category_id, p.page, p.limit));
  });
  app.get(API.newsInfo, async (req) => ok(req, await news.info(req.lang, parseParams(newsInfoParams, req).id)));

  app.get(API.followList, async (req) => {
    const p = parseParams(followListParams, req);
    return ok(req, await rankings.page(p.page, p.limit));
  });
  app.post(API.rankSetting, async (req) => {
    const { user } = await auth.require(req);
    if (user.is_demo) throw refuse('err.only_real_account');
    const optIn = parseParams(rankSettingParams, req).opt_in;
    await rankings.setOptIn(user.id, optIn);
    return ok(req, { opt_in: optIn }, 'ok.rank_setting');
  });

  const editors = ['super_admin', 'content'] as const;
  const actor = async (req: FastifyRequest) => ({ staffId: (await guard(req, editors)).staff.id, ip: clientIp(req) });
  app.get(ADMIN_API.news, async (req) => {
    await guard(req, editors);
    const p = parseParams(newsListParams, req);
    return ok(req, await news.adminList(p.category_id, p.page, p.limit));
  });
  app.post(ADMIN_API.news, async (req) => {
    const who = await actor(req);
    return ok(req, await news.save(who, undefined, parseParams(articleParams, req)), 'ok.saved');
  });
  app.post(`${ADMIN_API.news}/:id`, async (req) => {
    const who = await actor(req);
    const id = idParam.safeParse(req.params);
    if (!id.success) throw refuse('err.news_unknown');
    return ok(req, await news.save(who, id.data.id, parseParams(articleParams, req)), 'ok.saved');
  });
}
