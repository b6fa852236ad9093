import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { newRequestId, tradepadApp, type AppOptions } from './app.ts';

/**
 * A Fastify instance with the app registered and ready, not yet listening. `logStream` is where the logs go
 * (main.ts: stdout, asynchronously); without it, stdout synchronously.
 */
export async function createServer(
  opts: AppOptions & { logger?: boolean; logStream?: DestinationStream },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: opts.config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'password', '*.password', 'token'],
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // One line per request, written as it is answered (core/http-policy.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => newRequestId(),
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (DESIGN §10); by default never.
    trustProxy: opts.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive connections are closed at once; those answering a request finish it first (main.ts
    // cuts them after a drain period). `true` cut in-flight requests off.
    forceCloseConnections: 'idle',
    // A fresh PostgreSQL database takes a while to receive 30 days of generated candles on first start.
    pluginTimeout: 180_000,
  });
  await app.register(tradepadApp, opts);
  await app.ready();
  return app;
}
