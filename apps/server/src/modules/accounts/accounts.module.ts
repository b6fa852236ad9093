import type { AccountType } from '@tradepad/contracts';
import type { ModuleContext } from '../context.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { TotpService } from '../twofactor/totp.service.ts';
import { seedAccounts } from './accounts.seed.ts';
import { AccountsRepository } from './accounts.repository.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { AccountsService, type AccountsDeps } from './accounts.service.ts';
import { UserAuth } from './auth.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { SessionsService } from './sessions.service.ts';

/**
 * Traders' accounts: sign-up, sign-in, codes, profile, invites, and the sessions of traders and staff (one table,
 * each actor's service its own lifetimes). Seeds the calling codes and the company record; provides the router's
 * traders' sign-in check.
 */
export async function registerAccounts(
  ctx: ModuleContext,
  deps: {
    notifications: NotificationsService;
    totp: TotpService;
    throttle: Throttle;
    legalVersions: NonNullable<AccountsDeps['legalVersions']>;
    captchaText?: (() => string) | undefined;
    accountTypeOf?: ((typeId: number | null) => AccountType) | undefined;
  },
) {
  const { db, database, clock, config, settings, bus } = ctx;
  const repo = new AccountsRepository(db, database.kind);
  await seedAccounts(repo);
  const sessionsRepo = new SessionsRepository(db, database.read, database.kind);
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
  const { notifications } = deps;
  const accounts = new AccountsService({
    db,
    repo,
    ledger: ctx.ledger,
    settings,
    sessions: userSessions,
    sender: ctx.sender,
    clock,
    config,
    throttle: deps.throttle,
    captchaText: deps.captchaText,
    secondFactor: deps.totp,
    notifier: notifications,
    signedIn: (userId, from) => notifications.signedIn(userId, from),
    legalVersions: deps.legalVersions,
    accountTypeOf: deps.accountTypeOf,
  });
  const auth = new UserAuth(userSessions);
  ctx.access.provideUser((req) => auth.require(req));
  accountsRoutes(ctx.router, { accounts, auth, sessions: userSessions });
  return { accounts, auth, userSessions, staffSessions, userById: (id: number) => repo.userById(id) };
}
