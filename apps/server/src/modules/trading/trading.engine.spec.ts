import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CLOSED_BY_STOP_LOSS,
  CLOSED_BY_STOP_OUT,
  CLOSED_BY_TAKE_PROFIT,
  CLOSED_BY_USER,
  STATUS_CANCELLED,
  STATUS_CLOSED,
  STATUS_HOLDING,
  STATUS_PENDING,
  type ForexClosedMessage,
} from '@tradepad/contracts';
import {
  isMarketOpen,
  micros,
  parseLots,
  parseMoney,
  priceToPoints,
  requiredMargin,
  tradeFee,
  type Micros,
  type Side,
} from '@tradepad/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transaction } from '../../db/after-commit.ts';
import { openDatabase, type DbHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { InProcessBus, type UserMessage } from '../../ports/bus.ts';
import { ManualClock } from '../../ports/clock.ts';
import { checkLedger } from '../ledger/ledger-checker.ts';
import { depositCredited } from '../ledger/ledger-entries.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { calibrationFor } from '../market/calibration.ts';
import { quoteTerms } from '../market/catalogue.ts';
import { CATEGORIES, INSTRUMENTS } from '../market/instruments.data.ts';
import type { Instrument } from '../market/instrument.ts';
import { MarketRepository } from '../market/market.repository.ts';
import { QuoteBook, type Quote } from '../market/quote-book.ts';
import { ScriptedFeed } from '../market/scripted-feed.ts';
import { TradeWriter } from './trade-writer.ts';
import { TradingEngine, type EngineInstrument, type LiveOrder } from './trading.engine.ts';
import { TradingRepository } from './trading.repository.ts';
import { termsOf } from './trading.service.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const quietLog = { error() {}, warn() {}, info() {} } as never;
const usd = (text: string): Micros => parseMoney(text);

/**
 * The engine on its own, on a real SQLite ledger, driven by a hand-moved clock and a scripted feed: the market is
 * the quote book the market module uses, and pushes are read off the bus. Every scenario ends with the ledger checker.
 */
describe('TradingEngine', () => {
  let dir: string;
  let handle: DbHandle;
  let engine: TradingEngine;
  let ledger: LedgerRepository;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  let instruments: Instrument[];
  /** FOREX_CLOSED messages by user, as the gateway would receive them from the bus. */
  let closedPushes: Array<{ userId: number; message: ForexClosedMessage }>;
  /** Notices the engine asked to be mailed (margin call, stop-out). */
  let notices: Array<{ userId: number; kind: string }>;
  let nextUser = 1000;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tp-engine-'));
    handle = openDatabase({ sqlitePath: path.join(dir, 'db.sqlite') });
    await migrateToLatest(handle);
    const marketRepo = new MarketRepository(handle);
    await marketRepo.seed(CATEGORIES, INSTRUMENTS);
    instruments = await marketRepo.instruments();

    clock = new ManualClock(WEDNESDAY);
    const quotes = new QuoteBook(
      new Map(instruments.map((i) => [i.code, { code: i.code, ...quoteTerms(i), minuteVol: calibrationFor(i.code).minuteVol }])),
    );
    const quoteListeners: Array<(code: string, q: Quote) => void> = [];
    feed = new ScriptedFeed(instruments.map((i) => ({ code: i.code, precision: i.precision, spreadPoints: i.spread_points })));
    feed.start((tick) => {
      const q = quotes.accept(tick);
      if (q) for (const l of quoteListeners) l(tick.code, q);
    });

    const bus = new InProcessBus();
    closedPushes = [];
    notices = [];
    bus.subscribe({
      deliver() {},
      deliverToUser(userId: number, channel: string, message: UserMessage) {
        if (channel === 'FOREX_CLOSED') closedPushes.push({ userId, message: message as ForexClosedMessage });
      },
      hasSubscribers: () => false,
      listeners: () => [],
    });

    ledger = new LedgerRepository('sqlite');
    engine = new TradingEngine({
      db: handle.db,
      repo: new TradingRepository(handle.db, 'sqlite'),
      ledger,
      writer: new TradeWriter(handle.db),
      market: {
        quote: (code) => quotes.get(code),
        isOpen: (inst, now = clock.now()) => inst.enabled === 1 && isMarketOpen(inst.hours, now),
        onQuote: (listener) => void quoteListeners.push(listener),
        onInstrumentsChanged: () => undefined,
      },
      bus,
      clock,
      log: quietLog,
      staleQuoteMs: 10_000,
      demoStartBalance: '100000',
      notifier: { notify: (userId, notice) => notices.push({ userId, kind: notice.kind }) },
    });
    ledger.onUserMovement((m) => engine.cashMoved(m));
    await engine.start(instruments, termsOf);
    tick('EURUSD', '1.08500');
  });

  afterEach(async () => {
    await engine.stop();
    expect(await checkLedger(handle.db)).toEqual([]);
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Moves the clock a second and delivers a tick twice (the quote book holds back a lone off-market print). */
  function tick(code: string, bid: string): void {
    clock.advance(1000);
    feed.pushPrice(code, bid, clock.now());
    feed.pushPrice(code, bid, clock.now());
  }

  /** Lets triggered settlements and stop-outs run and commit. */
  async function settled(): Promise<void> {
    await engine.idle();
    await new Promise((r) => setTimeout(r, 10));
    await engine.idle();
  }

  const eurusd = (): EngineInstrument => engine.instrument(instruments.find((i) => i.code === 'EURUSD')!.id)!;
  const points = (price: string) => priceToPoints(price, 5);

  /** A real trader with `amount` USD deposited. */
  async function trader(amount: string): Promise<number> {
    const userId = nextUser++;
    await transaction(handle.db, (trx) =>
      ledger.post(trx, depositCredited({ depositId: userId, userId, amount: usd(amount), at: clock.now() })),
    );
    await engine.accountFor(userId, false);
    return userId;
  }

  /** Places 1 lot at 100:1 as the trading service does: the pre-trade snapshot, then margin and fee from the domain. */
  async function order(
    userId: number,
    side: Side,
    opts: {
      price?: string;
      stopLoss?: string;
      takeProfit?: string;
      lots?: string;
      seen?: [string, number];
      trailing?: string;
      expireAt?: number;
    } = {},
  ): Promise<LiveOrder> {
    const inst = eurusd();
    const orderPrice = opts.price ? points(opts.price) : 0;
    const snap = engine.preTrade(userId, inst, side, orderPrice);
    if (snap.refusal !== null) throw new Error(snap.refusal);
    expect(snap.marginCall).toBe(false);
    const lots = parseLots(opts.lots ?? '1');
    const margin = requiredMargin(inst.terms, lots, snap.entry, 100, snap.rate!);
    const fee = tradeFee(inst.terms, lots, margin, 1);
    const pending = orderPrice > 0;
    return engine.place({
      userId,
      demo: false,
      inst,
      side,
      kind: pending ? (snap.entry < snap.quote.ask ? 'buy_limit' : 'buy_stop') : 'market',
      lots,
      leverage: 100,
      orderPrice: snap.entry,
      openPrice: pending ? 0 : snap.entry,
      stopLoss: opts.stopLoss ? points(opts.stopLoss) : 0,
      takeProfit: opts.takeProfit ? points(opts.takeProfit) : 0,
      margin,
      fee,
      seen: opts.seen ? { price: points(opts.seen[0]), deviation: opts.seen[1] } : undefined,
      trailingDistance: opts.trailing ? points(opts.trailing) : 0,
      expireAt: opts.expireAt ?? 0,
      receipt: { ...snap.quote, receivedAt: performance.now() },
    });
  }

  const status = async (id: number) =>
    await handle.db.selectFrom('orders').select(['status', 'closed_type']).where('id', '=', id).executeTakeFirstOrThrow();
  const ledgerCash = (userId: number) => ledger.balance(handle.db, userId, 'cash');

  it('opens a market buy at the ask: margin and fee leave the cash, in the ledger and in memory alike', async () => {
    const userId = await trader('10000');
    const o = await order(userId, 1);
    expect(o).toMatchObject({ status: STATUS_HOLDING, openPrice: points('1.08510') });
    // 1 lot × 100,000 × 1.0851 ÷ 100 = 1085.10 margin; the seed's fee is 3 USD a lot.
    expect(o.margin).toBe(usd('1085.1'));
    expect(o.fee).toBe(usd('3'));
    expect(engine.account(userId)!.cash).toBe(usd('8911.9'));
    expect(await ledgerCash(userId)).toBe(usd('8911.9'));
    expect(engine.figures(userId)).toMatchObject({ usedMargin: usd('1085.1'), floating: usd('-10') });
    expect(engine.openOrderCount).toBe(1);
  });

  it('refuses a market fill worse than the price seen by more than the deviation, writing nothing', async () => {
    const userId = await trader('10000');
    // The trader saw the ask at 1.08510; the market rose 20 points before the order reached the engine.
    tick('EURUSD', '1.08520');
    await expect(order(userId, 1, { seen: ['1.08510', 19] })).rejects.toMatchObject({
      key: 'err.price_moved',
      params: { price: '1.08530', seen: '1.08510', deviation: '19' },
    });
    expect(engine.openOrderCount).toBe(0);
    expect(await ledgerCash(userId)).toBe(usd('10000'));
    expect(engine.account(userId)!.cash).toBe(usd('10000'));
    expect(await handle.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    // Within the deviation it fills at the market, and a sell seen lower than the bid fills at the better bid.
    expect(await order(userId, 1, { seen: ['1.08510', 20] })).toMatchObject({ openPrice: points('1.08530') });
    expect(await order(userId, 2, { seen: ['1.08400', 0] })).toMatchObject({ openPrice: points('1.08520') });
    expect(engine.openOrderCount).toBe(2);
  });

  it('closes at the take-profit once the bid reaches it, and at the stop-loss of another position', async () => {
    const userId = await trader('10000');
    const tp = await order(userId, 1, { takeProfit: '1.08700' });
    const sl = await order(userId, 1, { stopLoss: '1.08400' });
    tick('EURUSD', '1.08650');
    await settled();
    expect(engine.order(tp.id)).toBeDefined();
    tick('EURUSD', '1.08720');
    await settled();
    expect(engine.order(tp.id)).toBeUndefined();
    expect(await status(tp.id)).toEqual({ status: STATUS_CLOSED, closed_type: CLOSED_BY_TAKE_PROFIT });
    tick('EURUSD', '1.08380');
    await settled();
    expect(await status(sl.id)).toEqual({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_LOSS });
    expect(closedPushes).toEqual([
      { userId, message: { type: 'FOREX_CLOSED', id: [tp.id], ClosedType: CLOSED_BY_TAKE_PROFIT } },
      { userId, message: { type: 'FOREX_CLOSED', id: [sl.id], ClosedType: CLOSED_BY_STOP_LOSS } },
    ]);
    // +210 (1.08510 → 1.08720) and −130 (1.08510 → 1.08380), both fees of 3 kept.
    expect(engine.account(userId)!.cash).toBe(usd('10074'));
    expect(await ledgerCash(userId)).toBe(usd('10074'));
    expect(engine.openOrderCount).toBe(0);
  });

  it('stops out an account at 50 %, leaving the others alone', async () => {
    const thin = await trader('1200');
    const rich = await trader('100000');
    const lost = await order(thin, 1);
    const kept = await order(rich, 1);
    // Equity 1200 − 3 − 10 = 1187 on 1085.10 margin; 50 % is 542.55, about 645 points lower.
    tick('EURUSD', '1.08000');
    await settled();
    expect(engine.order(lost.id)).toBeDefined();
    tick('EURUSD', '1.07800');
    await settled();
    expect(await status(lost.id)).toEqual({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_OUT });
    expect(engine.order(kept.id)).toBeDefined();
    expect(closedPushes).toEqual([
      { userId: thin, message: { type: 'FOREX_CLOSED', id: [lost.id], ClosedType: CLOSED_BY_STOP_OUT } },
    ]);
    // The trader is told by mail of the margin call on the way down, then of the stop-out (issue 17, notices).
    expect(notices).toEqual([
      { userId: thin, kind: 'margin_call' },
      { userId: thin, kind: 'stop_out' },
    ]);
    // 1200 − 3 fee − 710 loss (1.08510 → 1.07800).
    expect(engine.account(thin)!.cash).toBe(usd('487'));
    expect(await ledgerCash(thin)).toBe(usd('487'));
    expect(engine.account(thin)!.margin).toBe(micros(0n));
  });

  it('writes a negative balance off to zero when a gap stops an account out beyond its cash', async () => {
    const userId = await trader('1100');
    const o = await order(userId, 1);
    // 1.08510 → 1.07400 in one gap: a loss of 1110 on 1097 of cash after the fee.
    tick('EURUSD', '1.07400');
    await settled();
    expect(await status(o.id)).toEqual({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_OUT });
    expect(engine.account(userId)!.cash).toBe(micros(0n));
    expect(await ledgerCash(userId)).toBe(micros(0n));
    const writeOff = await handle.db
      .selectFrom('journal_entries')
      .select(['ref_type', 'ref_id'])
      .where('type', '=', 'writeoff')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(writeOff).toEqual({ ref_type: 'order', ref_id: String(o.id) });
  });

  it('cancels a pending order: margin and fee come back, and its trigger is gone', async () => {
    const userId = await trader('5000');
    const o = await order(userId, 1, { price: '1.08000' });
    expect(o).toMatchObject({ status: STATUS_PENDING, kind: 'buy_limit' });
    expect(engine.account(userId)!.cash).toBe(usd('5000') - o.margin - o.fee);
    expect(await engine.cancel(o)).toBe(true);
    expect(await status(o.id)).toEqual({ status: STATUS_CANCELLED, closed_type: CLOSED_BY_USER });
    expect(engine.account(userId)!.cash).toBe(usd('5000'));
    expect(await ledgerCash(userId)).toBe(usd('5000'));
    expect(closedPushes).toEqual([{ userId, message: { type: 'FOREX_CLOSED', id: [o.id], ClosedType: CLOSED_BY_USER } }]);
    // The limit's level is crossed: nothing fills.
    tick('EURUSD', '1.07990');
    await settled();
    expect(engine.openOrderCount).toBe(0);
    expect(await engine.cancel(o)).toBe(false);
  });

  // Issue 20: richer orders

  const row = (id: number) => handle.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('moves a trailing stop only in the trader’s favour, through the trigger book, and stores it', async () => {
    const userId = await trader('10000');
    // A buy at 1.08510 with a 30-point trail: the stop starts at bid − 30 = 1.08470.
    const o = await order(userId, 1, { stopLoss: '1.08470' });
    expect(await engine.setStops(o, points('1.08470'), 0, 30)).toBe(true);
    tick('EURUSD', '1.08520'); // +20: the stop follows to 1.08490
    await settled();
    expect(o.stopLoss).toBe(points('1.08490'));
    tick('EURUSD', '1.08505'); // down: it stays
    await settled();
    expect(o.stopLoss).toBe(points('1.08490'));
    tick('EURUSD', '1.08600');
    await settled();
    expect(o.stopLoss).toBe(points('1.08570'));
    expect((await row(o.id)).stop_loss).toBe(points('1.08570'));
    // The market turns: the trailed stop closes the position at the first bid past it.
    tick('EURUSD', '1.08560');
    await settled();
    expect(await status(o.id)).toEqual({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_LOSS });
    // Bought at 1.08510, out at 1.08560: +50 USD, less the 3 USD fee.
    expect(await ledgerCash(userId)).toBe(usd('10047'));
  });

  it('trails a sell’s stop down with the ask', async () => {
    const userId = await trader('10000');
    const o = await order(userId, 2, { stopLoss: '1.08540', trailing: '0.00030' });
    // The ask is 1.08510: a 30-point trail above it is 1.08540.
    tick('EURUSD', '1.08450'); // ask 1.08460
    await settled();
    expect(o.stopLoss).toBe(points('1.08490'));
    tick('EURUSD', '1.08480');
    await settled();
    expect(o.stopLoss).toBe(points('1.08490'));
  });

  it('closes part of a position: the rest keeps its id, the part is a closed row with parent_id, margin pro rata', async () => {
    const userId = await trader('10000');
    const o = await order(userId, 1, { lots: '1' });
    tick('EURUSD', '1.08600');
    const done = await engine.closePart(o, parseLots('0.4'), CLOSED_BY_USER);
    expect(done).toBeDefined();
    const part = await row(done!.partId);
    // 0.4 of 1085.10 margin = 434.04; the fee of 3 splits 1.2 / 1.8; P/L (1.08600 − 1.08510) × 40,000 = 36.
    expect(part).toMatchObject({ status: STATUS_CLOSED, parent_id: o.id, lots: 4000, margin: 434_040_000, fee: 1_200_000 });
    expect(part.profit).toBe(36_000_000);
    expect(await row(o.id)).toMatchObject({ status: STATUS_HOLDING, lots: 6000, margin: 651_060_000, fee: 1_800_000 });
    expect(o.lots).toBe(parseLots('0.6'));
    expect(engine.account(userId)!.margin).toBe(usd('651.06'));
    expect(await ledgerCash(userId)).toBe(usd('8911.9') + usd('434.04') + usd('36'));
    expect(engine.account(userId)!.cash).toBe(await ledgerCash(userId));
    // The rest closes normally.
    await engine.close(o, CLOSED_BY_USER);
    expect(await ledgerCash(userId)).toBe(usd('10000') - usd('3') + usd('90'));
  });

  it('moves a pending order: same id, the margin follows the price', async () => {
    const userId = await trader('10000');
    const o = await order(userId, 1, { price: '1.08000' });
    const before = o.margin;
    const rate = engine.rate(o.inst, points('1.07000'))!;
    const margin = requiredMargin(o.inst.terms, o.lots, points('1.07000'), 100, rate);
    const fee = tradeFee(o.inst.terms, o.lots, margin, 1);
    expect(await engine.reprice(o, { price: points('1.07000'), kind: 'buy_limit', stopLoss: 0, margin, fee })).toBe(true);
    expect(margin).toBeLessThan(before);
    expect(await row(o.id)).toMatchObject({ status: STATUS_PENDING, order_price: points('1.07000'), margin: Number(margin) });
    expect(engine.account(userId)!.margin).toBe(margin);
    expect(await ledgerCash(userId)).toBe(usd('10000') - margin - fee);
    // It fills at its new level, not the old one.
    tick('EURUSD', '1.07500');
    await settled();
    expect(o.status).toBe(STATUS_PENDING);
    tick('EURUSD', '1.06980');
    await settled();
    expect(o.status).toBe(STATUS_HOLDING);
  });

  it('cancels a pending order at its expiry (manual clock), margin and fee back', async () => {
    const userId = await trader('10000');
    const expireAt = Math.floor(clock.now() / 1000) + 60;
    const o = await order(userId, 1, { price: '1.08000', expireAt });
    clock.advance(59_000);
    expect(await engine.expireDue()).toEqual([]);
    clock.advance(1_000);
    expect(await engine.expireDue()).toEqual([o.id]);
    expect(await status(o.id)).toEqual({ status: STATUS_CANCELLED, closed_type: 6 });
    expect(await ledgerCash(userId)).toBe(usd('10000'));
  });

  it('stores a receipt with every fill: the quote, the fill, the price seen and the slippage', async () => {
    const userId = await trader('10000');
    const m = await order(userId, 1, { seen: ['1.08505', 10] });
    const r = JSON.parse((await row(m.id)).receipt!);
    expect(r).toMatchObject({ bid: points('1.08500'), ask: points('1.08510'), fill: points('1.08510'), seen: points('1.08505') });
    // The source's own quote beside the published one (here the simulator's, priced fixed at its own spread).
    expect(r).toMatchObject({ source: 'sim', sourceBid: points('1.08500'), sourceAsk: points('1.08510') });
    expect(r.latency).toBeGreaterThanOrEqual(0);
    const p = await order(userId, 1, { price: '1.08400' });
    tick('EURUSD', '1.08380');
    await settled();
    const pr = JSON.parse((await row(p.id)).receipt!);
    expect(pr).toMatchObject({ fill: points('1.08390'), seen: points('1.08400'), bid: points('1.08380') });
    expect(pr).toMatchObject({ source: 'sim', sourceBid: points('1.08380'), sourceAsk: points('1.08390') });
  });

  it('writes a stop-out report: the levels at the trigger and each step in order', async () => {
    const thin = await trader('1200');
    const pending = await order(thin, 1, { price: '1.07000', lots: '0.01' });
    const lost = await order(thin, 1);
    tick('EURUSD', '1.08000');
    await settled();
    tick('EURUSD', '1.07800');
    await settled();
    expect(await status(lost.id)).toEqual({ status: STATUS_CLOSED, closed_type: CLOSED_BY_STOP_OUT });
    const reports = await handle.db.selectFrom('stopout_reports').selectAll().where('user_id', '=', thin).execute();
    expect(reports).toHaveLength(1);
    const report = JSON.parse(reports[0]!.report);
    expect(report).toMatchObject({ StopOutLevel: 50, MarginCallLevel: 100 });
    expect(report.MarginLevel).toBeLessThanOrEqual(50);
    expect(report.Steps.map((s: { OrderId: number; Action: string }) => [s.OrderId, s.Action])).toEqual([
      [pending.id, 'cancel'],
      [lost.id, 'close'],
    ]);
    expect(report.Steps[1]).toMatchObject({ Code: 'EURUSD', Price: 1.078, Quantity: '1' });
  });
});
