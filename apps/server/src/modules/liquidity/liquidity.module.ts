import { ADMIN_API, type LiquidityAnswer, type LiquiditySession } from '@tradepad/contracts';
import type { MarketService } from '../market/market.service.ts';
import type { ModuleContext } from '../context.ts';
import { FixFeed } from './fix-feed.ts';

/**
 * Liquidity providers (DESIGN §14): the dealer's Liquidity page. The FIX feed itself is the market's feed
 * (`FEED=fix:<file>`, built by market/feed-factory.ts on the node that runs the feed); this answers what it reports.
 * A node that does not run the feed (an API node, a standby) has no sessions to show and answers empty lists.
 */
export function registerLiquidity(
  ctx: ModuleContext,
  deps: {
    market: Pick<MarketService, 'currentFeed'>;
    /** Hedging's FIX session (role `hedge`), on the node that runs it (the engine leader, as the feed). */
    hedgeSessions?: () => LiquiditySession[];
  },
) {
  const view = (): LiquidityAnswer => {
    const feed = deps.market.currentFeed();
    const answer: LiquidityAnswer = feed instanceof FixFeed ? feed.liquidity() : { sessions: [], symbols: [] };
    return { ...answer, sessions: [...answer.sessions, ...(deps.hedgeSessions?.() ?? [])] };
  };
  ctx.router.get(ADMIN_API.liquidity, () => view());
  return { liquidity: view };
}
