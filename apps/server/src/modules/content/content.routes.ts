import { ADMIN_API, API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { NewsService } from './news.service.ts';
import type { Rankings } from './rankings.ts';

/** News, announcements and rankings for everyone; articles edited by content staff (audited). */
export function contentRoutes(r: Router, deps: { news: NewsService; rankings: Rankings }) {
  const { news, rankings } = deps;

  r.get(API.newsList, ({ req, params: p }) => news.list(req.lang, p.category_id, p.page, p.limit));
  r.get(API.newsInfo, ({ req, params }) => news.info(req.lang, params.id));
  r.get(API.followList, ({ params: p }) => rankings.page(p.page, p.limit));
  r.post(
    API.rankSetting,
    async ({ user: { user }, params }) => {
      await rankings.setOptIn(user.id, params.opt_in);
      return { opt_in: params.opt_in };
    },
    { done: 'ok.rank_setting' },
  );

  r.get(ADMIN_API.news, ({ params: p }) => news.adminList(p.category_id, p.page, p.limit));
  r.post(ADMIN_API.news, ({ staff, params }) => news.save(staff.actor, undefined, params), { done: 'ok.saved' });
  r.post(`${ADMIN_API.news}/:id`, ({ staff, id, params }) => news.save(staff.actor, id, params), {
    done: 'ok.saved',
    unknownId: 'err.news_unknown',
  });
}
