import type { ModuleContext } from '../context.ts';
import { StatementsRepository } from './statements.repository.ts';
import { statementsRoutes } from './statements.routes.ts';
import { StatementsService } from './statements.service.ts';

/** The trader's statement of a period, as JSON, CSV or PDF in their language. */
export function registerStatements(ctx: ModuleContext) {
  const statements = new StatementsService({ repo: new StatementsRepository(ctx.db), settings: ctx.settings, clock: ctx.clock });
  statementsRoutes(ctx.router, statements);
  return { statements };
}
