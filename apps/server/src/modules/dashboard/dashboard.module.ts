import type { ModuleContext } from '../context.ts';
import { EVERY_USER_SOCKET } from '../../ports/bus.ts';
import { checkLedger } from '../ledger/ledger-checker.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import type { DeskService } from '../trading/desk.service.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';

/** The back office's home page (issue 18): each role sees the figures the server gives it. */
export function registerDashboard(ctx: ModuleContext, deps: { desk: DeskService; commands: EngineCommands }) {
  const { db, bus } = ctx;
  const { desk, commands } = deps;
  const dashboard = new DashboardService({
    db,
    repo: new DashboardRepository(db),
    ledger: ctx.ledger,
    clock: ctx.clock,
    // On every node (the bus knows who is logged in where).
    tradersOnline: () => [...bus.listeners(EVERY_USER_SOCKET)].length,
    // From the engine leader's book; none shown while it cannot be reached (the home page still answers).
    alerts: () => commands.run(() => desk.alerts(), 'desk.alerts', []).catch(() => []),
    checkLedger,
  });
  dashboardRoutes(ctx.router, dashboard);
  return { dashboard };
}
