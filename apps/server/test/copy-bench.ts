import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CopyPushMessage } from '@tradepad/contracts';
import { isMarketOpen, parseLots, parseMoney, priceToPoints, requiredMargin, tradeFee, type Side } from '@tradepad/domain';
import { transaction } from '../src/db/after-commit.ts';
import { openDatabase, type DbHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { EVERY_USER_SOCKET, InProcessBus, type UserMessage } from '../src/ports/bus.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { depositCredited } from '../src/modules/ledger/ledger-entries.ts';
import { LedgerRepository } from '../src/modules/ledger/ledger.repository.ts';
import { calibrationFor } from '../src/modules/market/calibration.ts';
import { quoteTerms } from '../src/modules/market/catalogue.ts';
import { CATEGORIES, INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import type { Instrument } from '../src/modules/market/instrument.ts';
import { MarketRepository } from '../src/modules/market/market.repository.ts';
import { QuoteBook, type Quote } from '../src/modules/market/quote-book.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import type { CopyFollower, CopyMode, CopyRoster, CopyTold } from '../src/modules/trading/copying-types.ts';
import { orderEvents } from '../src/modules/copy/copy-events.ts';
import { STORED_EVENTS } from '../src/modules/trading/copy-records.ts';
import { TradeWriter } from '../src/modules/trading/trade-writer.ts';
import { TradingEngine, type EngineInstrument, type LiveOrder } from '../src/modules/trading/trading.engine.ts';
import { TradingRepository } from '../src/modules/trading/trading.repository.ts';
import { termsOf } from '../src/modules/trading/trading.service.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
export const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const quietLog = { error() {}, warn() {}, info() {} } as never;

/** A roster kept in the test: provider id → followers (the copy module's, in memory on the engine leader). */
export class TestRoster implements CopyRoster {
  readonly byProvider = new Map<number, CopyFollower[]>();
  asked = 0;
  followersOf(providerId: number): readonly CopyFollower[] {
    this.asked++;
    return this.byProvider.get(providerId) ?? [];
  }
}

/**
 * The engine on a real SQLite file with a scripted feed and a hand-moved clock, as trading.engine.spec.ts drives it,
 * plus a roster and the follows of copy trading (issue 34). `restart` builds a fresh engine on the same database.
 */
export class CopyBench {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-copying-'));
  handle!: DbHandle;
  engine!: TradingEngine;
  ledger!: LedgerRepository;
  clock = new ManualClock(WEDNESDAY);
  feed!: ScriptedFeed;
  instruments: Instrument[] = [];
  roster = new TestRoster();
  copyPushes: Array<{ userId: number; message: CopyPushMessage }> = [];
  /**
   * Each batch of copies and skips handed to the followers' notices, and whether its copies were in the book by then
   * (entered after the provider's commit).
   */
  copyTold: Array<{ told: CopyTold[]; inBook: boolean }> = [];
  private quoteListeners: Array<(code: string, q: Quote) => void> = [];
  private quotes!: QuoteBook;
  private nextUser = 1000;
  private follows = 0;

  constructor(
    private readonly opts: {
      /** Plug the roster in (default): false runs the engine as before copy trading (the benchmark's baseline). */
      copying?: boolean;
      /** Told each committed writer transaction's time, begin to commit, in seconds (the benchmark). */
      commitSeconds?: { observe(seconds: number): void };
      /** A PostgreSQL database to run on (empty: it is migrated here) instead of a SQLite file in a temporary folder. */
      databaseUrl?: string;
      /** Keep what the engine tells of each fan-out (`copyTold`, for specs; default true); a benchmark keeps nothing. */
      keepTold?: boolean;
    } = {},
  ) {}

  async open(): Promise<void> {
    this.handle = openDatabase({ databaseUrl: this.opts.databaseUrl, sqlitePath: path.join(this.dir, 'db.sqlite') });
    this.ledger = new LedgerRepository(this.handle.kind);
    await migrateToLatest(this.handle);
    const marketRepo = new MarketRepository(this.handle);
    await marketRepo.seed(CATEGORIES, INSTRUMENTS);
    this.instruments = await marketRepo.instruments();
    this.quotes = new QuoteBook(
      new Map(
        this.instruments.map((i) => [i.code, { code: i.code, ...quoteTerms(i), minuteVol: calibrationFor(i.code).minuteVol }]),
      ),
    );
    this.feed = new ScriptedFeed(
      this.instruments.map((i) => ({ code: i.code, precision: i.precision, spreadPoints: i.spread_points })),
    );
    this.feed.start((tick) => {
      const q = this.quotes.accept(tick);
      if (q) for (const l of this.quoteListeners) l(tick.code, q);
    });
    this.ledger.onUserMovement((m) => this.engine.cashMoved(m));
    await this.startEngine();
    this.tick('EURUSD', '1.08500');
  }

  private async startEngine(): Promise<void> {
    const bus = new InProcessBus();
    bus.subscribe({
      deliver() {},
      deliverToUser: (userId: number, channel: string, message: UserMessage) => {
        if (channel === EVERY_USER_SOCKET && (message as { type?: string }).type === 'COPY')
          this.copyPushes.push({ userId, message: message as CopyPushMessage });
      },
      hasSubscribers: () => false,
      listeners: () => [],
    });
    this.quoteListeners.length = 0;
    this.engine = new TradingEngine({
      db: this.handle.db,
      repo: new TradingRepository(this.handle.db, this.handle.kind),
      ledger: this.ledger,
      writer: new TradeWriter(this.handle.db, undefined, { commitSeconds: this.opts.commitSeconds }),
      market: {
        quote: (code) => this.quotes.get(code),
        isOpen: (inst, now = this.clock.now()) => inst.enabled === 1 && isMarketOpen(inst.hours, now),
        onQuote: (listener) => void this.quoteListeners.push(listener),
        onInstrumentsChanged: () => undefined,
      },
      bus,
      clock: this.clock,
      log: quietLog,
      staleQuoteMs: 10_000,
      demoStartBalance: '100000',
    });
    const inBook = (told: readonly CopyTold[]) =>
      told.every((t) => t.event === 'skip' || this.engine.order(t.orderId) !== undefined);
    if (this.opts.copying !== false)
      this.engine.useCopying(this.roster, (told) => {
        if (this.opts.keepTold !== false) this.copyTold.push({ told: [...told], inBook: inBook(told) });
      });
    await this.engine.start(this.instruments, termsOf);
  }

  /** A new engine on the same database (a restart or a failover): the book is rebuilt from the stored orders. */
  async restart(): Promise<void> {
    await this.engine.stop();
    await this.startEngine();
  }

  async close(): Promise<void> {
    await this.engine.stop();
    await this.handle.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Moves the clock a second and delivers a tick twice (the quote book holds back a lone off-market print). */
  tick(code: string, bid: string): void {
    this.clock.advance(1000);
    this.feed.pushPrice(code, bid, this.clock.now());
    this.feed.pushPrice(code, bid, this.clock.now());
  }

  async settled(): Promise<void> {
    await this.engine.idle();
    await new Promise((r) => setTimeout(r, 10));
    await this.engine.idle();
  }

  eurusd(): EngineInstrument {
    return this.engine.instrument(this.instruments.find((i) => i.code === 'EURUSD')!.id)!;
  }

  /** A real trader (or copy account) with `amount` USD deposited, loaded in the engine. */
  async trader(amount: string): Promise<number> {
    const userId = this.nextUser++;
    await transaction(this.handle.db, (trx) =>
      this.ledger.post(trx, depositCredited({ depositId: userId, userId, amount: parseMoney(amount), at: this.clock.now() })),
    );
    await this.engine.accountFor(userId, false);
    return userId;
  }

  /**
   * A follower of `provider` with a copy account holding `amount`: its copy_follows row (as the copy module writes it)
   * and its place in the roster.
   */
  async follower(provider: number, amount: string, mode: CopyMode, value: string): Promise<CopyFollower> {
    const followerId = this.nextUser++;
    const accountUserId = await this.trader(amount);
    const strategyId = provider;
    const now = this.clock.now();
    const row = await this.handle.db
      .insertInto('copy_follows')
      .values({
        strategy_id: strategyId,
        follower_id: followerId,
        account_user_id: accountUserId,
        mode,
        value,
        equity_stop_percent: 0,
        invested: Number(parseMoney(amount)),
        high_water_mark: Number(parseMoney(amount)),
        management_accrued_at: now,
        performance_settled_at: now,
        started_at: now + this.follows++,
        status: 1,
        end_reason: '',
        returned: 0,
        ended_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const f: CopyFollower = { followId: Number(row.id), strategyId, followerId, accountUserId, mode, value };
    const list = this.roster.byProvider.get(provider) ?? [];
    list.push(f);
    this.roster.byProvider.set(provider, list);
    return f;
  }

  points = (price: string): number => priceToPoints(price, 5);

  /** Places an EURUSD order at 100:1 as the trading service does (pre-trade snapshot, margin and fee from the domain). */
  async order(
    userId: number,
    side: Side,
    opts: { price?: string; stopLoss?: string; takeProfit?: string; lots?: string; demo?: boolean } = {},
  ): Promise<LiveOrder> {
    const inst = this.eurusd();
    const orderPrice = opts.price ? this.points(opts.price) : 0;
    const snap = this.engine.preTrade(userId, inst, side, orderPrice);
    if (snap.refusal !== null) throw new Error(snap.refusal);
    const lots = parseLots(opts.lots ?? '1');
    const margin = requiredMargin(inst.terms, lots, snap.entry, 100, snap.rate!);
    const fee = tradeFee(inst.terms, lots, margin, 1);
    const pending = orderPrice > 0;
    return this.engine.place({
      userId,
      demo: opts.demo ?? false,
      inst,
      side,
      kind: pending ? (side === 1 ? (snap.entry < snap.quote.ask ? 'buy_limit' : 'buy_stop') : 'sell_limit') : 'market',
      lots,
      leverage: 100,
      orderPrice: snap.entry,
      openPrice: pending ? 0 : snap.entry,
      stopLoss: opts.stopLoss ? this.points(opts.stopLoss) : 0,
      takeProfit: opts.takeProfit ? this.points(opts.takeProfit) : 0,
      margin,
      fee,
      trailingDistance: 0,
      expireAt: 0,
      receipt: { ...snap.quote, receivedAt: performance.now() },
    });
  }

  /** The copies of a provider order as stored (open or closed, partial rows too), oldest first. */
  copyRows(providerOrderId: number) {
    return this.handle.db.selectFrom('orders').selectAll().where('copy_of', '=', providerOrderId).orderBy('id').execute();
  }

  /**
   * A provider order's copy events as a follower's list reads them (copy/copy-events.ts), oldest first, with the
   * follower: the fills, partial closes and closes from the copies' order rows, then the stored skips and stop changes.
   */
  async events(providerOrderId: number) {
    const db = this.handle.db;
    const [orders, stored] = await Promise.all([
      db
        .selectFrom('orders as o')
        .innerJoin('copy_follows as f', 'f.account_user_id', 'o.user_id')
        .select(['o.id', 'o.parent_id', 'o.copy_of', 'o.status', 'o.lots', 'o.open_price', 'o.close_price'])
        .select(['o.opened_at', 'o.closed_at', 'f.follower_id'])
        .where('o.copy_of', '=', providerOrderId)
        .orderBy('o.id')
        .execute(),
      db
        .selectFrom('copy_events')
        .selectAll()
        .where('provider_order_id', '=', providerOrderId)
        .where('event', 'in', [...STORED_EVENTS])
        .orderBy('id')
        .execute(),
    ]);
    const derived = orderEvents(orders.map((o) => ({ ...o, code: null, precision: null })));
    const all = [
      ...derived.map((e) => ({ ...e, id: 0, follower_id: e.row.follower_id, rank: 0 })),
      ...stored.map((e) => ({ ...e, rank: 1 })),
    ];
    // Oldest first; at one moment the orders' events (fills before closes) before the stored ones, each in id order.
    const order = (e: (typeof all)[number]) => (e.rank === 0 ? (e.event === 'fill' ? 0 : 1) : 2);
    return all
      .sort(
        (a, b) => a.created_at - b.created_at || order(a) - order(b) || a.order_id - b.order_id || Number(a.id) - Number(b.id),
      )
      .map((e) => ({
        follower_id: e.follower_id,
        event: e.event,
        order_id: e.order_id,
        price: e.price,
        lots: e.lots,
        reason: e.reason,
      }));
  }

  cash(userId: number) {
    return this.ledger.balance(this.handle.db, userId, 'cash');
  }
}
