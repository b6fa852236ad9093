/**
 * The FIX 4.4 market-data feed (`FEED=fix:<file>`, DESIGN §14): one `FixSession` per entry of the feed file, in
 * priority order; each logged-on session is asked for every mapped symbol (one MarketDataRequest per symbol: 262
 * unique, 263=1, 264=1, 265=0, 267=2 with 269=0 and 269=1, 146=1 with 55 = the LP's symbol). Snapshots (W) and
 * increments (X, 279 0/1/2) keep each session's top of book (md-book.ts); a reject (Y) is logged and kept for the
 * liquidity page. Which session quotes an instrument is failover.ts's rule; only that session's quotes become ticks.
 *
 * An instrument the file does not map, or that every session rejected, is closed (`closedReason`): the market module
 * shows it as MarketStatus 2 and `/readyz` does not wait for it. Staleness and the bad-tick filter are downstream
 * (the quote book), as for every feed.
 */
import { pointsToPrice } from '@tradepad/domain';
import type { FixFeedFile } from '../../config-fix.ts';
import type { Feed, FeedInstrument, Tick } from '../market/feed.ts';
import { noteQuote, noteSession, reroute, type FailoverTimes, type Route } from './failover.ts';
import { applyIncrement, snapshotBook, twoSided, type MdEntry, type TopOfBook } from './md-book.ts';
import { FixSession, type FixLog, type FixMessage, type FixSessionTimings } from './fix-session.ts';

/** The liquidity page's view of the feed (DESIGN §14), prices as numbers for display. */
export interface FeedLiquidity {
  sessions: Array<{
    name: string;
    role: 'feed';
    state: 'connected' | 'connecting' | 'down';
    since: number;
    last_message_at: number | null;
    error: string | null;
  }>;
  symbols: Array<{
    code: string;
    lp_symbol: string | null;
    source: string | null;
    bid: number | null;
    ask: number | null;
    age_ms: number | null;
    /** Why the instrument is closed, or the last reject still standing; null when quoted normally. */
    reason: string | null;
  }>;
}

export interface FixFeedOptions extends FailoverTimes {
  file: FixFeedFile;
  instruments: ReadonlyArray<Pick<FeedInstrument, 'code' | 'precision'>>;
  log: FixLog;
  now?: () => number;
  /** Told when a session logs on (true) or is no longer logged on (false): the `tradepad_fix_session_up` gauge. */
  sessionUp?: (name: string, up: boolean) => void;
  /** Shorter reconnect waits (tests). */
  timings?: Partial<FixSessionTimings>;
}

/** How often the routes are checked when no quote arrives (a silent session is noticed within this). */
const CHECK_EVERY_MS = 200;

interface Quoted {
  bid: number;
  ask: number;
  time: number;
}

export class FixFeed implements Feed {
  private readonly sessions: FixSession[];
  private readonly precision = new Map<string, number>();
  private readonly codeOfSymbol = new Map<string, string>();
  /** Per session: its request ids → our code, its books and last two-sided quotes by code. */
  private readonly requests: Array<Map<string, string>>;
  private readonly books: Array<Map<string, TopOfBook>>;
  private readonly quoted: Array<Map<string, Quoted>>;
  /** Per code: each session's reject text (standing until that session quotes it). */
  private readonly rejects = new Map<string, Map<number, string>>();
  private readonly routes = new Map<string, Route>();
  private onTick: ((tick: Tick) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private requestCount = 0;
  private readonly requestPrefix: string;

  constructor(private readonly o: FixFeedOptions) {
    for (const i of o.instruments) this.precision.set(i.code, i.precision);
    for (const [code, symbol] of Object.entries(o.file.symbols)) {
      if (!this.precision.has(code)) o.log.warn({ code }, 'FIX feed file maps an unknown instrument: ignored');
      else this.codeOfSymbol.set(symbol, code);
    }
    this.sessions = o.file.sessions.map((entry) => new FixSession(entry, { log: o.log, now: o.now, timings: o.timings }));
    this.requests = this.sessions.map(() => new Map());
    this.books = this.sessions.map(() => new Map());
    this.quoted = this.sessions.map(() => new Map());
    for (const code of this.codeOfSymbol.values()) {
      this.routes.set(code, { current: undefined, sources: this.sessions.map(() => ({ up: false })) });
    }
    this.requestPrefix = `tp${this.now().toString(36)}`;
  }

  start(onTick: (tick: Tick) => void): void {
    this.onTick = onTick;
    this.sessions.forEach((s, i) => {
      s.onState((status) => this.sessionChanged(i, status.state === 'connected'));
      s.onMessage((m) => this.message(i, m));
      this.o.sessionUp?.(s.name, false);
      s.start();
    });
    this.timer = setInterval(() => this.checkRoutes(), CHECK_EVERY_MS);
  }

  stop(): void {
    this.onTick = undefined;
    clearInterval(this.timer);
    for (const s of this.sessions) {
      s.stop().catch((err: unknown) => this.o.log.warn({ err, fix: s.name }, 'FIX session stop failed'));
      this.o.sessionUp?.(s.name, false);
    }
  }

  /** Why an instrument cannot trade on this feed, or undefined when it may be quoted. */
  closedReason(code: string): string | undefined {
    if (!this.routes.has(code)) return 'not mapped in the feed file';
    const rejected = this.rejects.get(code);
    if (!rejected || rejected.size < this.sessions.length) return undefined;
    return `rejected by every session: ${this.rejectTexts(code).join('; ')}`;
  }

  /** Each session's standing reject of `code` as "name: text", in the sessions' priority order (not arrival order). */
  private rejectTexts(code: string): string[] {
    const rejected = this.rejects.get(code);
    if (!rejected) return [];
    return [...rejected].sort(([a], [b]) => a - b).map(([i, text]) => `${this.sessions[i]!.name}: ${text}`);
  }

  liquidity(): FeedLiquidity {
    const now = this.now();
    return {
      sessions: this.sessions.map((s) => {
        const st = s.status();
        return {
          name: st.name,
          role: 'feed',
          state: st.state,
          since: st.since,
          last_message_at: st.lastMessageAt,
          error: st.error,
        };
      }),
      symbols: this.o.instruments.map((inst) => {
        const route = this.routes.get(inst.code);
        const current = route?.current;
        const q = current === undefined ? undefined : this.quoted[current]!.get(inst.code);
        const price = (points: number | undefined) => (points === undefined ? null : pointsToPrice(points, inst.precision));
        const rejected = this.rejectTexts(inst.code);
        return {
          code: inst.code,
          lp_symbol: this.o.file.symbols[inst.code] ?? null,
          source: current === undefined ? null : this.sessions[current]!.name,
          bid: price(q?.bid),
          ask: price(q?.ask),
          age_ms: q ? Math.max(0, now - q.time) : null,
          reason: this.closedReason(inst.code) ?? (rejected.length > 0 ? `rejected by ${rejected.join('; ')}` : null),
        };
      }),
    };
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  private sessionChanged(i: number, up: boolean): void {
    const session = this.sessions[i]!;
    this.o.sessionUp?.(session.name, up);
    this.requests[i]!.clear();
    this.books[i]!.clear();
    this.quoted[i]!.clear();
    for (const [code, route] of this.routes) {
      const sources = route.sources.slice();
      sources[i] = noteSession(sources[i]!, up);
      this.setRoute(code, { ...route, sources });
    }
    if (up) for (const code of this.routes.keys()) this.subscribe(i, code);
  }

  private subscribe(i: number, code: string): void {
    const symbol = this.o.file.symbols[code]!;
    const id = `${this.requestPrefix}.${++this.requestCount}`;
    this.requests[i]!.set(id, code);
    this.sessions[i]!.send('V', {
      MDReqID: id,
      SubscriptionRequestType: '1',
      MarketDepth: 1,
      MDUpdateType: 0,
      MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
      InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: symbol } }] },
    });
  }

  /** Our code for a message or entry: by its request id, else by the LP's symbol (55). */
  private codeOf(i: number, m: FixMessage, entry?: FixMessage): string | undefined {
    const symbol = entry?.text(55) ?? m.text(55);
    const bySymbol = symbol === undefined ? undefined : this.codeOfSymbol.get(symbol);
    const id = m.text(262);
    return bySymbol ?? (id === undefined ? undefined : this.requests[i]!.get(id));
  }

  private message(i: number, m: FixMessage): void {
    switch (m.msgType) {
      case 'W': {
        const code = this.codeOf(i, m);
        if (code === undefined) return;
        const book = snapshotBook(m.group('MDFullGrp.NoMDEntries').map(entryOf), this.precision.get(code)!);
        this.books[i]!.set(code, book);
        this.quoteArrived(i, code);
        return;
      }
      case 'X': {
        const touched = new Set<string>();
        for (const e of m.group('MDIncGrp.NoMDEntries')) {
          const code = this.codeOf(i, m, e);
          if (code === undefined) continue;
          const book = this.books[i]!.get(code) ?? {};
          this.books[i]!.set(code, applyIncrement(book, entryOf(e), this.precision.get(code)!));
          touched.add(code);
        }
        for (const code of touched) this.quoteArrived(i, code);
        return;
      }
      case 'Y': {
        const id = m.text(262);
        const code = id === undefined ? undefined : this.requests[i]!.get(id);
        const text = m.text(58) ?? `MDReqRejReason ${m.text(281) ?? '?'}`;
        this.o.log.warn({ fix: this.sessions[i]!.name, code, reason: text }, 'LP rejected a market data request');
        if (code === undefined) return;
        let rejected = this.rejects.get(code);
        if (!rejected) this.rejects.set(code, (rejected = new Map()));
        rejected.set(i, text);
        return;
      }
      default:
        return;
    }
  }

  /** A session's book changed: a two-sided quote is a fresh quote (a repeat too), and is a tick if it is the source. */
  private quoteArrived(i: number, code: string): void {
    const quote = twoSided(this.books[i]!.get(code) ?? {});
    if (!quote) return;
    const now = this.now();
    this.quoted[i]!.set(code, { ...quote, time: now });
    this.rejects.get(code)?.delete(i);
    const route = this.routes.get(code)!;
    const sources = route.sources.slice();
    sources[i] = noteQuote(sources[i]!, now, this.o);
    const before = route.current;
    const after = this.setRoute(code, { ...route, sources });
    // A change of source already sent the new source's quote.
    if (after === i && before === i) this.emit(i, code, now);
  }

  private checkRoutes(): void {
    for (const [code, route] of this.routes) this.setRoute(code, route);
  }

  /** Applies the failover rule; on a change of source, the new source's last quote goes out at once. */
  private setRoute(code: string, route: Route): number | undefined {
    const now = this.now();
    const before = this.routes.get(code)?.current;
    const next = reroute(route, now, this.o);
    this.routes.set(code, next);
    if (next.current !== before) {
      const from = before === undefined ? 'none' : this.sessions[before]!.name;
      const to = next.current === undefined ? 'none' : this.sessions[next.current]!.name;
      this.o.log.info({ code, from, to }, 'FIX feed source changed');
      if (next.current !== undefined) this.emit(next.current, code, now);
    }
    return next.current;
  }

  private emit(i: number, code: string, now: number): void {
    const q = this.quoted[i]!.get(code);
    if (!q || !this.onTick) return;
    this.onTick({ code, bid: q.bid, ask: q.ask, time: now, volume: 0, source: this.sessions[i]!.name });
  }
}

function entryOf(e: FixMessage): MdEntry {
  return { type: e.text(269), price: e.text(270), action: e.text(279) };
}
