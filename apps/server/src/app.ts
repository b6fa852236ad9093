import { CHANNEL_FOREX_TRADE } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { serveFrontEnds } from './core/front-ends.ts';
import { registerHttpPolicy } from './core/http-policy.ts';
import { registerOperations } from './core/operations.ts';
import type { DbHandle } from './db/database.ts';
import { openInfrastructure } from './infrastructure.ts';
import { registerAccounts } from './modules/accounts/accounts.module.ts';
import { registerAccountTypes } from './modules/account-types/account-types.module.ts';
import type { AccountsService } from './modules/accounts/accounts.service.ts';
import { registerAlerts } from './modules/alerts/alerts.module.ts';
import type { AlertsService } from './modules/alerts/alerts.service.ts';
import { registerBackoffice } from './modules/backoffice/backoffice.module.ts';
import { registerChanges } from './modules/changes/changes.module.ts';
import { registerCharts } from './modules/charts/charts.module.ts';
import { registerContent } from './modules/content/content.module.ts';
import { registerCopy } from './modules/copy/copy.module.ts';
import { registerDashboard } from './modules/dashboard/dashboard.module.ts';
import { registerKyc } from './modules/kyc/kyc.module.ts';
import type { KycService } from './modules/kyc/kyc.service.ts';
import type { KycExpiryCheck } from './modules/kyc/kyc-expiry.ts';
import type { LedgerRepository } from './modules/ledger/ledger.repository.ts';
import { registerLiquidity } from './modules/liquidity/liquidity.module.ts';
import { registerHedging } from './modules/hedging/hedging.module.ts';
import type { HedgingService } from './modules/hedging/hedging.service.ts';
import type { Feed } from './modules/market/feed.ts';
import { registerMarket } from './modules/market/market.module.ts';
import type { MarketService } from './modules/market/market.service.ts';
import { registerNotices } from './modules/notices/notices.module.ts';
import type { NoticesService } from './modules/notices/notices.service.ts';
import { registerNotifications } from './modules/notifications/notifications.module.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import { registerRealtime } from './modules/realtime/realtime.module.ts';
import type { RealtimeGateway } from './modules/realtime/realtime.gateway.ts';
import { registerReports } from './modules/reports/reports.module.ts';
import { registerSettings } from './modules/settings/settings.module.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import { registerStatements } from './modules/statements/statements.module.ts';
import { registerSupport } from './modules/support/support.module.ts';
import { registerThrottle } from './modules/throttle/throttle.module.ts';
import type { Leadership } from './modules/trading/engine-leadership.ts';
import { registerTrading } from './modules/trading/trading.module.ts';
import type { TradingEngine } from './modules/trading/trading.engine.ts';
import type { TradingService } from './modules/trading/trading.service.ts';
import { registerTwoFactor } from './modules/twofactor/twofactor.module.ts';
import { registerUploads } from './modules/uploads/uploads.module.ts';
import type { UploadsService } from './modules/uploads/uploads.service.ts';
import { registerUsers } from './modules/users/users.module.ts';
import { registerWallet } from './modules/wallet/wallet.module.ts';
import type { WalletService } from './modules/wallet/wallet.service.ts';
import type { Bus } from './ports/bus.ts';
import type { Clock } from './ports/clock.ts';
import type { MessageSender } from './ports/messaging.ts';
import { RedisBus } from './ports/redis-bus.ts';

export type { Leadership };
export { newRequestId } from './core/http-policy.ts';

export interface AppOptions {
  config: Config;
  clock?: Clock;
  /** Replaces mail/SMS delivery (tests use real SMTP and HTTP servers instead, through the config). */
  sender?: MessageSender;
  captchaText?: () => string;
  /** Replaces the configured price feed (tests script their ticks). */
  feed?: Feed;
  /** Replaces the event bus (tests run two nodes in one process on one shared in-process bus). */
  bus?: Bus;
}

/** What the running app is made of, for tests and operators' tools. */
export interface AppContext {
  config: Config;
  clock: Clock;
  database: DbHandle;
  accounts: AccountsService;
  gateway: RealtimeGateway;
  /** The event bus (in process, or Redis between nodes with REDIS_URL). */
  bus: Bus;
  settings: SettingsService;
  ledger: LedgerRepository;
  market: MarketService;
  trading: TradingService;
  engine: TradingEngine;
  wallet: WalletService;
  kyc: KycService;
  /** The daily check of real-name documents' expiry (issue 32): `run()` checks now. */
  kycExpiry: KycExpiryCheck;
  uploads: UploadsService;
  notifications: NotificationsService;
  /** Price alerts (issue 20 point 7); `onAlertFired` is where web push listens. */
  alerts: AlertsService;
  /** In-app notices and web push (issue 21): `notices.notify(userId, kind, data)`. */
  notices: NoticesService;
  leadership: Leadership;
  /** Hedging over FIX (issue 31): `idle()` waits for its queued steps. */
  hedging: HedgingService;
  /** Copy trading (issue 34): `fees.run()` charges the fees due, `checkStops()` runs the equity stops now. */
  copy: ReturnType<typeof registerCopy>['copy'];
}

declare module 'fastify' {
  interface FastifyInstance {
    tradepad: AppContext;
  }
}

/**
 * The whole server as a Fastify plugin, separate from the file that listens (CONVENTIONS: fastify/demo). This file
 * only orders the parts: the infrastructure and the HTTP policy, then each module's `register` (which builds its
 * repositories and services and registers its calls, command handlers and bus listeners; see ARCHITECTURE "Where to
 * add: a module"), the operations endpoints, the engine, and last the front ends. A module's `deps` name what it
 * needs of modules registered before it; the few needs that point forward are closures, called only once running.
 */
async function tradepad(app: FastifyInstance, opts: AppOptions): Promise<void> {
  const ctx = await openInfrastructure(app, opts);
  const { config } = ctx;
  await registerHttpPolicy(app, {
    webDist: config.WEB_DIST,
    adminDist: config.ADMIN_DIST,
    supportLink: async () => ({
      link: await ctx.settings.get('service_link'),
      type: await ctx.settings.int('service_link_type'),
    }),
  });

  const { notifications } = registerNotifications(ctx, { userById: (id) => identity.userById(id) });
  const { notices } = await registerNotices(ctx);
  const { throttle } = registerThrottle(ctx, { checkCaptcha: (key, text) => identity.accounts.checkCaptcha(key, text) });
  const { totp } = registerTwoFactor(ctx, {
    notifications,
    sessions: (kind) => (kind === 'user' ? identity.userSessions : identity.staffSessions),
  });
  const { accountTypes } = await registerAccountTypes(ctx, { notices, notifier: notifications });
  const identity = await registerAccounts(ctx, {
    accountTypeOf: (id) => accountTypes.viewOf(id),
    notifications,
    totp,
    throttle,
    legalVersions: () => content.news.legalVersions(),
    captchaText: opts.captchaText,
  });
  const { userById, userSessions } = identity;
  await registerBackoffice(ctx, { staffSessions: identity.staffSessions, throttle, totp });
  const { gateway } = await registerRealtime(ctx, { auth: identity.auth });
  const { market } = await registerMarket(ctx, {
    gateway,
    feed: opts.feed,
    accountTypes,
    userOf: async (req) => (await identity.auth.fromToken(req.headers.authorization))?.user,
  });
  registerCharts(ctx, { market });
  const trading = registerTrading(ctx, { market, notifications, notices, userById, accountTypes });
  const { engine, commands, figuresNow } = trading;
  const { hedging } = registerHedging(ctx, { engine, commands, desk: trading.desk, market, onLeading: trading.onLeading });
  registerLiquidity(ctx, { market, commands, hedgeSessions: () => hedging.liquiditySessions() });
  const { alerts } = registerAlerts(ctx, { engine, commands, market, notifications, notices, userById });
  const { uploads } = await registerUploads(ctx, { throttle });
  const { kyc, kycExpiry } = registerKyc(ctx, { uploads, notifications, notices, onLeading: trading.onLeading });
  const { copy } = registerCopy(ctx, {
    ...{ engine, commands, market, userById, notices, onLeading: trading.onLeading },
    kycStatus: (userId) => kyc.status(userId),
  });
  const { accounts } = identity;
  const { changes } = registerChanges(ctx);
  const { users } = registerUsers(ctx, {
    ...{ userSessions, totp, uploads, figuresNow, notices, notifications },
    accountTypeOf: (typeId) => accountTypes.viewOf(typeId),
  });
  const creditors = users.creditors.bind(users);
  const { wallet } = await registerWallet(ctx, {
    ...{ accounts, totp, kyc, uploads, notifications, notices, figuresNow },
    ...{ changes, creditors },
  });
  const content = await registerContent(ctx, {
    instrumentCode: (id) => market.instrumentById(id)?.code,
    userChanged: (id) => userSessions.forgetUser(id),
  });
  registerSupport(ctx, { uploads, throttle });
  registerDashboard(ctx, { desk: trading.desk, commands });
  // The settings' margin-call and stop-out levels are the default account type's: its accounts are the ones they touch.
  registerSettings(ctx, {
    changed: trading.settingsChanged,
    impact: (levels) => trading.levelImpact({ ...levels, typeId: accountTypes.type(null).id }),
    changes,
  });
  registerStatements(ctx);
  registerReports(ctx);

  const { database, bus, settings, ledger, clock } = ctx;
  app.decorate('tradepad', {
    ...{ config, clock, database, accounts, gateway, bus, settings, ledger, market, engine, wallet, kyc, uploads },
    ...{ notifications, alerts, notices, trading: trading.trading, leadership: trading.leadership, hedging, kycExpiry, copy },
  } satisfies AppContext);

  registerOperations(app, {
    database,
    nodeRole: config.NODE_ROLE,
    engineRole: () => trading.leadership.role(),
    busConnected: () => !(bus instanceof RedisBus) || bus.connected,
    unquoted: () => market.unquoted(),
    quoteAges: () => market.quoteAges(),
    websocketCount: () => gateway.connectionCount,
    accountListeners: () => [...bus.listeners(CHANNEL_FOREX_TRADE)].length,
    metrics: ctx.metrics,
    metricsToken: config.METRICS_TOKEN,
  });

  // Run or compete for the engine now that every route and command handler is in place.
  await trading.begin();
  await serveFrontEnds(app, { web: config.WEB_DIST, admin: config.ADMIN_DIST });
}

/** Not encapsulated, so `app.tradepad` and the error handler apply to the instance that registers it. */
export const tradepadApp = fp(tradepad, { name: 'tradepad', fastify: '5.x' });
