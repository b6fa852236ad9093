/**
 * A load-generating child of bench/fanout.bench.ts (forked with IPC): opens websocket clients in batches, subscribes
 * each to DAY_MARKET, and during the measuring window records `Date.now() - quotation.time` of every DAY_MARKET message
 * into 1-ms buckets (0–9,999 ms, one overflow bucket) and counts messages per client. Reads the tick time with string
 * operations, not JSON.parse, to keep the client side cheap. All sockets are connected first and subscribed afterwards,
 * so the handshakes of the last batches do not queue behind the quote traffic of the first.
 *
 * Keyed mode (`open` with `keyed: true`, bench/lp-quotes.bench.ts): the latency is from the moment the liquidity
 * provider sent the quote, matched on the quote's symbol and published bid (each unique within a run): the bench
 * sends the LP's send times (`sent`, key → Unix ms) as it goes; a quote received before its send time came is kept
 * until it comes. The tick time's latency (the server's share: feed receipt → client) goes to a second histogram.
 *
 * The clients speak RFC 6455 over plain `net` sockets (handshake, masked client frames, unmasked server frames)
 * rather than through the `ws` library, and read through net's `onread` into one shared buffer: the load generator
 * shares the machine's two cores with the server it measures, and a per-message event and copy per client would make
 * the clients, not the server, the bottleneck. The same clients measure the naive baseline.
 */
import net from 'node:net';

export const BUCKETS = 10_000;

export type ClientsRequest =
  | { type: 'open'; url: string; count: number; batch: number; keyed?: boolean }
  | { type: 'sub' }
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'sent'; entries: Array<[string, number]> };
export type ClientsReply =
  | { type: 'opened'; ok: number; failed: number; ms: number }
  | { type: 'subscribed'; ok: number; ms: number }
  | {
      type: 'result';
      hist: Array<[number, number]>;
      counts: number[];
      closed: number;
      max: number;
      /** Keyed mode: receipt − tick time (the server's share), and receipts whose send time never came. */
      tickHist?: Array<[number, number]>;
      unmatched?: number;
    };

const hist = new Uint32Array(BUCKETS + 1);
/** FANOUT_PROBE=1: per tick time, the latency of its last receipt here (when the write pass reached the last client). */
const PROBE = process.env.FANOUT_PROBE === '1';
const lastReceipt = new Map<number, number>();
let counts: Uint32Array = new Uint32Array(0);
let measuring = false;
let max = 0;
let closedInWindow = 0;
/** Keyed mode: the LP's send time per `symbol|bid`, receipts still waiting for theirs, and the tick-time histogram. */
let keyed = false;
const sentAt = new Map<string, number>();
const waiting = new Map<string, number[]>();
const tickHist = new Uint32Array(BUCKETS + 1);

const sockets: Array<net.Socket | undefined> = [];
const subscribed: Array<(ok: boolean) => void> = [];

const DAY_MARKET = Buffer.from('{"type":"DAY_MARKET"');
const SUB_RESULT = Buffer.from('"sub_result"');
const CODE_1 = Buffer.from('"code":1');
const TIME = Buffer.from('"time":');
const SYMBOL = Buffer.from('"symbol":"');
const BID = Buffer.from('"bid":');

/** A masked client text frame (RFC 6455 §5.3; the all-zero mask key leaves the payload as is). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('bench client frames stay short');
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

/** Reads the unsigned decimal integer that starts at `at` in `b`. */
function readInt(b: Buffer, at: number): number {
  let n = 0;
  for (let i = at; i < b.length; i++) {
    const d = b[i]! - 48;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  return n;
}

function record(index: number, lag: number): void {
  hist[Math.min(Math.max(0, lag), BUCKETS)]! += 1;
  if (lag > max) max = lag;
  counts[index]! += 1;
}

/** Keyed mode: one received quote, timed from the LP's send (now, or when its send time arrives). */
function onKeyedQuote(index: number, b: Buffer, start: number, end: number): void {
  const now = Date.now();
  const at = b.lastIndexOf(TIME, end);
  const time = readInt(b, at + TIME.length);
  tickHist[Math.min(Math.max(0, now - time), BUCKETS)]! += 1;
  const s = b.indexOf(SYMBOL, start) + SYMBOL.length;
  const bid = b.indexOf(BID, start) + BID.length;
  const key = `${b.toString('latin1', s, b.indexOf(34, s))}|${b.toString('latin1', bid, b.indexOf(44, bid))}`;
  const sent = sentAt.get(key);
  if (sent !== undefined) return record(index, now - sent);
  let list = waiting.get(key);
  if (!list) waiting.set(key, (list = []));
  list.push(index, now);
}

function onSent(entries: Array<[string, number]>): void {
  for (const [key, sent] of entries) {
    sentAt.set(key, sent);
    const list = waiting.get(key);
    if (!list) continue;
    waiting.delete(key);
    if (measuring) for (let i = 0; i < list.length; i += 2) record(list[i]!, list[i + 1]! - sent);
  }
}

const sparseOf = (h: Uint32Array) => {
  const sparse: Array<[number, number]> = [];
  h.forEach((n, ms) => n > 0 && sparse.push([ms, n]));
  return sparse;
};

function onPayload(index: number, b: Buffer, start: number, end: number, state: { isSubscribed: boolean }): void {
  if (b.indexOf(DAY_MARKET, start) === start) {
    if (!measuring) return;
    if (keyed) return onKeyedQuote(index, b, start, end);
    const at = b.lastIndexOf(TIME, end);
    const time = readInt(b, at + TIME.length);
    const lag = Math.max(0, Date.now() - time);
    if (PROBE) lastReceipt.set(time, Math.max(lag, lastReceipt.get(time) ?? 0));
    hist[Math.min(lag, BUCKETS)]! += 1;
    if (lag > max) max = lag;
    counts[index]! += 1;
  } else if (!state.isSubscribed) {
    const r = b.indexOf(SUB_RESULT, start);
    if (r >= 0 && r < end) {
      state.isSubscribed = true;
      const c = b.indexOf(CODE_1, start);
      subscribed[index]?.(c >= 0 && c < end);
    }
  }
}

/** Every socket reads into this one buffer (net's `onread`): no Buffer and no 'data' event per read. */
const readBuffer = Buffer.alloc(1 << 16);

function openOne(url: string, index: number): Promise<boolean> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve) => {
    let opened = false;
    const state = { isSubscribed: false };
    let rest: Buffer | undefined;
    const onRead = (nread: number, buf: Buffer): boolean => {
      // `buf` is the shared buffer, valid only during this call: what is left unparsed is copied out.
      const b = rest ? Buffer.concat([rest, buf.subarray(0, nread)]) : buf.subarray(0, nread);
      rest = undefined;
      let at = 0;
      if (!opened) {
        const end = b.indexOf('\r\n\r\n');
        if (end < 0) {
          rest = Buffer.from(b);
          return true;
        }
        if (!b.subarray(0, 12).toString().includes('101')) {
          socket.destroy();
          resolve(false);
          return false;
        }
        opened = true;
        sockets[index] = socket;
        resolve(true);
        at = end + 4;
      }
      // Unmasked server frames: 2-byte header, then a 16- or 64-bit length when the 7-bit one says 126 or 127.
      while (b.length - at >= 2) {
        const len7 = b[at + 1]! & 0x7f;
        const head = len7 === 126 ? 4 : len7 === 127 ? 10 : 2;
        if (b.length - at < head) break;
        const len = len7 === 126 ? b.readUInt16BE(at + 2) : len7 === 127 ? Number(b.readBigUInt64BE(at + 2)) : len7;
        if (b.length - at < head + len) break;
        if ((b[at]! & 0x0f) === 1) onPayload(index, b, at + head, at + head + len, state);
        at += head + len;
      }
      if (at < b.length) rest = Buffer.from(b.subarray(at));
      return true;
    };
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: { buffer: readBuffer, callback: onRead },
    });
    socket.on('connect', () =>
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('error', () => {
      if (!opened) resolve(false);
    });
    socket.on('close', () => {
      sockets[index] = undefined;
      if (!opened) resolve(false);
      else if (!state.isSubscribed) subscribed[index]?.(false);
      else if (measuring) closedInWindow += 1;
    });
  });
}

process.on('message', (m: ClientsRequest) => {
  switch (m.type) {
    case 'open':
      void (async () => {
        const t0 = Date.now();
        keyed = m.keyed === true;
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
              if (ws && !ws.destroyed) ws.write(clientFrame(JSON.stringify({ type: 'sub', params: 'DAY_MARKET' })));
              else resolve(false);
            }),
        );
        const ok = (await Promise.all(waits)).filter(Boolean).length;
        const reply: ClientsReply = { type: 'subscribed', ok, ms: Date.now() - t0 };
        process.send?.(reply);
      })();
      return;
    case 'sent':
      onSent(m.entries);
      return;
    case 'start':
      hist.fill(0);
      tickHist.fill(0);
      waiting.clear();
      lastReceipt.clear();
      counts.fill(0);
      max = 0;
      closedInWindow = 0;
      measuring = true;
      return;
    case 'stop': {
      measuring = false;
      if (PROBE) {
        const last = [...lastReceipt.values()].sort((a, b) => a - b);
        const q = (p: number) => last[Math.min(last.length - 1, Math.floor(last.length * p))];
        console.log(
          `clients: last receipt per tick time p50 ${q(0.5)} / p90 ${q(0.9)} / p99 ${q(0.99)} ms (${last.length} ticks)`,
        );
      }
      const reply: ClientsReply = {
        type: 'result',
        hist: sparseOf(hist),
        counts: [...counts],
        closed: closedInWindow,
        max,
        ...(keyed
          ? { tickHist: sparseOf(tickHist), unmatched: [...waiting.values()].reduce((a, l) => a + l.length / 2, 0) }
          : {}),
      };
      process.send?.(reply);
      return;
    }
  }
});
process.on('disconnect', () => process.exit(0));
