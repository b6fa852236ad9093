import { ConfigError, loadConfig } from './config.ts';
import { logDestination } from './core/log-destination.ts';
import { createServer } from './server.ts';

/** How long in-flight requests have to finish after a signal before their connections are cut. */
const DRAIN_MS = 3000;
/** The latest a stopping process exits, whatever still runs (DESIGN §15: within 5 s of SIGTERM). */
const EXIT_BY_MS = 4500;

/**
 * The file that listens: reads config once, starts the server, and shuts it down gracefully on a signal. Logs go to
 * stdout asynchronously, in batches (core/log-destination.ts), and are flushed before any exit.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logs = logDestination(1);
  const exit = (code: number): never => {
    try {
      logs.flushSync();
    } catch {
      // Nothing buffered, or stdout already gone: nothing more can be written anyway.
    }
    process.exit(code);
  };
  const app = await createServer({ config, logStream: logs });
  // A crash is logged (with the lines before it) instead of leaving only Node's trace on stderr.
  process.on('uncaughtException', (err) => {
    app.log.fatal({ err }, 'uncaught exception');
    exit(1);
  });
  process.on('unhandledRejection', (err) => {
    app.log.fatal({ err }, 'unhandled rejection');
    exit(1);
  });
  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const started = performance.now();
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exit(1);
    }, EXIT_BY_MS).unref();
    // Requests still unanswered by then lose their connection, so the close can end in time.
    setTimeout(() => app.server.closeAllConnections(), DRAIN_MS).unref();
    // The engine's lock goes first, while the requests drain: a standby leads without waiting for this node.
    const stepDown = app.tradepad.leadership.stepDown();
    Promise.all([stepDown, app.close()]).then(
      () => {
        app.log.info({ ms: Math.round(performance.now() - started) }, 'shut down');
        exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  // Before the server's logger exists (a database that does not answer, a failed migration).
  console.error(err);
  process.exit(1);
});
