import type { UserRow } from '../../db/schema.ts';
import type { ModuleContext } from '../context.ts';
import { NotificationsRepository } from './notifications.repository.ts';
import { NotificationsService } from './notifications.service.ts';

/**
 * Mail and SMS notices in the user's language (DESIGN §10), sent after each change commits and never failing the
 * action; the server waits for those under way before its sender closes.
 */
export function registerNotifications(ctx: ModuleContext, deps: { userById: (id: number) => Promise<UserRow | undefined> }) {
  const notifications = new NotificationsService({
    repo: new NotificationsRepository(ctx.db),
    sender: ctx.sender,
    userById: deps.userById,
    clock: ctx.clock,
    log: ctx.log,
  });
  ctx.app.addHook('onClose', async () => notifications.drain());
  return { notifications };
}
