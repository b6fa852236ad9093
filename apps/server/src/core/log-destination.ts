import pino from 'pino';

/** Log bytes gathered before they are written: about twenty request lines at the default level. */
export const LOG_BATCH_BYTES = 4096;
/** What is gathered is written at least this often, however little (ms). */
export const LOG_FLUSH_MS = 250;

/**
 * Where the server's log lines go (`dest`: a file descriptor, 1 for stdout, or a path): written asynchronously, so a
 * slow reader of the logs never stalls the event loop, and in batches of about 4 KB at least every 250 ms, so that at
 * thousands of requests a second the lines cost a write call per batch instead of one each (DESIGN §15). The owner
 * flushes it synchronously before any exit (`flushSync`); a kill -9 loses at most the last 250 ms of lines.
 */
export function logDestination(dest: number | string): pino.DestinationStream & { flushSync(): void } {
  return pino.destination({ dest, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
}
