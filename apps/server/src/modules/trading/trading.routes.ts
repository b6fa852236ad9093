import { API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { TradingService } from './trading.service.ts';

/** The trading calls of the spec's §7 (state-changing ones accept GET, as the spec lists them, and POST). */
export function tradingRoutes(r: Router, trading: TradingService) {
  r.call(
    API.submit,
    // The receipt's latency runs from the request's arrival (Fastify's elapsed time since onRequest).
    ({ user, params, reply }) => trading.submit(user.user, params, performance.now() - reply.elapsedTime),
    { done: 'ok.order_submitted' },
  );
  r.get(API.deals, ({ user, params: p }) => trading.deals(user.user, p.status, p.page, p.limit));
  r.call(API.close, ({ user, params }) => trading.close(user.user, params.id, params.cont), { done: 'ok.order_closed' });
  r.call(API.closeAll, ({ user, params }) => trading.closeAll(user.user, params.forex_id), { done: 'ok.order_closed' });
  r.call(API.setPendingPrice, ({ user, params: p }) => trading.setPendingPrice(user.user, p.id, p.price), {
    done: 'ok.order_moved',
  });
  r.get(API.stopoutReports, ({ user, params: p }) => trading.stopoutReports(user.user, p.order_id, p.page, p.limit));
  r.call(API.cancel, ({ user, params }) => trading.cancel(user.user, params.id), { done: 'ok.order_cancelled' });
  r.call(
    API.setStops,
    ({ user, params: p }) => trading.setStops(user.user, p.id, p.stop_loss_price, p.target_profit_price, p.trailing_distance),
    {
      done: 'ok.stops_updated',
    },
  );
  r.get(API.accountSummary, ({ user }) => trading.summary(user.user));
  r.get(API.forexDetail, ({ user }) => trading.forexDetail(user.user));
  r.get(API.ledger, ({ req, user, params: p }) => trading.ledgerPage(user.user, req.lang, p.page, p.limit));
  r.call(API.resetDemo, ({ user }) => trading.resetDemo(user.user), { done: 'ok.demo_reset' });
}
