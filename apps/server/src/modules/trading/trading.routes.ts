import { API, dealListParams, ledgerPageParams, orderIdParams, setStopParams, submitParams } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import { ok, parseParams } from '../../core/http.ts';
import type { UserAuth } from '../accounts/auth.ts';
import type { TradingService } from './trading.service.ts';

const BOTH = ['GET', 'POST'] as const;

/** The trading calls of the spec's §7 (state-changing ones accept GET, as the spec lists them, and POST). */
export function tradingRoutes(app: FastifyInstance, deps: { trading: TradingService; auth: UserAuth }) {
  const { trading, auth } = deps;

  app.route({
    method: [...BOTH],
    url: API.submit,
    handler: async (req) => {
      const { user } = await auth.require(req);
      return ok(req, await trading.submit(user, parseParams(submitParams, req)), 'ok.order_submitted');
    },
  });
  app.get(API.deals, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(dealListParams, req);
    return ok(req, await trading.deals(user, p.status, p.page, p.limit));
  });
  app.route({
    method: [...BOTH],
    url: API.close,
    handler: async (req) => {
      const { user } = await auth.require(req);
      return ok(req, await trading.close(user, parseParams(orderIdParams, req).id), 'ok.order_closed');
    },
  });
  app.route({
    method: [...BOTH],
    url: API.cancel,
    handler: async (req) => {
      const { user } = await auth.require(req);
      return ok(req, await trading.cancel(user, parseParams(orderIdParams, req).id), 'ok.order_cancelled');
    },
  });
  app.route({
    method: [...BOTH],
    url: API.setStops,
    handler: async (req) => {
      const { user } = await auth.require(req);
      const p = parseParams(setStopParams, req);
      return ok(req, await trading.setStops(user, p.id, p.stop_loss_price, p.target_profit_price), 'ok.stops_updated');
    },
  });
  app.get(API.accountSummary, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await trading.summary(user));
  });
  app.get(API.forexDetail, async (req) => {
    const { user } = await auth.require(req);
    return ok(req, await trading.forexDetail(user));
  });
  app.get(API.ledger, async (req) => {
    const { user } = await auth.require(req);
    const p = parseParams(ledgerPageParams, req);
    return ok(req, await trading.ledgerPage(user, req.lang, p.page, p.limit));
  });
  app.route({
    method: [...BOTH],
    url: API.resetDemo,
    handler: async (req) => {
      const { user } = await auth.require(req);
      return ok(req, await trading.resetDemo(user), 'ok.demo_reset');
    },
  });
}
