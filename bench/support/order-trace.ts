import type http from 'node:http';
import { WalSync } from '../../apps/server/src/db/durable-sqlite.ts';
import { TradeWriter } from '../../apps/server/src/modules/trading/trade-writer.ts';

/**
 * Where each order's time goes inside the server (`ORDERS_TRACE=1 npm run bench -- orders`): the orders bench's server
 * notes, per order id, when its request arrived, when its job was queued for the writer, when its batch began, when
 * its COMMIT was done (the WAL flush asked for), when the flush came back and when the answer was written; the
 * generator adds when the request fell due, went out and was answered. Times are epoch milliseconds
 * (`performance.timeOrigin + performance.now()`), comparable between the two processes of one machine.
 *
 * The server side wraps methods of TradeWriter and WalSync in the bench's own process only: nothing of this is in the
 * product.
 */

/** The server's times for one order: request, queued, batch began, commit done, flushed, answer written; batch size. */
export type ServerTimes = [number, number, number, number, number, number, number];

const now = () => performance.timeOrigin + performance.now();

interface TracedJob {
  queuedAt?: number;
}

/** Starts noting the server's times (call before the server is created); `times()` hands them over. */
export function traceServer(): { watch(server: http.Server, path: string): void; times(): Record<number, ServerTimes> } {
  const byOrder: Record<number, ServerTimes> = {};
  const engine = new Map<number, [number, number, number, number, number]>();
  let syncAskedAt = 0;
  type Writer = {
    enqueue(job: TracedJob): Promise<unknown>;
    commit(batch: TracedJob[], safe: boolean): Promise<{ outcomes: Array<{ ok: boolean; value?: unknown }> }>;
  };
  const writer = TradeWriter.prototype as unknown as Writer;
  const enqueue = writer.enqueue;
  writer.enqueue = function (this: unknown, job: TracedJob) {
    return enqueue.call(this, { ...job, queuedAt: now() });
  };
  const commit = writer.commit;
  writer.commit = async function (this: unknown, batch: TracedJob[], safe: boolean) {
    const began = now();
    const result = await commit.call(this, batch, safe);
    const done = now();
    batch.forEach((job, i) => {
      const o = result.outcomes[i];
      if (o?.ok && typeof o.value === 'number')
        engine.set(o.value, [job.queuedAt ?? began, began, syncAskedAt, done, batch.length]);
    });
    return result;
  };
  const wal = WalSync.prototype as unknown as { sync(): Promise<void> };
  const sync = wal.sync;
  wal.sync = function (this: unknown) {
    syncAskedAt = now();
    return sync.call(this);
  };
  return {
    watch(server, path) {
      server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.method !== 'POST' || !req.url?.startsWith(path)) return;
        const arrived = now();
        const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
        res.end = ((...args: unknown[]) => {
          const written = now();
          try {
            const id = (JSON.parse(String(args[0])) as { data?: { order?: { Id?: number } } }).data?.order?.Id;
            const e = id === undefined ? undefined : engine.get(id);
            if (id !== undefined && e) {
              byOrder[id] = [arrived, e[0], e[1], e[2], e[3], written, e[4]];
              engine.delete(id);
            }
          } catch {
            // Not an order's answer.
          }
          return end(...args);
        }) as typeof res.end;
      });
    },
    times: () => ({ ...byOrder }),
  };
}

/** The generator's times for one request: fell due, sent, answered (epoch ms), and the order id answered. */
export interface ClientTimes {
  due: number;
  sent: number;
  answered: number;
  orderId: number | undefined;
}

const STEPS = [
  'due → sent (no idle connection, or the generator late)',
  'sent → read by the server',
  'read → queued for the writer (HTTP, session, checks)',
  'queued → batch began (writer busy)',
  'batch began → COMMIT done (statements)',
  'COMMIT done → flushed (fdatasync)',
  'flushed → answer written',
  'answer written → answer read by the generator',
] as const;

/**
 * The median of each step for the slowest `share` of the orders and for all of them, as Markdown rows; and how many
 * of the slowest were in a batch with a flush over 5 ms.
 */
export function timeline(client: readonly ClientTimes[], server: Record<number, ServerTimes>, share = 0.01): string[] {
  const rows: number[][] = [];
  for (const c of client) {
    const s = c.orderId === undefined ? undefined : server[c.orderId];
    if (!s) continue;
    const [arrived, queued, began, committed, flushed, written] = s;
    rows.push([c.due, c.sent, arrived, queued, began, committed, flushed, written, c.answered, c.answered - c.due, s[6]]);
  }
  if (rows.length === 0) return ['(no order could be traced)'];
  rows.sort((a, b) => b[9]! - a[9]!);
  const slow = rows.slice(0, Math.max(1, Math.round(rows.length * share)));
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)]!;
  };
  const fmt = (x: number) => (Math.round(x * 100) / 100).toFixed(2);
  const out = [
    `| step | all ${rows.length} orders: median ms | slowest ${slow.length}: median ms | slowest: max ms |`,
    '|---|---|---|---|',
  ];
  STEPS.forEach((name, i) => {
    const step = (r: number[]) => r[i + 1]! - r[i]!;
    out.push(
      `| ${name} | ${fmt(median(rows.map(step)))} | ${fmt(median(slow.map(step)))} | ${fmt(Math.max(...slow.map(step)))} |`,
    );
  });
  out.push(`| total | ${fmt(median(rows.map((r) => r[9]!)))} | ${fmt(median(slow.map((r) => r[9]!)))} | ${fmt(slow[0]![9]!)} |`);
  out.push(
    `| orders in the batch | ${median(rows.map((r) => r[10]!))} | ${median(slow.map((r) => r[10]!))} | ${Math.max(...slow.map((r) => r[10]!))} |`,
  );
  const slowFlush = slow.filter((r) => r[6]! - r[5]! > 5).length;
  out.push(`(${slowFlush} of the slowest ${slow.length} waited over 5 ms for their flush.)`);
  // The slowest orders come in bursts (a stall delays every order behind it): each burst, its size and its main step.
  const byDue = [...slow].sort((a, b) => a[0]! - b[0]!);
  const bursts: number[][][] = [];
  for (const r of byDue) {
    const last = bursts.at(-1);
    if (last && r[0]! - last.at(-1)![0]! <= 50) last.push(r);
    else bursts.push([r]);
  }
  bursts.sort((a, b) => b.length - a.length);
  const start = rows.reduce((m, r) => Math.min(m, r[0]!), Infinity);
  out.push(`The slowest ${slow.length} fell in ${bursts.length} bursts (orders due within 50 ms of each other); the largest:`);
  for (const b of bursts.slice(0, 4)) {
    const main = STEPS.map((name, i) => [name, median(b.map((r) => r[i + 1]! - r[i]!))] as const).sort((x, y) => y[1] - x[1])[0]!;
    out.push(
      `- ${b.length} orders from ${fmt((b[0]![0]! - start) / 1000)} s, over ${fmt(b.at(-1)![0]! - b[0]![0]!)} ms, up to ${fmt(Math.max(...b.map((r) => r[9]!)))} ms; ` +
        `most of it "${main[0]}" (median ${fmt(main[1])} ms)`,
    );
  }
  return out;
}
