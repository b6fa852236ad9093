import type { ModuleContext } from '../context.ts';
import { contentRoutes } from './content.routes.ts';
import { LEGAL_SEED_PAGES } from './legal-seed-data.ts';
import { NewsRepository } from './news.repository.ts';
import { SEED_ARTICLES } from './news.seed-data.ts';
import { NewsService } from './news.service.ts';
import { Rankings } from './rankings.ts';
import { RankingsRepository } from './rankings.repository.ts';

/**
 * News, announcements and the sign-up documents (articles, seeded in the 14 languages on first start), and the
 * rankings. Instrument codes and the forgetting of a changed trader's cached row come from the market and accounts.
 */
export async function registerContent(
  ctx: ModuleContext,
  deps: { instrumentCode: (id: number) => string | undefined; userChanged: (id: number) => void },
) {
  const news = new NewsService({ repo: new NewsRepository(ctx.db), audit: ctx.audit, clock: ctx.clock });
  await news.seed([...SEED_ARTICLES, ...LEGAL_SEED_PAGES]);
  const rankings = new Rankings({
    repo: new RankingsRepository(ctx.db),
    clock: ctx.clock,
    instrumentCode: deps.instrumentCode,
    userChanged: deps.userChanged,
  });
  contentRoutes(ctx.router, { news, rankings });
  return { news, rankings };
}
