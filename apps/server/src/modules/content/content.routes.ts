import { ADMIN_API, API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { NewsService } from './news.service.ts';
import type { Rankings } from './rankings.ts';

/** News, announcements and rankings for everyone; articles edited by content staff (audited). */
export function contentRoutes(r: Router, deps: { news: NewsService; rankings: Rankings }) {
  const { news, rankings } = deps;

  r.get(API.newsList, ({ req, params: p }) => news.list(req.lang, p.category_id, p.page, p.limit));
  r.get(API.newsInfo, ({ req, params }) => news.info(req.lang, params.id));
  r.get(API.legalPage, ({ req, params }) => news.legalPage(req.lang, params.key));
  // follow/list is fed from the copy strategies (modules/copy, DESIGN §18).
  r.post(
    API.rankSetting,
    async ({ user: { user }, params }) => {
      await rankings.setOptIn(user.id, params.opt_in);
      return { opt_in: params.opt_in };
    },
    { done: 'ok.rank_setting' },
  );

  const unknownId = 'err.news_unknown' as const;
  r.get(ADMIN_API.news, ({ params: p }) => news.adminList({ category: p.category_id, status: p.status }, p.page, p.limit));
  r.post(ADMIN_API.news, ({ staff, params }) => news.save(staff.actor, undefined, params), { done: 'ok.saved' });
  r.get(`${ADMIN_API.news}/:id`, ({ id }) => news.adminGet(id), { unknownId });
  r.post(`${ADMIN_API.news}/:id`, ({ staff, id, params }) => news.save(staff.actor, id, params), { done: 'ok.saved', unknownId });
  r.post(`${ADMIN_API.news}/:id/publish`, ({ staff, id, params }) => news.publish(staff.actor, id, params.publish_at), {
    done: 'ok.published',
    unknownId,
  });
  r.post(`${ADMIN_API.news}/:id/unpublish`, ({ staff, id }) => news.unpublish(staff.actor, id), {
    done: 'ok.unpublished',
    unknownId,
  });
  r.post(`${ADMIN_API.news}/:id/delete`, ({ staff, id }) => news.delete(staff.actor, id), { done: 'ok.deleted', unknownId });
}
