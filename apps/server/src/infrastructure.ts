import type { FastifyInstance } from 'fastify';
import type { AppOptions } from './app.ts';
import { Idempotency } from './core/idempotency.ts';
import { Metrics } from './core/metrics.ts';
import type { DeniedAttempt } from './core/denied.ts';
import { Router } from './core/router.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AccessSlots, type ModuleContext } from './modules/context.ts';
import { IdempotencyRepository } from './modules/idempotency/idempotency.repository.ts';
import { LedgerRepository } from './modules/ledger/ledger.repository.ts';
import { openSettings } from './modules/settings/settings.module.ts';
import { InProcessBus, type Bus } from './ports/bus.ts';
import { systemClock } from './ports/clock.ts';
import { createMessageSender } from './ports/messaging.ts';
import { RedisBus } from './ports/redis-bus.ts';

/**
 * What every module stands on, opened once and closed with the server: the database (migrated), mail and SMS, the
 * event bus (in process, or Redis between nodes with REDIS_URL; tests may hand two apps one bus), the run-time
 * settings (seeded on first start), the ledger and the audit log, the router with its idempotency store, and the
 * node's metrics.
 */
export async function openInfrastructure(app: FastifyInstance, opts: AppOptions): Promise<ModuleContext> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const log = app.log;
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolMax: config.DATABASE_POOL_MAX,
    sqlitePath: config.sqlitePath,
    onIdleError: (err) => log.warn({ err }, 'idle database connection lost'),
    onCheckpointError: (err) => log.error({ err }, 'WAL checkpoint failed'),
  });
  app.addHook('onClose', async () => database.close());
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ applied }, 'database migrated');
  const db = database.db;

  const sender =
    opts.sender ??
    createMessageSender({ db, clock, smtpUrl: config.SMTP_URL, smsUrl: config.SMS_URL, mailFrom: config.MAIL_FROM });
  app.addHook('onClose', async () => sender.close());

  // Quotes, pushes and ended sessions are published on the bus; this node's websockets subscribe to it.
  const bus: Bus = opts.bus ?? (config.REDIS_URL ? new RedisBus({ url: config.REDIS_URL, log }) : new InProcessBus());
  if (!opts.bus && bus instanceof RedisBus) app.addHook('onClose', async () => bus.close());

  const { settings, store } = await openSettings({ db, clock, config });

  // Calls that create or move something replay the first answer to a repeated Idempotency-Key (DESIGN §10).
  // An engine call's key is settled by anyone once its command's deadline and 5 s passed (DESIGN §15).
  const idempotency = new Idempotency(new IdempotencyRepository(db), clock, undefined, config.COMMAND_DEADLINE_MS + 5_000);
  idempotency.start((err) => log.error({ err }, 'idempotency sweep failed'));
  app.addHook('onClose', async () => idempotency.stop());
  // Made before any module, so that every metric is registered before the first scrape (and the engine counts into it).
  const metrics = new Metrics();
  app.addHook('onClose', async () => metrics.close());
  const access = new AccessSlots();
  const audit = new AuditRepository(db);
  // Refused staff attempts (a role, a rule of the action) are audited as `<object>.<verb>.denied` (issue 29).
  const denials = {
    denied: (a: DeniedAttempt) =>
      audit.record({
        staffId: a.actor.staffId,
        action: a.action,
        targetType: a.targetType,
        targetId: a.targetId,
        before: null,
        after: a.detail,
        ip: a.actor.ip,
        peer: a.actor.peer,
        at: clock.now(),
      }),
  };
  const router = new Router(app, access, undefined, idempotency, denials);

  return {
    app,
    config,
    clock,
    log,
    database,
    db,
    bus,
    sender,
    settings,
    settingsStore: store,
    ledger: new LedgerRepository(database.kind),
    audit,
    router,
    metrics,
    idempotency,
    access,
  };
}
