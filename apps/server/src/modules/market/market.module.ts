import { CHANNEL_DAY_MARKET, CHANNEL_KLINE_PREFIX } from '@tradepad/contracts';
import type { FastifyRequest } from 'fastify';
import { RedisBus } from '../../ports/redis-bus.ts';
import type { ModuleContext } from '../context.ts';
import type { AccountTypeSource } from '../account-types/account-types.service.ts';
import type { RealtimeGateway } from '../realtime/realtime.gateway.ts';
import type { Feed } from './feed.ts';
import { FeedWatch } from './feed-watch.ts';
import { InstrumentsAdmin } from './instruments-admin.service.ts';
import { CATEGORIES, INSTRUMENTS } from './instruments.data.ts';
import { marketAdminRoutes } from './market.admin.routes.ts';
import { MarketRepository } from './market.repository.ts';
import { marketRoutes } from './market.routes.ts';
import { MarketService } from './market.service.ts';
import { typeQuoteVariants } from './type-quotes.ts';

/**
 * Instruments, quotes and candles: seeds the catalogue on first start, loads it with its history, and registers the
 * market calls and the staff's instruments page. The feed itself is started by whoever runs the engine
 * (modules/trading/engine-leadership.ts). Staff changes made on any node are re-read here at once.
 */
export async function registerMarket(
  ctx: ModuleContext,
  deps: {
    gateway: Pick<RealtimeGateway, 'registerChannel' | 'publish' | 'setVariants'>;
    feed?: Feed | undefined;
    /** The account types: a signed-in trader's prices and leverages follow their type (DESIGN §16). */
    accountTypes: Pick<AccountTypeSource, 'type' | 'typeOfUser'>;
    /** The trader a request is signed in as, if any (the trade list is their type's). */
    userOf: (req: FastifyRequest) => Promise<{ account_type_id?: number | null } | undefined>;
  },
) {
  const { app, bus, log } = ctx;
  const repo = new MarketRepository(ctx.database);
  await repo.seed(CATEGORIES, INSTRUMENTS);
  const market = new MarketService({
    repo,
    bus,
    clock: ctx.clock,
    config: ctx.config,
    log,
    feed: deps.feed,
    fixSessionUp: (name, up) => ctx.metrics.fixSessionUp.set({ name }, up ? 1 : 0),
  });
  await market.init();
  // Its channels are the contracts' (the gateway accepts them); a candle channel only for an instrument it knows.
  deps.gateway.registerChannel({
    match: { prefix: CHANNEL_KLINE_PREFIX },
    requiresLogin: false,
    accepts: (name) => market.hasInstrument(name.slice(CHANNEL_KLINE_PREFIX.length)),
  });
  // Whether this node's quotes flow, told to its own DAY_MARKET sockets as FEED_STATUS (DESIGN §15): straight to this
  // node's gateway, not on the bus, since each node judges its own quotes (another node's word would be wrong here).
  const watch = new FeedWatch({
    bus,
    onQuote: (listener) => market.onQuote(listener),
    quotesReach: () => market.feeding || !(bus instanceof RedisBus) || bus.connected,
    anyOpen: () => market.allInstruments().some((i) => market.isOpen(i)),
    silentMs: ctx.config.FEED_SILENT_MS,
    tell: (message) => deps.gateway.publish(CHANNEL_DAY_MARKET, message),
  });
  deps.gateway.registerChannel({
    match: { exact: CHANNEL_DAY_MARKET },
    requiresLogin: false,
    greeting: () => watch.greeting(),
  });
  watch.start();
  app.addHook('onClose', async () => watch.stop());
  bus.onInstrumentsChanged(() => {
    market.reloadInstruments().catch((err: unknown) => log.error({ err }, 'instrument reload failed'));
  });
  // One quote published, read per account type on the sockets (DESIGN §16); the trade list likewise per request.
  deps.gateway.setVariants(typeQuoteVariants(deps.accountTypes, (code) => market.precisionOf(code)));
  const viewer = async (req: FastifyRequest) => {
    const user = req.headers.authorization ? await deps.userOf(req) : undefined;
    return deps.accountTypes.type(user?.account_type_id ?? null).terms;
  };
  marketRoutes(ctx.router, app, market, viewer);
  marketAdminRoutes(ctx.router, new InstrumentsAdmin({ db: ctx.db, repo, market, audit: ctx.audit, bus, clock: ctx.clock }));
  return { market, feedWatch: watch };
}
