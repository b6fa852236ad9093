import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { CHANNEL_DAY_MARKET, CHANNEL_FOREX_CLOSED, CHANNEL_FOREX_TRADE, CODE_REFUSED } from '@tradepad/contracts';
import { micros } from '@tradepad/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { AppError, TryAgain } from './core/errors.ts';
import { inlineScriptHashes, securityHeaders } from './core/security-headers.ts';
import { createMetrics, mayReadMetrics } from './core/metrics.ts';
import { openApiText } from './core/openapi.ts';
import { Router } from './core/router.ts';
import { refusal } from './core/http.ts';
import { Idempotency } from './core/idempotency.ts';
import { openDatabase, type DbHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { EngineLease, type EngineRole } from './db/engine-lease.ts';
import { langFromHeader, translate } from './i18n/translate.ts';
import { AccountsRepository } from './modules/accounts/accounts.repository.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { UserAuth } from './modules/accounts/auth.ts';
import { OwnerConfirmation } from './modules/accounts/owner-confirmation.ts';
import { SessionsRepository } from './modules/accounts/sessions.repository.ts';
import { SessionsService } from './modules/accounts/sessions.service.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { staffGuard } from './modules/audit/staff-guard.ts';
import { BackofficeRepository } from './modules/backoffice/backoffice.repository.ts';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { BackofficeService } from './modules/backoffice/backoffice.service.ts';
import { TotpService } from './modules/twofactor/totp.service.ts';
import { TwoFactorRepository } from './modules/twofactor/twofactor.repository.ts';
import { twoFactorRoutes } from './modules/twofactor/twofactor.routes.ts';
import { Throttle } from './modules/throttle/throttle.ts';
import { ThrottleRepository } from './modules/throttle/throttle.repository.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { NewsRepository } from './modules/content/news.repository.ts';
import { NewsService } from './modules/content/news.service.ts';
import { Rankings } from './modules/content/rankings.ts';
import { RankingsRepository } from './modules/content/rankings.repository.ts';
import { KycRepository } from './modules/kyc/kyc.repository.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { KycService } from './modules/kyc/kyc.service.ts';
import { LedgerRepository } from './modules/ledger/ledger.repository.ts';
import { MarketRepository } from './modules/market/market.repository.ts';
import { NotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { NoticesRepository } from './modules/notices/notices.repository.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { NoticesService } from './modules/notices/notices.service.ts';
import { WebPush } from './modules/notices/web-push.ts';
import { marketRoutes } from './modules/market/market.routes.ts';
import { marketAdminRoutes } from './modules/market/market.admin.routes.ts';
import { InstrumentsAdmin } from './modules/market/instruments-admin.service.ts';
import { ReportsRepository } from './modules/reports/reports.repository.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { StatementsRepository } from './modules/statements/statements.repository.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { StatementsService } from './modules/statements/statements.service.ts';
import { TradeWriter } from './modules/trading/trade-writer.ts';
import { TradingEngine } from './modules/trading/trading.engine.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { UsersAdminService } from './modules/users/users.service.ts';
import { usersAdminRoutes } from './modules/users/users.admin.routes.ts';
import { TradingRepository } from './modules/trading/trading.repository.ts';
import { tradingCommands, tradingRoutes } from './modules/trading/trading.routes.ts';
import { EngineCommands, engineFigures } from './modules/trading/engine-commands.ts';
import { TradingService, termsOf } from './modules/trading/trading.service.ts';
import { DeskService } from './modules/trading/desk.service.ts';
import { deskCommands, deskRoutes } from './modules/trading/desk.routes.ts';
import { DashboardRepository } from './modules/dashboard/dashboard.repository.ts';
import { DashboardService } from './modules/dashboard/dashboard.service.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { checkLedger } from './modules/ledger/ledger-checker.ts';
import type { Feed } from './modules/market/feed.ts';
import { MarketService } from './modules/market/market.service.ts';
import { RealtimeGateway } from './modules/realtime/realtime.gateway.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { SettingsRepository } from './modules/settings/settings.repository.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { settingsAdminRoutes } from './modules/settings/settings.admin.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { AlertsRepository } from './modules/alerts/alerts.repository.ts';
import { alertCommands, alertsRoutes } from './modules/alerts/alerts.routes.ts';
import { AlertsService } from './modules/alerts/alerts.service.ts';
import { SupportRepository } from './modules/support/support.repository.ts';
import { SupportService } from './modules/support/support.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { IdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { UploadsService } from './modules/uploads/uploads.service.ts';
import { WalletConfigService } from './modules/wallet/wallet-config.service.ts';
import { WalletReviewService } from './modules/wallet/wallet-review.service.ts';
import { WalletRepository } from './modules/wallet/wallet.repository.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { walletAdminRoutes } from './modules/wallet/wallet.admin.routes.ts';
import { WalletService } from './modules/wallet/wallet.service.ts';
import { EVERY_USER_SOCKET, InProcessBus, type Bus } from './ports/bus.ts';
import { RedisBus } from './ports/redis-bus.ts';
import type { CommandChannel } from './ports/command-channel.ts';
import { RedisCommandChannel } from './ports/redis-command-channel.ts';
import { systemClock, type Clock } from './ports/clock.ts';
import { seedFirstStart } from './seeds.ts';
import { createMessageSender, type MessageSender } from './ports/messaging.ts';

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

/** Who runs the engine (issue 19 points 2 and 3): this node's role, its lease (PostgreSQL) and the command road. */
export interface Leadership {
  /** This node's id (random per start). */
  node: string;
  /** `leader` runs the engine here, `standby` may take it over, `remote` (NODE_ROLE=api) never runs it. */
  role(): EngineRole;
  /** The advisory-lock lease, on PostgreSQL for nodes that may run the engine. */
  lease: EngineLease | undefined;
  commands: EngineCommands;
  /** The channel to the leader (Redis), when REDIS_URL is set on PostgreSQL. */
  channel: CommandChannel | undefined;
}

/** What the running app is made of, for tests and for later modules to plug into. */
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
  uploads: UploadsService;
  notifications: NotificationsService;
  /** Price alerts (issue 20 point 7); `onAlertFired` is where web push listens. */
  alerts: AlertsService;
  /** In-app notices and web push (issue 21): `notices.notify(userId, kind, data)`. */
  notices: NoticesService;
  leadership: Leadership;
}

declare module 'fastify' {
  interface FastifyInstance {
    tradepad: AppContext;
  }
}

/** How often the engine re-reads its settings, which staff may change through any node. */
const ENGINE_SETTINGS_EVERY_MS = 5_000;

const API_PREFIXES = ['/api', '/v1', '/admin/api'];
/** A path under one of the API prefixes (the prefix itself too): never answered with a front end's HTML. */
export const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/**
 * The whole server as a Fastify plugin, separate from the file that listens (CONVENTIONS: fastify/demo).
 * Infrastructure first (database, hooks, error handling), then modules, then the front ends.
 */
async function tradepad(app: FastifyInstance, opts: AppOptions): Promise<void> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;

  // Infrastructure
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    sqlitePath: config.sqlitePath,
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection lost'),
    onCheckpointError: (err) => app.log.error({ err }, 'WAL checkpoint failed'),
  });
  app.addHook('onClose', async () => database.close());
  const applied = await migrateToLatest(database);
  if (applied.length) app.log.info({ applied }, 'database migrated');
  const db = database.db;

  const sender =
    opts.sender ??
    createMessageSender({ db, clock, smtpUrl: config.SMTP_URL, smsUrl: config.SMS_URL, mailFrom: config.MAIL_FROM });
  app.addHook('onClose', async () => sender.close());

  const settingsRepo = new SettingsRepository(db);
  const settings = new SettingsService(settingsRepo, () => clock.now());
  const accountsRepo = new AccountsRepository(db, database.kind);
  // Notices to users (DESIGN §10), sent after each change commits; waited for before the sender closes.
  const notifications = new NotificationsService({
    repo: new NotificationsRepository(db),
    sender,
    userById: (id) => accountsRepo.userById(id),
    clock,
    log: app.log,
  });
  app.addHook('onClose', async () => notifications.drain());

  const ledger = new LedgerRepository(database.kind);
  const sessionsRepo = new SessionsRepository(db, database.read, database.kind);
  // Quotes, pushes and ended sessions are published on the bus; this node's websockets subscribe to it. With
  // REDIS_URL it reaches every node (scale-out); without, it stays in this process. Tests may hand two apps one bus.
  const bus: Bus = opts.bus ?? (config.REDIS_URL ? new RedisBus({ url: config.REDIS_URL, log: app.log }) : new InProcessBus());
  // In-app notices and web push (issue 21): written with the event, pushed (NOTICE, web push) after its commit.
  const noticesRepo = new NoticesRepository(db, database.kind);
  if (config.PUSH_ALLOW_LOOPBACK) {
    app.log.info('web push accepts endpoints on this machine (PUSH_ALLOW_LOOPBACK; off by default with NODE_ENV=production)');
  }
  const notices = new NoticesService({
    db,
    repo: noticesRepo,
    push: new WebPush(noticesRepo, { subject: config.PUSH_SUBJECT, allowLoopback: config.PUSH_ALLOW_LOOPBACK }, clock),
    bus,
    clock,
    log: app.log,
    retentionDays: config.NOTICE_RETENTION_DAYS,
  });
  app.addHook('onClose', async () => notices.drain());
  notices.startSweeping((err) => app.log.error({ err }, 'notice sweep failed'));
  app.addHook('onClose', async () => notices.stopSweeping());
  // The VAPID key pair exists from the first start on (generated by whichever node stores it first).
  await notices.vapidKey();
  if (!opts.bus && bus instanceof RedisBus) app.addHook('onClose', async () => bus.close());
  const userSessions = new SessionsService(
    sessionsRepo,
    clock,
    'user',
    async () => ({
      idleMs: (await settings.int('session_idle_minutes')) * 60_000,
      absoluteMs: (await settings.int('session_absolute_minutes')) * 60_000,
    }),
    bus,
  );
  const staffSessions = new SessionsService(
    sessionsRepo,
    clock,
    'staff',
    { idleMs: config.STAFF_SESSION_IDLE_MINUTES * 60_000 },
    bus,
  );
  // Two-factor sign-in (TOTP): optional for traders, enrolment for staff; it confirms withdrawals too, and a trader
  // is told by mail when it is switched on or off.
  const totp = new TotpService({
    repo: new TwoFactorRepository(db),
    clock,
    issuer: () => settings.get('site_name'),
    key: config.TOTP_KEY ? Buffer.from(config.TOTP_KEY, 'hex') : undefined,
    onChanged: (userId, change) => notifications.twoFactorChanged(userId, change === 'enabled'),
  });
  // The limits of sign-in and sign-up, in the database (DESIGN §10); a captcha is checked by the accounts module.
  const throttle: Throttle = new Throttle(
    new ThrottleRepository(db),
    clock,
    config,
    (key, text) => accounts.checkCaptcha(key, text),
    (err) => app.log.warn({ err }, 'rate counters could not be swept'),
  );
  const accounts = new AccountsService({
    db,
    repo: accountsRepo,
    ledger,
    settings,
    sessions: userSessions,
    sender,
    clock,
    config,
    throttle,
    captchaText: opts.captchaText,
    secondFactor: totp,
    notifier: notifications,
    signedIn: (userId, from) => notifications.signedIn(userId, from),
    legalVersions: () => news.legalVersions(),
  });
  const auth = new UserAuth(userSessions);
  const audit = new AuditRepository(db);
  const backofficeRepo = new BackofficeRepository(db, database.kind);
  const backoffice = new BackofficeService(backofficeRepo, audit, staffSessions, clock, throttle, totp);
  const marketRepo = new MarketRepository(database);
  const walletRepo = new WalletRepository(db);
  const news = new NewsService({ repo: new NewsRepository(db), audit, clock });
  await seedFirstStart({
    settings: settingsRepo,
    accounts: accountsRepo,
    market: marketRepo,
    wallet: walletRepo,
    news,
    backoffice,
    config,
    log: app.log,
    now: clock.now(),
  });

  const gateway = new RealtimeGateway(auth, app.log, { maxMessagesPerSecond: config.WS_MAX_MESSAGES_PER_SECOND });
  gateway.attach(bus);
  gateway.registerChannel({ match: { exact: CHANNEL_FOREX_TRADE }, requiresLogin: true });
  gateway.registerChannel({ match: { exact: CHANNEL_FOREX_CLOSED }, requiresLogin: true });

  const market = new MarketService({
    repo: marketRepo,
    bus,
    channels: gateway,
    clock,
    config,
    log: app.log,
    feed: opts.feed,
  });
  await market.init();
  // Staff changed instruments on any node (issue 18 point 6): re-read them here too, at once.
  bus.onInstrumentsChanged(() => {
    market.reloadInstruments().catch((err: unknown) => app.log.error({ err }, 'instrument reload failed'));
  });

  // Engine leadership (issue 19 point 2). On SQLite this one node always runs the engine. On PostgreSQL the nodes that
  // may run it (NODE_ROLE all or engine) compete for an advisory lock; the holder runs the feed and the engine, and
  // every engine write transaction first checks the lease's fencing token. API nodes never run either.
  const node = randomUUID();
  const lease =
    database.kind === 'postgres' && config.NODE_ROLE !== 'api' && config.DATABASE_URL
      ? new EngineLease({
          connectionString: config.DATABASE_URL,
          lockKey: config.ENGINE_LOCK_KEY,
          node,
          onElected: async (epoch) => {
            app.log.info({ epoch, node }, 'engine leader: rebuilding the books and starting the feed');
            await engine.start(market.allInstruments(), termsOf);
            await trading.engineSettings();
            market.start();
            await channel?.serve((c) => commands.execute(c));
            bus.noteInterest(CHANNEL_DAY_MARKET);
          },
          onDemoted: async () => {
            app.log.warn({ node }, 'engine leadership lost: stopping the feed and the engine');
            await channel?.unserve();
            await market.stop();
            await engine.stop();
            bus.noteInterest(CHANNEL_DAY_MARKET);
          },
          onError: (err, what) => app.log.warn({ err }, what),
          now: () => clock.now(),
        })
      : undefined;
  const leads = (): boolean => (lease ? lease.role === 'leader' : database.kind === 'sqlite');
  const engineRole = (): EngineRole =>
    config.NODE_ROLE === 'api' ? 'remote' : database.kind === 'sqlite' ? 'leader' : lease!.role;
  const channel: CommandChannel | undefined =
    database.kind === 'postgres' && config.REDIS_URL
      ? new RedisCommandChannel({ url: config.REDIS_URL, node, onError: (err, what) => app.log.warn({ err }, what) })
      : undefined;
  if (channel) app.addHook('onClose', async () => channel.close());
  // Trading commands: in process on the leader (and always on SQLite), else forwarded with a deadline (point 3).
  const commands = new EngineCommands({
    role: () => (leads() ? 'leader' : engineRole()),
    channel,
    deadlineMs: config.COMMAND_DEADLINE_MS,
    log: app.log,
  });
  // A node that does not run the feed follows the leader's quotes on the bus.
  // Its interest in quotes is announced on the bus (and again when it leads or stops leading), so the leader publishes
  // them through Redis even when no socket on this node listens.
  if (database.kind === 'postgres') {
    market.followBus(() => leads());
    bus.noteInterest(CHANNEL_DAY_MARKET);
  }

  const tradingRepo = new TradingRepository(db, database.kind);
  const engine = new TradingEngine({
    db,
    repo: tradingRepo,
    ledger,
    writer: new TradeWriter(db, undefined, {
      fence: lease ? (trx) => lease.fence(trx, () => new TryAgain('no')) : undefined,
    }),
    market,
    bus,
    clock,
    log: app.log,
    staleQuoteMs: config.STALE_QUOTE_MS,
    demoStartBalance: () => settings.get('demo_start_balance'),
    notifier: notifications,
    notices,
  });
  // The engine's in-memory cash follows every committed movement of a user's cash, whoever wrote it.
  // On another node the leader is told, and re-reads the balance (a lost word leaves it stale until its next start;
  // orders are safe either way: settlement checks the stored cash). Late is still right here: a long deadline.
  ledger.onUserMovement((m) => {
    if (leads()) engine.cashMoved(m);
    else if (m.kind === 'cash')
      void commands
        .run(() => engine.refreshCash(m.userId), 'engine.cashChanged', [m.userId], { deadlineMs: 30_000 })
        .catch((err: unknown) => app.log.warn({ err, userId: m.userId }, 'engine leader not told of a cash movement'));
  });
  const trading = new TradingService({ engine, repo: tradingRepo, ledger, settings, clock, db });
  tradingCommands(commands, trading, (id) => accountsRepo.userById(id));
  // Price alerts (issue 20 point 7): levels in the engine leader's trigger books (loaded with them at every start),
  // fired once, told on the bus (any node's sockets) and by mail; the notices hear them through `alerts.onAlertFired`.
  const alerts = new AlertsService({
    repo: new AlertsRepository(db),
    engine,
    instrument: (id) => market.instrumentById(id),
    bus,
    notifier: notifications,
    clock,
    log: app.log,
  });
  engine.useAlerts(alerts);
  // A fired alert is also a notice (issue 21): the centre lists it, and web push tells the trader's devices.
  alerts.onAlertFired((e) =>
    notices.notify(e.userId, 'alert', { symbol: e.alert.ShowCode, price: e.alert.FiredBid ?? e.alert.Price }),
  );
  alertCommands(commands, alerts, (id) => accountsRepo.userById(id));
  // The wallet's and the back office's read of an account's live figures, from the leader's book wherever this runs.
  const figuresNow = engineFigures(commands, engine);
  if (database.kind === 'sqlite') {
    await engine.start(market.allInstruments(), termsOf);
    await trading.engineSettings();
    market.start();
    app.addHook('preClose', async () => {
      await market.stop();
      await engine.stop();
    });
  } else {
    await trading.engineSettings();
    // Staff may change the engine's settings (fee type, margin-call and stop-out levels) through another node: the
    // leader re-reads them every few seconds too (through the settings' own short cache), besides being told.
    const settingsTimer = setInterval(() => {
      if (!leads()) return;
      trading.engineSettings().catch((err: unknown) => app.log.warn({ err }, 'engine settings could not be re-read'));
    }, ENGINE_SETTINGS_EVERY_MS).unref();
    app.addHook('onClose', async () => clearInterval(settingsTimer));
    // Leaving: step down first (the lock goes with its connection, a standby takes over at once).
    app.addHook('preClose', async () => {
      await lease?.stop();
      await market.stop();
    });
  }

  // On PostgreSQL the images are kept in the database, so any node serves any of them (issue 19 point 5); SQLite (one
  // node) keeps them as files under DATA_DIR/uploads, out of the one writer's way.
  const uploads = await UploadsService.create({
    db,
    dir: path.join(config.DATA_DIR, 'uploads'),
    clock,
    settings: settingsRepo,
    inDatabase: database.kind === 'postgres',
    limit: (userId) => throttle.upload(userId),
  });
  const kyc = new KycService({ db, repo: new KycRepository(db), audit, images: uploads, notifier: notifications, clock });
  const wallet = new WalletService({
    db,
    repo: walletRepo,
    ledger,
    settings,
    images: uploads,
    engine: { floating: async (userId) => (await figuresNow(userId, micros(0))).floating },
    kycStatus: (userId) => kyc.status(userId),
    // Binding a method and withdrawing need the owner: a type-4 code, or a TOTP code when two-factor is on (DESIGN §10).
    owner: new OwnerConfirmation({
      accounts,
      totp: { enabled: (id) => totp.isEnabled('user', id), verify: (id, code) => totp.verify(id, code) },
    }),
    notifier: notifications,
    clock,
  });

  const rankings = new Rankings({
    repo: new RankingsRepository(db),
    clock,
    instrumentCode: (id) => market.instrumentById(id)?.code,
    userChanged: (id) => userSessions.forgetUser(id),
  });

  app.decorate('tradepad', {
    config,
    clock,
    database,
    accounts,
    gateway,
    bus,
    settings,
    ledger,
    market,
    trading,
    engine,
    wallet,
    kyc,
    uploads,
    notifications,
    alerts,
    notices,
    leadership: { node, role: engineRole, lease, commands, channel },
  } satisfies AppContext);

  // Request handling
  app.decorateRequest('lang', 'hk');
  app.addHook('onRequest', async (req, reply) => {
    req.lang = langFromHeader(req.headers.lang);
    void reply.header('x-request-id', req.id);
    // The id is always ours; a client's own (a tracing id) is only logged beside it, when well-formed.
    const clientId = clientRequestId(req.headers['x-request-id']);
    if (clientId) req.log = req.log.child({ clientRequestId: clientId });
    // API answers are per user and per moment: no browser or proxy may keep them (DESIGN §10).
    if (isApiPath(req.url)) void reply.header('cache-control', 'no-store');
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The web app's first-paint loader is inline (apps/web/build/first-paint.ts): allowed by its hash only.
        scriptSrc: ["'self'", ...inlineScriptHashes([path.resolve(config.WEB_DIST, 'index.html')])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Narrowed per request to this host's own websocket origin (connectSources); a marker until then.
        connectSrc: ["'self'", CONNECT_MARKER],
        frameSrc: ['https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const csp = security['content-security-policy'] ?? '';
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(security);
    if (csp) void reply.header('content-security-policy', csp.replace(CONNECT_MARKER, connectSources(req)));
  });
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => handleError(err, req, reply));

  // Operations
  const metrics = createMetrics(app, () => gateway.connectionCount);
  app.get('/healthz', async (_req, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok', database: database.kind, role: config.NODE_ROLE };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
  // Readiness for load balancers (DESIGN §10): the database answers and, where this node runs the engine, its books
  // are loaded (they are before the server listens) and every open instrument has a live quote.
  // A standby or API node is ready once its database answers: it serves REST and websockets, trading through the
  // leader (issue 19).
  app.get('/readyz', async (_req, reply) => {
    const role = engineRole();
    const base = { role: config.NODE_ROLE, engine: role };
    try {
      await sql`select 1`.execute(db);
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database', ...base });
    }
    // Scale-out: without its Redis connection a node can neither forward orders nor follow quotes and pushes.
    if (bus instanceof RedisBus && !bus.connected) return reply.code(503).send({ status: 'unavailable', reason: 'bus', ...base });
    const unquoted = role === 'leader' ? market.unquoted() : [];
    if (unquoted.length > 0)
      return reply.code(503).send({ status: 'unavailable', reason: `no live quote: ${unquoted.join(',')}`, ...base });
    return { status: 'ready', ...base };
  });
  app.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req, config.METRICS_TOKEN)) return reply.code(403).type('text/plain').send('Forbidden');
    return reply.type(metrics.contentType).send(await metrics.render());
  });

  const openapi = openApiText();
  app.get('/api/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(openapi));

  // Modules: each registers its calls (the back office's too) through the router, from their contracts.
  // Calls that create or move something replay the first answer to a repeated Idempotency-Key (DESIGN §10).
  const idempotency = new Idempotency(new IdempotencyRepository(db), clock);
  idempotency.start((err) => app.log.error({ err }, 'idempotency sweep failed'));
  app.addHook('onClose', async () => idempotency.stop());
  const staffEnrolled = (staffId: number) => totp.isEnabled('staff', staffId);
  const guard = staffGuard(staffSessions, audit, {
    limit: {
      maxAgeMs: async () => (await settings.int('staff_session_max_hours')) * 3_600_000,
      now: () => clock.now(),
    },
    enrolment: { enrolled: staffEnrolled },
  });
  const router = new Router(app, { user: (req) => auth.require(req), staff: guard }, undefined, idempotency);
  accountsRoutes(router, { accounts, auth });
  backofficeRoutes(router, {
    service: backoffice,
    repo: backofficeRepo,
    audit,
    sessions: staffSessions,
    enrolled: staffEnrolled,
  });
  twoFactorRoutes(router, { totp, audit, now: () => clock.now() });
  marketRoutes(router, app, market);
  tradingRoutes(router, trading, commands);
  alertsRoutes(router, alerts, commands);
  uploadsRoutes(router, app, uploads);
  walletRoutes(router, wallet);
  walletAdminRoutes(router, {
    review: new WalletReviewService({
      db,
      repo: walletRepo,
      ledger,
      audit,
      images: uploads,
      kycStatus: (userId) => kyc.status(userId),
      notifier: notifications,
      notices,
      clock,
    }),
    config: new WalletConfigService({ repo: walletRepo, audit, settings, clock }),
  });
  kycRoutes(router, kyc);
  contentRoutes(router, { news, rankings });
  noticesRoutes(router, notices);
  supportRoutes(router, new SupportService({ db, repo: new SupportRepository(db), audit, images: uploads, bus, clock }));
  // The back office's trading desk, risk page and home page (issue 18).
  const desk = new DeskService({ engine, repo: tradingRepo, audit, settings, clock });
  deskCommands(commands, desk);
  commands.handle('engine.settings', () => trading.engineSettings());
  commands.handle('engine.cashChanged', (userId: number) => engine.refreshCash(userId));
  commands.handle('engine.levelImpact', async (levels: Parameters<TradingEngine['levelImpact']>[0]) =>
    engine.levelImpact(levels),
  );
  deskRoutes(router, desk, commands);
  dashboardRoutes(
    router,
    new DashboardService({
      db,
      repo: new DashboardRepository(db),
      ledger,
      clock,
      // On every node (the bus knows who is logged in where).
      tradersOnline: () => [...bus.listeners(EVERY_USER_SOCKET)].length,
      // From the engine leader's book; none shown while it cannot be reached (the home page still answers).
      alerts: () => commands.run(() => desk.alerts(), 'desk.alerts', []).catch(() => []),
      checkLedger,
    }),
  );
  settingsAdminRoutes(router, {
    settings,
    audit,
    clock,
    // The engine leader re-reads the settings at once, wherever staff changed them (it also does before each order).
    changed: () =>
      Promise.all([
        trading.engineSettings(),
        commands
          .run(() => trading.engineSettings(), 'engine.settings', [])
          .catch((err: unknown) => app.log.warn({ err }, 'engine leader not told of changed settings')),
      ]),
    impact: (levels) => commands.run(async () => engine.levelImpact(levels), 'engine.levelImpact', [levels]),
  });
  marketAdminRoutes(router, new InstrumentsAdmin({ db, repo: marketRepo, market, audit, bus, clock }));
  reportsRoutes(router, new ReportsRepository(db));
  statementsRoutes(router, new StatementsService({ repo: new StatementsRepository(db), settings, clock }));
  usersAdminRoutes(
    router,
    new UsersAdminService({
      db,
      repo: new UsersRepository(db, database.kind),
      ledger,
      audit,
      engine: { figures: figuresNow },
      sessions: userSessions,
      totp: { enabled: (id) => totp.isEnabled('user', id), resetByStaff: (id) => totp.resetByStaff(id) },
      images: uploads,
      approvalThresholdUsd: () => settings.int('adjust_approval_usd'),
      clock,
    }),
  );

  await app.register(websocket, {
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
    // Say goodbye with 1001 (going away) and give clients a moment to read it, so apps reconnect to another node.
    preClose(this: FastifyInstance, done: () => void) {
      gateway.closeAll();
      const wss = this.websocketServer;
      const deadline = Date.now() + 1000;
      const wait = () => {
        if (wss.clients.size === 0 || Date.now() > deadline) wss.close(() => done());
        else setTimeout(wait, 20);
      };
      wait();
    },
  });
  realtimeRoutes(app, gateway, { maxPerAddress: config.WS_MAX_PER_ADDRESS });

  // Compete for the engine now that every route and command handler is in place (a lone node leads before it listens).
  if (lease) await lease.start();

  // Front ends
  await serveFrontEnds(app, config);
}

function handleError(err: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.code(200).send(refusal(req, err));
  }
  const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Unreadable bodies, wrong content types, oversized requests: the client's fault, answered plainly.
    req.log.info({ err: { message: err.message, code: (err as FastifyError).code } }, 'bad request');
    const key = status === 429 ? 'err.too_many_requests' : 'err.bad_request';
    return reply.code(200).send({ code: CODE_REFUSED, msg: translate(req.lang, key), data: null });
  }
  req.log.error({ err }, 'unexpected error');
  return reply.code(500).send({ code: CODE_REFUSED, msg: translate(req.lang, 'err.internal'), data: null });
}

/** Not encapsulated, so `app.tradepad` and the error handler apply to the instance that registers it. */
export const tradepadApp = fp(tradepad, { name: 'tradepad', fastify: '5.x' });

async function serveFrontEnds(app: FastifyInstance, config: Config) {
  const webDist = path.resolve(config.WEB_DIST);
  const adminDist = path.resolve(config.ADMIN_DIST);
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  const hasAdmin = fs.existsSync(path.join(adminDist, 'index.html'));
  const immutable = (reply: FastifyReply, file: string) => {
    // Hashed assets never change; index.html must always be fetched fresh.
    void reply.header('cache-control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      setHeaders: immutable,
      index: false,
      // The build writes .br and .gz copies beside each file (build/vite-precompress.ts).
      preCompressed: true,
    });
  if (hasAdmin)
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      decorateReply: !hasWeb,
      wildcard: true,
      setHeaders: immutable,
      index: false,
      preCompressed: true,
    });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (isApiPath(url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ code: CODE_REFUSED, msg: translate(req.lang, 'err.not_found'), data: null });
    }
    const isAdmin = url === '/admin' || url.startsWith('/admin/');
    const [root, present] = isAdmin ? [adminDist, hasAdmin] : [webDist, hasWeb];
    if (!present) return reply.code(503).type('text/plain').send('The front end is not built yet: run `npm run build`.');
    void reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', root);
  });
  // `/` itself: the app's shell.
  if (hasWeb) app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', webDist));
  if (hasAdmin) app.get('/admin/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', adminDist));
}

/** The server's own id for a request: always made here, never taken from the client (DESIGN §10). */
export const newRequestId = (): string => randomUUID();

/** A client's `X-Request-Id`, when it is a sane token, to be logged beside ours; anything else is dropped. */
export const clientRequestId = (incoming: unknown): string | undefined =>
  typeof incoming === 'string' && /^[\w.:-]{8,64}$/.test(incoming) ? incoming : undefined;

const CONNECT_MARKER = 'tradepad-connect-origins';

/**
 * Where the app may connect (CSP `connect-src`, DESIGN §3): its own origin ('self'), this host's websocket origin
 * (older browsers do not let 'self' cover ws/wss), and, for a page on a named host without the spec's `api.` prefix,
 * that host's `api.` origin, where a build with VITE_API_ORIGIN sends its calls. Only a well-formed Host header is
 * used; otherwise 'self' alone.
 */
export function connectSources(req: Pick<FastifyRequest, 'headers' | 'protocol'>): string {
  const host = req.headers.host;
  if (typeof host !== 'string' || !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(host)) return '';
  // The secure schemes always (a TLS proxy this server was not told to trust still serves the page over https), the
  // plain ones only to a page that came over plain http.
  const plain = req.protocol !== 'https';
  const origins = (h: string) => [`wss://${h}`, ...(plain ? [`ws://${h}`] : [])];
  const sources = origins(host);
  const name = host.replace(/:\d+$/, '');
  if (/[a-z]/i.test(name) && name.includes('.') && !name.startsWith('[') && !/^api\./i.test(name))
    sources.push(`https://api.${host}`, ...(plain ? [`http://api.${host}`] : []), ...origins(`api.${host}`));
  return sources.join(' ');
}
