import type { ModuleContext } from '../context.ts';
import { ChangesRepository } from './changes.repository.ts';
import { changesRoutes } from './changes.routes.ts';
import { ChangesService } from './changes.service.ts';

/**
 * The changes queue (issue 29, DESIGN §16 "Insiders"): registered before the modules whose changes wait in it (the
 * wallet's receiving details, the settings' adjustment limits), which tell it how each kind takes effect.
 */
export function registerChanges(ctx: ModuleContext) {
  const changes = new ChangesService({ db: ctx.db, repo: new ChangesRepository(ctx.db), audit: ctx.audit, clock: ctx.clock });
  changesRoutes(ctx.router, changes);
  return { changes };
}
