import type { ModuleContext } from '../context.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { SupportRepository } from './support.repository.ts';
import { supportRoutes } from './support.routes.ts';
import { SupportService } from './support.service.ts';

/** The built-in support chat: the trader's thread, the staff inbox, replies pushed live as `SUPPORT`. */
export function registerSupport(ctx: ModuleContext, deps: { uploads: UploadsService; throttle: Throttle }) {
  const { db } = ctx;
  const support = new SupportService({
    db,
    repo: new SupportRepository(db),
    audit: ctx.audit,
    images: deps.uploads,
    bus: ctx.bus,
    clock: ctx.clock,
    demoMessage: (ip) => deps.throttle.demoSupportMessage(ip),
  });
  supportRoutes(ctx.router, support);
  return { support };
}
