import { API, type AlertCreateParams } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { Router } from '../../core/router.ts';
import type { UserRow } from '../../db/schema.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import { since } from '../trading/trading.routes.ts';
import type { AlertsService } from './alerts.service.ts';

/**
 * Price alerts (issue 20 point 7, DESIGN §12). The list is read from the database on any node; creating and deleting
 * change the engine leader's books, so they run there (in process when this node leads, else forwarded with a
 * deadline, exactly as the order calls: see {@link alertCommands} for the leader's side).
 */
export function alertsRoutes(r: Router, alerts: AlertsService, engine: EngineCommands) {
  r.get(API.alerts, ({ user, params: p }) => alerts.list(user.user.id, p.state, p.page, p.limit));
  r.post(
    API.alerts,
    ({ user, params, reply }) =>
      engine.run(() => alerts.create(user.user.id, params), 'alerts.create', [user.user.id, params], since(reply)),
    { done: 'ok.alert_created' },
  );
  r.post(
    `${API.alerts}/:id/delete`,
    ({ user, id, reply }) => engine.run(() => alerts.delete(user.user.id, id), 'alerts.delete', [user.user.id, id], since(reply)),
    { done: 'ok.alert_deleted', unknownId: 'err.alert_unknown' },
  );
}

/** The leader's side of the forwarded alert calls, for the user read afresh by id. */
export function alertCommands(
  engine: EngineCommands,
  alerts: AlertsService,
  userById: (id: number) => Promise<UserRow | undefined>,
) {
  const user = async (id: number) => {
    const u = await userById(id);
    if (!u) throw refuse('err.forbidden');
    return u;
  };
  engine.handle('alerts.create', async (id: number, p: AlertCreateParams) => alerts.create((await user(id)).id, p));
  engine.handle('alerts.delete', async (id: number, alertId: number) => alerts.delete((await user(id)).id, alertId));
}
