/**
 * A load-generating child of bench/fanout.bench.ts (forked with IPC): opens websocket clients in batches, subscribes
 * each to DAY_MARKET, and during the measuring window records `Date.now() - quotation.time` of every DAY_MARKET message
 * into 1-ms buckets (0–9,999 ms, one overflow bucket) and counts messages per client. Reads the tick time with string
 * operations, not JSON.parse, to keep the client side cheap. All sockets are connected first and subscribed afterwards,
so the handshakes of the last batches do not queue behind the quote traffic of the first.
 */
import WebSocket from 'ws';

export const BUCKETS = 10_000;

export type ClientsRequest =
  { type: 'open'; url: string; count: number; batch: number } | { type: 'sub' } | { type: 'start' } | { type: 'stop' };
export type ClientsReply =
  | { type: 'opened'; ok: number; failed: number; ms: number }
  | { type: 'subscribed'; ok: number; ms: number }
  | { type: 'result'; hist: Array<[number, number]>; counts: number[]; closed: number; max: number };

const hist = new Uint32Array(BUCKETS + 1);
let counts: Uint32Array = new Uint32Array(0);
let measuring = false;
let max = 0;
let closedInWindow = 0;

const sockets: WebSocket[] = [];
const subscribed: Array<(ok: boolean) => void> = [];

function openOne(url: string, index: number): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 60_000 });
    let opened = false;
    let isSubscribed = false;
    ws.on('open', () => {
      opened = true;
      sockets[index] = ws;
      resolve(true);
    });
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) return;
      const text = data.toString();
      if (text.startsWith('{"type":"DAY_MARKET"')) {
        if (!measuring) return;
        const at = text.lastIndexOf('"time":');
        const lag = Math.max(0, Date.now() - parseInt(text.slice(at + 7), 10));
        hist[Math.min(lag, BUCKETS)]! += 1;
        if (lag > max) max = lag;
        counts[index]! += 1;
      } else if (!isSubscribed && text.includes('"sub_result"')) {
        isSubscribed = true;
        subscribed[index]?.(text.includes('"code":1'));
      }
    });
    ws.on('error', () => {
      if (!opened) resolve(false);
    });
    ws.on('close', () => {
      if (!opened) resolve(false);
      else if (!isSubscribed) subscribed[index]?.(false);
      else if (measuring) closedInWindow += 1;
    });
  });
}

process.on('message', (m: ClientsRequest) => {
  switch (m.type) {
    case 'open':
      void (async () => {
        const t0 = Date.now();
        counts = new Uint32Array(m.count);
        let ok = 0;
        for (let i = 0; i < m.count; i += m.batch) {
          const batch = [];
          for (let j = i; j < Math.min(m.count, i + m.batch); j++) batch.push(openOne(m.url, j));
          ok += (await Promise.all(batch)).filter(Boolean).length;
        }
        const reply: ClientsReply = { type: 'opened', ok, failed: m.count - ok, ms: Date.now() - t0 };
        process.send?.(reply);
      })();
      return;
    case 'sub':
      void (async () => {
        const t0 = Date.now();
        const waits = sockets.map(
          (ws, i) =>
            new Promise<boolean>((resolve) => {
              subscribed[i] = resolve;
              if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' }));
              else resolve(false);
            }),
        );
        const ok = (await Promise.all(waits)).filter(Boolean).length;
        const reply: ClientsReply = { type: 'subscribed', ok, ms: Date.now() - t0 };
        process.send?.(reply);
      })();
      return;
    case 'start':
      hist.fill(0);
      counts.fill(0);
      max = 0;
      closedInWindow = 0;
      measuring = true;
      return;
    case 'stop': {
      measuring = false;
      const sparse: Array<[number, number]> = [];
      hist.forEach((n, ms) => n > 0 && sparse.push([ms, n]));
      const reply: ClientsReply = { type: 'result', hist: sparse, counts: [...counts], closed: closedInWindow, max };
      process.send?.(reply);
      return;
    }
  }
});
process.on('disconnect', () => process.exit(0));
