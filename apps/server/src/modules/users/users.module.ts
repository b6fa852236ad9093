import type { Micros } from '@tradepad/domain';
import type { SessionsService } from '../accounts/sessions.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ModuleContext } from '../context.ts';
import type { AccountFiguresNow } from '../trading/engine-commands.ts';
import type { TotpService } from '../twofactor/totp.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { usersAdminRoutes } from './users.admin.routes.ts';
import { UsersRepository } from './users.repository.ts';
import { UsersAdminService } from './users.service.ts';

/** The staff's users pages: profiles, status, sessions, two-factor reset, notes, adjustments and their approval. */
export function registerUsers(
  ctx: ModuleContext,
  deps: {
    userSessions: SessionsService;
    totp: TotpService;
    uploads: UploadsService;
    figuresNow: (userId: number, cash: Micros, credit?: Micros) => Promise<AccountFiguresNow>;
    notices: NoticesService;
    notifications: NotificationsService;
    /** A user's account type, from the account types in memory. */
    accountTypeOf?: (typeId: number | null) => { id: number; name: string };
  },
) {
  const { db } = ctx;
  const users = new UsersAdminService({
    db,
    repo: new UsersRepository(db, ctx.database.kind),
    ledger: ctx.ledger,
    audit: ctx.audit,
    engine: { figures: deps.figuresNow },
    sessions: deps.userSessions,
    totp: { enabled: (id) => deps.totp.isEnabled('user', id), resetByStaff: (id) => deps.totp.resetByStaff(id) },
    images: deps.uploads,
    settings: ctx.settings,
    notices: deps.notices,
    notifier: deps.notifications,
    clock: ctx.clock,
    accountTypeOf: deps.accountTypeOf,
  });
  usersAdminRoutes(ctx.router, users);
  return { users };
}
