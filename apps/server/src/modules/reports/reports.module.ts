import type { ModuleContext } from '../context.ts';
import { ReportsRepository } from './reports.repository.ts';
import { reportsRoutes } from './reports.routes.ts';

/** The staff's money reports (the summary and its CSV). */
export function registerReports(ctx: ModuleContext) {
  reportsRoutes(ctx.router, new ReportsRepository(ctx.db));
}
