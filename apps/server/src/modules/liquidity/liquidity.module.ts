import { ADMIN_API, type LiquidityAnswer } from '@tradepad/contracts';
import type { MarketService } from '../market/market.service.ts';
import type { ModuleContext } from '../context.ts';
import { FixFeed } from './fix-feed.ts';

/**
 * Liquidity providers (DESIGN §14): the dealer's Liquidity page. The FIX feed itself is the market's feed
 * (`FEED=fix:<file>`, built by market/feed-factory.ts on the node that runs the feed); this answers what it reports.
 * A node that does not run the feed (an API node, a standby) has no sessions to show and answers empty lists.
 */
export function registerLiquidity(ctx: ModuleContext, deps: { market: Pick<MarketService, 'currentFeed'> }) {
  const view = (): LiquidityAnswer => {
    const feed = deps.market.currentFeed();
    return feed instanceof FixFeed ? feed.liquidity() : { sessions: [], symbols: [] };
  };
  ctx.router.get(ADMIN_API.liquidity, () => view());
  return { liquidity: view };
}
