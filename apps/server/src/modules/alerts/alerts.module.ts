import type { UserRow } from '../../db/schema.ts';
import type { ModuleContext } from '../context.ts';
import type { MarketService } from '../market/market.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import type { TradingEngine } from '../trading/trading.engine.ts';
import { AlertsRepository } from './alerts.repository.ts';
import { alertCommands, alertsRoutes } from './alerts.routes.ts';
import { AlertsService } from './alerts.service.ts';

/**
 * Price alerts (issue 20 point 7): levels in the engine leader's trigger books (loaded with them at every start),
 * fired once, told on the bus (any node's sockets), by mail, and as a notice (the centre lists it, web push tells the
 * trader's devices).
 */
export function registerAlerts(
  ctx: ModuleContext,
  deps: {
    engine: TradingEngine;
    commands: EngineCommands;
    market: MarketService;
    notifications: NotificationsService;
    notices: NoticesService;
    userById: (id: number) => Promise<UserRow | undefined>;
  },
) {
  const alerts = new AlertsService({
    repo: new AlertsRepository(ctx.db),
    engine: deps.engine,
    instrument: (id) => deps.market.instrumentById(id),
    bus: ctx.bus,
    notifier: deps.notifications,
    clock: ctx.clock,
    log: ctx.log,
  });
  deps.engine.useAlerts(alerts);
  alerts.onAlertFired((e) =>
    deps.notices.notify(e.userId, 'alert', { symbol: e.alert.ShowCode, price: e.alert.FiredBid ?? e.alert.Price }),
  );
  alertsRoutes(ctx.router, alerts, deps.commands);
  alertCommands(deps.commands, alerts, deps.userById);
  return { alerts };
}
