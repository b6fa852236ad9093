import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from './security.ts';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Prometheus metrics: process defaults, HTTP latency per route, open websockets. */
export function createMetrics(app: FastifyInstance, websocketCount: () => number) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tradepad_' });
  const duration = new Histogram({
    name: 'tradepad_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'tradepad_http_errors_total',
    help: 'Answers with HTTP status 500 or above',
    labelNames: ['route'],
    registers: [registry],
  });
  new Gauge({
    name: 'tradepad_websocket_connections',
    help: 'Open websocket connections',
    registers: [registry],
    collect() {
      this.set(websocketCount());
    },
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) refused.inc({ route });
  });
  return { contentType: registry.contentType, render: () => registry.metrics() };
}

/** Whether a socket peer is this machine (127.0.0.0/8, ::1, or either mapped into the other family). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Who may read `/metrics` (DESIGN §10): with METRICS_TOKEN set, a request bearing it; without, only a peer on this
 * machine (the socket's, never a forwarded address).
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return isLoopback(req.socket.remoteAddress);
  const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  return safeEqual(given, token);
}
