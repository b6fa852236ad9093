/**
 * The liquidity provider of bench/lp-quotes.bench.ts, in the bench's own process: the test tree's FIX 4.4 acceptor
 * (apps/server/test/fix-lp.ts, on the same engine as Tradepad's sessions) driven at a set pace with X increments
 * (279=1 on both sides), and the feed file that points Tradepad at it.
 *
 * Every quote's price says which quote it is: quote k of a symbol has bid = the instrument's start price + tri(k)
 * points (a triangle wave: up one point per quote for TRI_HALF quotes, then down, so no quote ever jumps and the
 * bad-tick filter never holds one back) and ask = bid + the instrument's own spread (so the published `fixed` price
 * is the LP's own). The LP's send time of every quote is kept per symbol by k (`sentAt`), and, for the websocket
 * clients, by `symbol|published bid` (`takeKeys`): within TRI_HALF quotes of a symbol no bid repeats.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pointsToPrice, pointsToText, priceToPoints, publishedQuote } from '@tradepad/domain';
import { INSTRUMENTS } from '../../apps/server/src/modules/market/instruments.data.ts';
import { FixLp } from '../../apps/server/test/fix-lp.ts';

/** Quotes per half period of the price wave: 150 s of quotes at 20 a second per symbol. */
export const TRI_HALF = 3000;

export const tri = (k: number): number => {
  const m = k % (2 * TRI_HALF);
  return m <= TRI_HALF ? m : 2 * TRI_HALF - m;
};

export interface LpSymbol {
  code: string;
  lpSymbol: string;
  precision: number;
  spread: number;
  /** Bid of quote 0 (the snapshot the LP answers a subscription with), in points. */
  base: number;
  /** The last quote sent (0: only the snapshot). */
  k: number;
  /** Unix ms each quote was handed to the LP's FIX engine, by k (quote 0's is unknown: NaN). */
  sentAt: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class BenchLp {
  /** Quotes handed to the engine, across symbols. */
  sent = 0;
  /** The most bytes seen waiting in the LP's socket (the session backing up), since the caller last reset it. */
  maxQueued = 0;
  /** The longest gap between two turns of the pacing loop (the LP's own stalls), since the caller last reset it. */
  maxGapMs = 0;
  /** Per client-side key, when the quote was handed to the LP's engine and the key of its bid on the wire. */
  private keys: Array<[string, number, string]> = [];
  /** When each quote's bytes were written to the LP's socket, by `LP symbol|bid` (see `watchSockets`). */
  private readonly wired = new Map<string, number>();
  private readonly watched = new WeakSet<object>();
  private isSubscribed = false;

  private constructor(
    readonly lp: FixLp,
    readonly symbols: LpSymbol[],
    private readonly keyed: boolean,
  ) {}

  /** Starts the acceptor quoting `codes` (instrument codes of the seed list); `keyed` keeps send times by price. */
  static async start(codes: readonly string[], keyed: boolean): Promise<BenchLp> {
    const symbols = codes.map((code): LpSymbol => {
      const seed = INSTRUMENTS.find((i) => i.code === code);
      if (!seed) throw new Error(`no instrument ${code}`);
      return {
        code,
        lpSymbol: `${code.slice(0, 3)}/${code.slice(3)}`,
        precision: seed.precision,
        spread: seed.spreadPoints,
        base: priceToPoints(seed.startPrice, seed.precision),
        k: 0,
        sentAt: [Number.NaN],
      };
    });
    const prices = Object.fromEntries(symbols.map((s) => [s.lpSymbol, priceOf(s, 0)]));
    const lp = await FixLp.start({ name: 'bench-lp', prices });
    return new BenchLp(lp, symbols, keyed);
  }

  /** Writes the feed file (DESIGN §14) for one session to this LP into `dir`: its path. */
  writeFeedFile(dir: string): string {
    const file = path.join(dir, 'feed.json');
    const body = {
      sessions: [
        {
          name: 'lp1',
          host: '127.0.0.1',
          port: this.lp.port,
          senderCompId: 'TRADEPAD',
          targetCompId: 'LP1',
          heartbeatSeconds: 30,
          resetSeqNumOnLogon: true,
          tls: false,
        },
      ],
      symbols: Object.fromEntries(this.symbols.map((s) => [s.code, s.lpSymbol])),
    };
    fs.writeFileSync(file, JSON.stringify(body));
    return file;
  }

  /** Whether Tradepad asked for every symbol (one MarketDataRequest each); once true, it stays so for the run. */
  subscribed(): boolean {
    this.isSubscribed ||= this.lp.sessions.size > 0 && this.lp.messages('V').length >= this.symbols.length;
    return this.isSubscribed;
  }

  bidOf(s: LpSymbol, k: number): number {
    return s.base + tri(k);
  }

  /** Sends symbol `i`'s next quote as an X increment (nothing while Tradepad is not subscribed). */
  quoteNext(i: number): void {
    if (!this.subscribed()) return;
    const s = this.symbols[i]!;
    const k = ++s.k;
    const now = Date.now();
    s.sentAt[k] = now;
    this.sent += 1;
    const price = priceOf(s, k);
    if (this.keyed) {
      this.watchSockets();
      this.keys.push([this.keyOf(s, k), now, `${s.lpSymbol}|${Number(price.bid)}`]);
    }
    this.lp.quote(s.lpSymbol, price, 'X');
  }

  /**
   * The times by `symbol|published bid` since the last call (what the websocket clients match on): when the quote's
   * bytes were written to the LP's socket, the start of the path issue 31 measures ("from the LP's socket"); a quote
   * not yet written waits for the next call, and one never seen on the wire after a second keeps its hand-over time.
   */
  takeKeys(): Array<[string, number]> {
    const out: Array<[string, number]> = [];
    const waiting: Array<[string, number, string]> = [];
    const now = Date.now();
    for (const key of this.keys) {
      const at = this.wired.get(key[2]);
      if (at !== undefined) {
        this.wired.delete(key[2]);
        out.push([key[0], at]);
      } else if (now - key[1] > 1000) out.push([key[0], key[1]]);
      else waiting.push(key);
    }
    this.keys = waiting;
    if (this.wired.size > 100_000) this.wired.clear();
    return out;
  }

  /**
   * Notes when each bid leaves for the socket: every LP session's socket `write` is wrapped once to read the bid
   * entries (269=0, its symbol and price) of what it writes. The engine writes whole messages, so a quote's time is
   * that of the write carrying it.
   */
  private watchSockets(): void {
    for (const session of this.lp.sessions) {
      const t = (session as unknown as { transport?: { duplex?: { writable?: { write: (...a: unknown[]) => boolean } } } })
        .transport;
      const w = t?.duplex?.writable;
      if (!w || this.watched.has(w)) continue;
      this.watched.add(w);
      const write = w.write.bind(w);
      w.write = (chunk: unknown, ...rest: unknown[]) => {
        const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('latin1') : '';
        const at = Date.now();
        for (const m of text.matchAll(BID_ENTRY)) this.wired.set(`${m[1]}|${Number(m[2])}`, at);
        return write(chunk, ...rest);
      };
    }
  }

  /**
   * Calls `onEvent` `perSecond` times a second, evenly (catching up after a late timer), until `done()`: how many
   * events and how long. Samples the LP's socket buffer as it goes.
   */
  async pace(perSecond: number, done: () => boolean, onEvent: () => void): Promise<{ events: number; ms: number }> {
    const t0 = performance.now();
    let events = 0;
    let last = t0;
    while (!done()) {
      const now = performance.now();
      this.maxGapMs = Math.max(this.maxGapMs, now - last);
      last = now;
      const due = Math.floor((perSecond * (performance.now() - t0)) / 1000);
      while (events < due) {
        onEvent();
        events += 1;
      }
      this.maxQueued = Math.max(this.maxQueued, this.queued());
      await sleep(1);
    }
    return { events, ms: performance.now() - t0 };
  }

  /** Bytes written by the LP's engine and not yet taken by the kernel (Tradepad not reading fast enough). */
  queued(): number {
    let bytes = 0;
    for (const s of this.lp.sessions) {
      const t = (s as unknown as { transport?: { duplex?: { writable?: { writableLength?: number } } } }).transport;
      bytes += t?.duplex?.writable?.writableLength ?? 0;
    }
    return bytes;
  }

  stop(): void {
    this.lp.stop();
  }

  private keyOf(s: LpSymbol, k: number): string {
    const bid = this.bidOf(s, k);
    const pub = publishedQuote({ bid, ask: bid + s.spread }, { mode: 'fixed', spreadPoints: s.spread, markupPoints: 0 })!;
    return `${s.code}|${String(pointsToPrice(pub.bid, s.precision))}`;
  }
}

/** A bid entry of an X or W message: MDEntryType 0, then its Symbol and MDEntryPx (FIX 4.4 field order). */
// FIX separates its fields with SOH (0x01): the control character is the point here.
// eslint-disable-next-line no-control-regex
const BID_ENTRY = /\x01269=0\x01(?:[^\x01]*\x01)*?55=([^\x01]*)\x01(?:[^\x01]*\x01)*?270=([^\x01]*)\x01/g;

function priceOf(s: LpSymbol, k: number): { bid: string; ask: string } {
  const bid = s.base + tri(k);
  return { bid: pointsToText(bid, s.precision), ask: pointsToText(bid + s.spread, s.precision) };
}
