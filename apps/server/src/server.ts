import Fastify, { type FastifyInstance } from 'fastify';
import { newRequestId, tradepadApp, type AppOptions } from './app.ts';

/** A Fastify instance with the app registered and ready, not yet listening. */
export async function createServer(opts: AppOptions & { logger?: boolean }): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: opts.config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'password', '*.password', 'token'],
          },
    genReqId: () => newRequestId(),
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (DESIGN §10); by default never.
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    // A fresh PostgreSQL database takes a while to receive 30 days of generated candles on first start.
    pluginTimeout: 180_000,
  });
  await app.register(tradepadApp, opts);
  await app.ready();
  return app;
}
