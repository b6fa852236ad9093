import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT that crosses the threshold
 * (1,000 pages by default): it copies the WAL's pages back into the database file and fsyncs both, a few milliseconds
 * during which the synchronous better-sqlite3 froze requests, websockets and the feed every few hundred milliseconds
 * under load. Instead a worker thread with its own connection runs a PASSIVE checkpoint every `everyMs` (PASSIVE never
 * waits for the writer or a reader: it copies what it can, the next one continues), and the server's connection keeps
 * only a far higher automatic threshold as a backstop (see openDatabase).
 */
export class Checkpointer {
  private readonly worker: Worker;
  private closed: Promise<void> | undefined;

  constructor(sqlitePath: string, everyMs = 200, onError?: (err: Error) => void) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { module: createRequire(import.meta.url).resolve('better-sqlite3'), path: sqlitePath, everyMs },
    });
    this.worker.on('message', (m: { error?: string }) => {
      if (m.error) onError?.(new Error(`WAL checkpoint failed: ${m.error}`));
    });
    this.worker.on('error', (err) => onError?.(err));
    // Never keeps the process alive on its own.
    this.worker.unref();
  }

  /** Stops the timer and closes the worker's connection (before the server's, which then checkpoints what is left). */
  close(): Promise<void> {
    this.closed ??= new Promise<void>((resolve) => {
      this.worker.once('exit', () => resolve());
      // Held open until the worker has closed its connection: unreferenced, a process with nothing else to do (a
      // script, a benchmark) would exit here, in the middle of closing the database.
      this.worker.ref();
      this.worker.postMessage('close');
    });
    return this.closed;
  }
}

// Plain JavaScript (an eval worker): no loader needed under tsx, vitest or node alone.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.path);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;
