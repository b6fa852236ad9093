import { CHANNEL_DAY_MARKET } from '@tradepad/contracts';
import type { UserRow } from '../../db/schema.ts';
import type { ModuleContext } from '../context.ts';
import type { MarketService } from '../market/market.service.ts';
import type { AccountTypeSource } from '../account-types/account-types.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { DeskService } from './desk.service.ts';
import { deskCommands, deskRoutes } from './desk.routes.ts';
import { engineFigures } from './engine-commands.ts';
import { EngineLeadership, type EngineRun } from './engine-leadership.ts';
import { TradeWriter } from './trade-writer.ts';
import { TradingEngine } from './trading.engine.ts';
import { TradingRepository } from './trading.repository.ts';
import { tradingCommands, tradingRoutes } from './trading.routes.ts';
import { TradingService, termsOf } from './trading.service.ts';

/** Something that runs only where the engine runs (hedging's FIX session). */
export interface LeaderTask {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** How often the engine leader re-reads its settings, which staff may change through any node. */
const ENGINE_SETTINGS_EVERY_MS = 5_000;

/**
 * The engine and the order calls, the staff's desk and risk page, and who runs the engine (engine-leadership.ts).
 * The engine starts when `begin()` is called, once every module has registered its calls and command handlers.
 */
export function registerTrading(
  ctx: ModuleContext,
  deps: {
    market: MarketService;
    notifications: NotificationsService;
    notices: NoticesService;
    userById: (id: number) => Promise<UserRow | undefined>;
    accountTypes: AccountTypeSource;
  },
) {
  const { app, config, clock, db, database, bus, ledger, settings, log } = ctx;
  const { market } = deps;
  const leadership = new EngineLeadership({ app, config, kind: database.kind, bus, clock, keys: ctx.idempotency });
  const { commands } = leadership;
  // A node that does not run the feed follows the leader's quotes on the bus; its interest in them is announced (and
  // again when it leads or stops leading), so the leader publishes them through Redis even when no socket here listens.
  if (database.kind === 'postgres') {
    market.followBus(() => leadership.leads());
    bus.noteInterest(CHANNEL_DAY_MARKET);
  }

  const repo = new TradingRepository(db, database.kind);
  const engine = new TradingEngine({
    db,
    repo,
    ledger,
    writer: new TradeWriter(db, undefined, {
      fence: leadership.fence(),
      stamp: (trx, claims) => ctx.idempotency.stamp(trx, claims),
      commitSeconds: ctx.metrics.commitSeconds,
    }),
    market,
    bus,
    clock,
    log,
    staleQuoteMs: config.STALE_QUOTE_MS,
    demoStartBalance: () => settings.get('demo_start_balance'),
    notifier: deps.notifications,
    notices: deps.notices,
    types: deps.accountTypes,
    figuresPushed: ctx.metrics.accountPushes,
  });
  // Account types (DESIGN §16): a changed type re-applies its terms to the accounts in memory, a user's new type to
  // theirs (both told on every node; only the leader's book holds accounts).
  const retyped = (p: Promise<void>) => void p.catch((err: unknown) => log.error({ err }, 'account types not re-applied'));
  deps.accountTypes.onReload(() => retyped(engine.retype()));
  bus.onUsersChanged(({ userIds }) => retyped(engine.retype(userIds)));
  // The engine's in-memory cash follows every committed movement of a user's cash, whoever wrote it. On another
  // node the leader is told, and re-reads the balance (a lost word leaves it stale until its next start; orders are
  // safe either way: settlement checks the stored cash). Late is still right here: a long deadline.
  ledger.onUserMovement((m) => {
    if (leadership.leads()) engine.cashMoved(m);
    else if (m.kind === 'cash')
      void commands
        .run(() => engine.refreshCash(m.userId), 'engine.cashChanged', [m.userId], { deadlineMs: 30_000 })
        .catch((err: unknown) => log.warn({ err, userId: m.userId }, 'engine leader not told of a cash movement'));
  });
  const trading = new TradingService({ engine, repo, ledger, settings, clock, db, orders: ctx.metrics.orders });
  tradingRoutes(ctx.router, trading, commands);
  tradingCommands(commands, trading, deps.userById);
  commands.handle('engine.settings', () => trading.engineSettings());
  commands.handle('engine.cashChanged', (userId: number) => engine.refreshCash(userId));
  commands.handle('engine.levelImpact', async (levels: Parameters<TradingEngine['levelImpact']>[0]) =>
    engine.levelImpact(levels),
  );

  // The back office's trading desk and risk page (issue 18).
  const desk = new DeskService({
    ...{ engine, repo, audit: ctx.audit, settings, clock },
    ...{ notices: deps.notices, notifier: deps.notifications },
  });
  deskCommands(commands, desk);
  deskRoutes(ctx.router, desk, commands);

  if (database.kind === 'postgres') {
    // Staff may change the engine's settings (fee type, margin-call and stop-out levels) through another node: the
    // leader re-reads them every few seconds too (through the settings' own short cache), besides being told.
    const timer = setInterval(() => {
      if (!leadership.leads()) return;
      trading.engineSettings().catch((err: unknown) => log.warn({ err }, 'engine settings could not be re-read'));
    }, ENGINE_SETTINGS_EVERY_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // What else runs on the engine leader only, started after the engine and stopped before it (hedging).
  const leaderTasks: LeaderTask[] = [];
  const run: EngineRun = {
    start: async () => {
      await engine.start(market.allInstruments(), termsOf);
      await trading.engineSettings();
      market.start();
      for (const t of leaderTasks) await t.start();
    },
    stop: async () => {
      for (const t of leaderTasks)
        await t.stop().catch((err: unknown) => log.warn({ err }, 'a leader task did not stop cleanly'));
      await market.stop();
      await engine.stop();
    },
    stopFeed: () => market.stop(),
  };
  return {
    engine,
    trading,
    desk,
    leadership,
    commands,
    /** The wallet's and the back office's read of an account's live figures, from the leader's book. */
    figuresNow: engineFigures(commands, engine),
    /** Told when staff changed the settings on this node: the leader re-reads them at once. */
    settingsChanged: () =>
      Promise.all([
        trading.engineSettings(),
        commands
          .run(() => trading.engineSettings(), 'engine.settings', [])
          .catch((err: unknown) => log.warn({ err }, 'engine leader not told of changed settings')),
      ]),
    /** Runs `task` on the engine leader only: started once it leads, stopped when it stops leading (before `begin`). */
    onLeading: (task: LeaderTask) => {
      leaderTasks.push(task);
    },
    levelImpact: (levels: Parameters<TradingEngine['levelImpact']>[0]) =>
      commands.run(async () => engine.levelImpact(levels), 'engine.levelImpact', [levels]),
    begin: async () => {
      // Read once before leading (a standby answers from them too); the leader reads them again as it starts.
      if (database.kind === 'postgres') await trading.engineSettings();
      await leadership.begin(run);
    },
  };
}
