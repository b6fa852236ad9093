import { randomBytes } from 'node:crypto';
import type { HedgeStatus } from '@tradepad/domain';
import type { ModuleContext } from '../context.ts';
import { FixSession } from '../liquidity/fix-session.ts';
import type { MarketService } from '../market/market.service.ts';
import type { DeskService } from '../trading/desk.service.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import type { LeaderTask } from '../trading/trading.module.ts';
import type { TradingEngine } from '../trading/trading.engine.ts';
import { FixHedgeVenue } from './fix-hedge-venue.ts';
import { HedgeRepository } from './hedge.repository.ts';
import type { HedgeVenue } from './hedge-venue.ts';
import { hedgingRoutes } from './hedging.routes.ts';
import { HedgingService, type HedgeTimings } from './hedging.service.ts';

/** A ClOrdID never used before: this process's start, a counter and random bits (the unique index is the guarantee). */
function clOrdIds(now: () => number): () => string {
  const start = now().toString(36).toUpperCase();
  let n = 0;
  return () => `TP${start}-${(++n).toString(36).toUpperCase()}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

/**
 * Hedging over FIX 4.4 (DESIGN §14, `HEDGE=fix:<file>`): the engine's committed client fills, on the engine leader,
 * become IOC limit orders at the hedging LP through the shared FIX session wrapper; the dealer's blotter and pause
 * switch; exposure's `hedged_lots`. Without `HEDGE` nothing is sent and the blotter shows what was stored before.
 */
export function registerHedging(
  ctx: ModuleContext,
  deps: {
    engine: TradingEngine;
    commands: EngineCommands;
    desk: DeskService;
    market: Pick<MarketService, 'instrumentById'>;
    onLeading: (task: LeaderTask) => void;
    /** Tests replace the venue (or shorten its timings). */
    venue?: HedgeVenue | undefined;
    timings?: Partial<HedgeTimings> | undefined;
  },
) {
  const { config, clock, log, db, settings } = ctx;
  const file = config.fixHedge;
  const repo = new HedgeRepository(db);
  const venue =
    deps.venue ?? (file ? new FixHedgeVenue(new FixSession(file.session, { log, now: () => clock.now() }), log) : undefined);
  const hedging = new HedgingService({
    repo,
    venue,
    symbols: file?.symbols ?? {},
    account: file?.account,
    clock,
    log,
    paused: async () => (await settings.get('hedging_paused')) === '1',
    clientNetLots: (id) => deps.engine.clientNetLots(id),
    counted: (status: HedgeStatus) => ctx.metrics.hedgeOrders.inc({ status }),
    newClOrdId: clOrdIds(() => clock.now()),
    timings: deps.timings,
  });
  deps.engine.fills.on((f) => hedging.clientFilled(f));
  deps.onLeading({ start: () => hedging.start(), stop: () => hedging.stop() });
  deps.desk.useHedged(() => hedging.hedgedLots((id) => deps.market.instrumentById(id)?.contract_size));
  hedgingRoutes(ctx.router, { repo, hedging, settings, audit: ctx.audit, commands: deps.commands, now: () => clock.now() });
  return { hedging };
}
