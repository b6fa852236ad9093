import { API, type SubmitParams } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { FastifyReply } from 'fastify';
import type { Router } from '../../core/router.ts';
import type { UserRow } from '../../db/schema.ts';
import type { EngineCommands } from './engine-commands.ts';
import type { TradingService } from './trading.service.ts';

/** A forwarded command's deadline counts from the request's receipt at this node, not from when it is sent. */
export const since = (reply: FastifyReply) => ({ elapsedMs: reply.elapsedTime });

/**
 * When the request reached this node, as wall-clock milliseconds: the execution receipt's latency runs from there
 * (issue 20), on whichever node fills the order (node clocks are kept in sync, as forwarded deadlines need anyway).
 */
const receivedAtWall = (reply: FastifyReply) => Date.now() - reply.elapsedTime;
/** The wall-clock receipt time as this process's `performance.now()` scale, which the service measures latency on. */
const receivedAtHere = (wallMs: number) => performance.now() - (Date.now() - wallMs);

/**
 * The trading calls of the spec's §7 (state-changing ones accept GET, as the spec lists them, and POST). Every call
 * that reads or changes the engine's state runs on the engine leader: in process here when this node leads, else
 * forwarded (issue 19 point 3; see {@link tradingCommands} for the leader's side). Stop-out reports are read from the
 * database on any node.
 */
export function tradingRoutes(r: Router, trading: TradingService, engine: EngineCommands) {
  r.call(
    API.submit,
    ({ user, params, reply }) => {
      const wall = receivedAtWall(reply);
      return engine.run(
        () => trading.submit(user.user, params, receivedAtHere(wall)),
        'trading.submit',
        [user.user.id, params, wall],
        since(reply),
      );
    },
    { done: 'ok.order_submitted', engine: true },
  );
  r.get(API.deals, ({ user, params: p }) =>
    engine.run(() => trading.deals(user.user, p.status, p.page, p.limit), 'trading.deals', [
      user.user.id,
      p.status,
      p.page,
      p.limit,
    ]),
  );
  r.call(
    API.close,
    ({ user, params: p, reply }) =>
      engine.run(() => trading.close(user.user, p.id, p.cont), 'trading.close', [user.user.id, p.id, p.cont], since(reply)),
    { done: 'ok.order_closed', engine: true },
  );
  r.call(
    API.closeAll,
    ({ user, params: p, reply }) =>
      engine.run(() => trading.closeAll(user.user, p.forex_id), 'trading.closeAll', [user.user.id, p.forex_id], since(reply)),
    { done: 'ok.order_closed', engine: true },
  );
  r.call(
    API.setPendingPrice,
    ({ user, params: p, reply }) =>
      engine.run(
        () => trading.setPendingPrice(user.user, p.id, p.price),
        'trading.setPendingPrice',
        [user.user.id, p.id, p.price],
        since(reply),
      ),
    { done: 'ok.order_moved', engine: true },
  );
  r.get(API.stopoutReports, ({ user, params: p }) => trading.stopoutReports(user.user, p.order_id, p.page, p.limit));
  r.call(
    API.cancel,
    ({ user, params, reply }) =>
      engine.run(() => trading.cancel(user.user, params.id), 'trading.cancel', [user.user.id, params.id], since(reply)),
    { done: 'ok.order_cancelled', engine: true },
  );
  r.call(
    API.setStops,
    ({ user, params: p, reply }) =>
      engine.run(
        () => trading.setStops(user.user, p.id, p.stop_loss_price, p.target_profit_price, p.trailing_distance),
        'trading.setStops',
        [user.user.id, p.id, p.stop_loss_price, p.target_profit_price, p.trailing_distance],
        since(reply),
      ),
    { done: 'ok.stops_updated', engine: true },
  );
  r.get(API.accountSummary, ({ user }) => engine.run(() => trading.summary(user.user), 'trading.summary', [user.user.id]));
  r.get(API.forexDetail, ({ user }) => trading.forexDetail(user.user));
  r.get(API.ledger, ({ req, user, params: p }) => trading.ledgerPage(user.user, req.lang, p.page, p.limit));
  r.call(API.resetDemo, ({ user }) => engine.run(() => trading.resetDemo(user.user), 'trading.resetDemo', [user.user.id]), {
    done: 'ok.demo_reset',
  });
}

/**
 * The leader's side of the forwarded trading calls: the same service methods, for the user read afresh by id (so a
 * trader disabled meanwhile is refused exactly as on the leader's own routes).
 */
export function tradingCommands(
  engine: EngineCommands,
  trading: TradingService,
  userById: (id: number) => Promise<UserRow | undefined>,
) {
  const user = async (id: number) => {
    const u = await userById(id);
    if (!u) throw refuse('err.forbidden');
    return u;
  };
  engine.handle('trading.submit', async (id: number, p: SubmitParams, wall?: number) =>
    trading.submit(await user(id), p, wall === undefined ? undefined : receivedAtHere(wall)),
  );
  engine.handle('trading.deals', async (id: number, status: number, page: number, limit: number) =>
    trading.deals(await user(id), status, page, limit),
  );
  engine.handle('trading.close', async (id: number, orderId: number, cont?: string) =>
    trading.close(await user(id), orderId, cont ?? undefined),
  );
  engine.handle('trading.closeAll', async (id: number, forexId?: number) =>
    trading.closeAll(await user(id), forexId ?? undefined),
  );
  engine.handle('trading.setPendingPrice', async (id: number, orderId: number, price: string) =>
    trading.setPendingPrice(await user(id), orderId, price),
  );
  engine.handle('trading.cancel', async (id: number, orderId: number) => trading.cancel(await user(id), orderId));
  engine.handle('trading.setStops', async (id: number, orderId: number, sl?: string, tp?: string, trail?: string) =>
    trading.setStops(await user(id), orderId, sl ?? undefined, tp ?? undefined, trail ?? undefined),
  );
  engine.handle('trading.summary', async (id: number) => trading.summary(await user(id)));
  engine.handle('trading.resetDemo', async (id: number) => trading.resetDemo(await user(id)));
}
