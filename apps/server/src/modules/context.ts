import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import type { Config } from '../config.ts';
import type { Access } from '../core/router.ts';
import type { Router } from '../core/router.ts';
import type { Idempotency } from '../core/idempotency.ts';
import type { Authenticated, StaffContext } from '../core/access.ts';
import type { Metrics } from '../core/metrics.ts';
import type { Db, DbHandle } from '../db/database.ts';
import type { Bus } from '../ports/bus.ts';
import type { Clock } from '../ports/clock.ts';
import type { MessageSender } from '../ports/messaging.ts';
import type { AuditRepository } from './audit/audit.repository.ts';
import type { LedgerRepository } from './ledger/ledger.repository.ts';
import type { SettingsService } from './settings/settings.service.ts';
import type { SettingsRepository } from './settings/settings.repository.ts';

/**
 * What every module's `register(ctx, deps)` is handed (ARCHITECTURE "Where to add: a module"): the infrastructure the
 * composition root opened once (database, bus, clock, mail and SMS, run-time settings, metrics), the two modules at the bottom
 * that others write into within their own transactions (ledger, audit), and the router its calls are registered on.
 * What a module needs of another module comes as that register's `deps`, named; what it offers, as its return.
 */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  database: DbHandle;
  db: Db;
  bus: Bus;
  sender: MessageSender;
  settings: SettingsService;
  /** The settings table itself, for the few rows that are not staff settings (the file-link signing key). */
  settingsStore: SettingsRepository;
  ledger: LedgerRepository;
  audit: AuditRepository;
  router: Router;
  /** The node's Prometheus metrics: a module that counts takes its part (the engine: orders and commit times). */
  metrics: Metrics;
  /** The stored answers behind Idempotency-Key; the engine stamps its calls' keys through it (DESIGN §15). */
  idempotency: Idempotency;
  /** Who may call: filled in by the accounts module (traders) and the back office (staff) as they register. */
  access: AccessSlots;
}

/**
 * The router's {@link Access}, filled in by the modules that own sign-in. The router is made before any module
 * registers (each registers its calls on it), and asks who is calling only when a request comes, by which time every
 * module has registered.
 */
export class AccessSlots implements Access {
  private userCheck?: (req: FastifyRequest) => Promise<Authenticated>;
  private staffCheck?: (req: FastifyRequest, roles?: readonly StaffRole[]) => Promise<StaffContext>;

  provideUser(check: (req: FastifyRequest) => Promise<Authenticated>): void {
    this.userCheck = check;
  }

  provideStaff(check: (req: FastifyRequest, roles?: readonly StaffRole[]) => Promise<StaffContext>): void {
    this.staffCheck = check;
  }

  user(req: FastifyRequest): Promise<Authenticated> {
    if (!this.userCheck) throw new Error('no module provides the traders’ sign-in');
    return this.userCheck(req);
  }

  staff(req: FastifyRequest, roles?: readonly StaffRole[]): Promise<StaffContext> {
    if (!this.staffCheck) throw new Error('no module provides the staff sign-in');
    return this.staffCheck(req, roles);
  }
}
