import type { NoticeBoard } from '../../ports/notices.ts';
import type { Notifier } from '../../ports/notifier.ts';
import type { ModuleContext } from '../context.ts';
import { AccountTypesRepository } from './account-types.repository.ts';
import { accountTypesRoutes } from './account-types.routes.ts';
import { AccountTypesService } from './account-types.service.ts';

/**
 * Account types (issue 32 point 1, DESIGN §16): their table in memory on every node, reloaded when staff change one
 * here or on another node (the bus's `account types changed`); the calls. The engine reads them through the service.
 */
export async function registerAccountTypes(ctx: ModuleContext, deps: { notices: NoticeBoard; notifier: Notifier }) {
  const types = new AccountTypesService({
    db: ctx.db,
    repo: new AccountTypesRepository(ctx.db),
    audit: ctx.audit,
    bus: ctx.bus,
    clock: ctx.clock,
    notices: deps.notices,
    notifier: deps.notifier,
  });
  await types.load();
  // The settings page's margin-call and stop-out levels are the default type's from now on (one source).
  ctx.settings.link(types.levelSettings());
  ctx.bus.onAccountTypesChanged(() => {
    void types.load().catch((err: unknown) => ctx.log.error({ err }, 'account types reload failed'));
  });
  accountTypesRoutes(ctx.router, types);
  return { accountTypes: types };
}
