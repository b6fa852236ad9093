import { ADMIN_API, type LiquidityAnswer, type LiquiditySession } from '@tradepad/contracts';
import type { MarketService } from '../market/market.service.ts';
import type { ModuleContext } from '../context.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import { FixFeed } from './fix-feed.ts';

/**
 * Liquidity providers (DESIGN §14): the dealer's Liquidity page. The FIX feed itself is the market's feed
 * (`FEED=fix:<file>`, built by market/feed-factory.ts on the node that runs the feed); this answers what it reports.
 * The feed runs on the engine leader, so a node that does not run it (an API node, a standby) asks the leader through
 * the engine's command channel, as the hedging page does.
 */
export function registerLiquidity(
  ctx: ModuleContext,
  deps: {
    market: Pick<MarketService, 'currentFeed'>;
    /** Hedging's FIX session (role `hedge`), on the node that runs it (the engine leader, as the feed). */
    hedgeSessions?: () => LiquiditySession[];
    commands: Pick<EngineCommands, 'run' | 'handle'>;
  },
) {
  const local = async (): Promise<LiquidityAnswer> => {
    const feed = deps.market.currentFeed();
    const answer: LiquidityAnswer = feed instanceof FixFeed ? feed.liquidity() : { sessions: [], symbols: [] };
    return { ...answer, sessions: [...answer.sessions, ...(deps.hedgeSessions?.() ?? [])] };
  };
  deps.commands.handle('liquidity.view', local);
  const view = () => deps.commands.run(local, 'liquidity.view', []);
  ctx.router.get(ADMIN_API.liquidity, view);
  return { liquidity: view };
}
