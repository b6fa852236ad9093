import { STATUS_HOLDING, STATUS_PENDING, SUBMIT_PENDING, submitParams } from '@tradepad/contracts';
import { DEFAULT_ACCOUNT_TERMS, USD_RATE, micros, parseLots, parseMoney, type Rate, type Side } from '@tradepad/domain';
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { ManualClock } from '../../ports/clock.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { Instrument } from '../market/instrument.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TradingRefusal } from './live-book.ts';
import type { EngineInstrument, LiveOrder, PreTrade, TradingEngine } from './trading.engine.ts';
import type { TradingRepository } from './trading.repository.ts';
import { TradingService, termsOf } from './trading.service.ts';
import { testUserRow } from '../../db/user-row.testing.ts';

/** A Wednesday afternoon in London (unix ms); the engine, faked here, decides market hours. */
const NOW = Date.UTC(2026, 10, 18, 14, 0, 0);
const USER_ID = 7;

/** EUR/USD at 5 decimals, lots in steps of 0.1 from 0.1 to 50, leverage 50 or 100. */
const EURUSD: Instrument = {
  id: 1,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  category_id: 1,
  base: 'EUR',
  quote: 'USD',
  precision: 5,
  contract_size: 100_000,
  lot_step: '0.1',
  min_lots: '0.1',
  max_lots: '50',
  spread_points: 10,
  fee_rate: '0',
  margin_mode: 0,
  leverages: [50, 100],
  hours: { timeZone: 'UTC', sessions: [], rollover: 0 },
  start_price: '1.08500',
  enabled: 1,
  sort: 1,
  close_only: 0,
  swap_long: '0',
  swap_short: '0',
  swap_triple_day: 3,
  pricing: 'fixed',
  markup_points: 0,
  hedge_mode: 'none',
  hedge_threshold_lots: '0',
  hedge_tolerance: 0,
  names_json: null,
};

const user = (over: Partial<UserRow> = {}): UserRow => testUserRow({ id: USER_ID, created_at: NOW, updated_at: NOW, ...over });

const TYPE_TERMS = { ...DEFAULT_ACCOUNT_TERMS, marginCallLevel: 80 };

/** The quote the fake engine shows: bid 1.08500, ask 1.08510, in points. */
const QUOTE = { bid: 108_500, ask: 108_510, time: NOW, sourceBid: 108_500, sourceAsk: 108_510, source: 'sim' };

/**
 * The engine as the service sees it: one instrument, a pre-trade snapshot a test can change, and orders kept in a map.
 * `placed` records what the service asked it to open, so a test reads the margin, fee and levels it computed.
 */
function fakeEngine(row: Instrument = EURUSD) {
  const inst: EngineInstrument = { row, terms: termsOf(row), scale: 10 ** row.precision };
  const orders = new Map<number, LiveOrder>();
  const placed: Array<Parameters<TradingEngine['place']>[0]> = [];
  const calls = { close: 0, closePart: 0, reprice: 0, cancel: 0 };
  const state = {
    inst,
    orders,
    placed,
    calls,
    /** What the next pre-trade snapshot says: the engine's refusal (market closed…), the USD rate, margin call. */
    refusal: null as TradingRefusal | null,
    rate: USD_RATE as Rate | undefined,
    marginCall: false,
    snapshot(side: Side, orderPrice: number): PreTrade {
      if (state.refusal) return { refusal: state.refusal };
      const entry = orderPrice > 0 ? orderPrice : side === 1 ? QUOTE.ask : QUOTE.bid;
      return { refusal: null, quote: QUOTE, entry, rate: state.rate, marginCall: state.marginCall };
    },
    /** Holds an order in the engine's memory, as an open position unless told otherwise. */
    hold(over: Partial<LiveOrder> = {}): LiveOrder {
      const o: LiveOrder = {
        id: 100 + orders.size,
        userId: USER_ID,
        demo: false,
        inst,
        side: 1,
        status: STATUS_HOLDING,
        kind: 'market',
        lots: parseLots('0.2'),
        leverage: 100,
        orderPrice: QUOTE.ask,
        openPrice: QUOTE.ask,
        stopLoss: 0,
        takeProfit: 0,
        margin: parseMoney('217.02'),
        fee: micros(0),
        createdAt: NOW,
        openedAt: NOW,
        trailingDistance: 0,
        expireAt: 0,
        stopLimitPrice: 0,
        receipt: null,
        swap: micros(0),
        commission: micros(0),
        copyOf: 0,
        busy: false,
        unitsF: 20_000,
        ...over,
      };
      orders.set(o.id, o);
      return o;
    },
  };
  const engine = {
    refreshSettings: () => undefined,
    instrument: (id: number) => (id === row.id ? inst : undefined),
    preTrade: (_userId: number, _inst: EngineInstrument, side: Side, orderPrice: number) => state.snapshot(side, orderPrice),
    refusal: () => null,
    account: () => ({ cash: parseMoney('1000'), orders }),
    figures: () => ({ balance: parseMoney('10000'), floating: micros(0) }),
    floating: (o: LiveOrder) => ({ price: o.openPrice, profit: micros(0) }),
    floatingQuote: () => ({ bid: QUOTE.bid, ask: QUOTE.ask }),
    ownQuote: () => ({ bid: QUOTE.bid, ask: QUOTE.ask }),
    // Everyone on one account type's terms (DESIGN §16): today's default, but margin call at 80 %.
    accountFor: () => Promise.resolve({ terms: TYPE_TERMS }),
    termsOf: () => TYPE_TERMS,
    order: (id: number) => orders.get(id),
    async place(input: Parameters<TradingEngine['place']>[0]): Promise<LiveOrder> {
      placed.push(input);
      // The order as the engine would hold it: the input's fields, without the receipt's source and the price seen.
      const { receipt: _receipt, seen: _seen, ...fields } = input;
      return state.hold({ ...fields, status: input.kind === 'market' ? STATUS_HOLDING : STATUS_PENDING });
    },
    async close(o: LiveOrder) {
      calls.close += 1;
      return { order: o, exitPrice: QUOTE.bid, profit: micros(0), closedType: 1 };
    },
    async closePart() {
      calls.closePart += 1;
      return undefined;
    },
    async reprice() {
      calls.reprice += 1;
      return true;
    },
    async cancel() {
      calls.cancel += 1;
      return true;
    },
    async setStops() {
      return true;
    },
    async resetDemo() {},
  };
  return { engine, state };
}

/** The service on the fake engine; stored orders are looked up in `stored` (none by default). */
function service(opts: { row?: Instrument; stored?: Record<number, { id: number }> } = {}) {
  const { engine, state } = fakeEngine(opts.row);
  const levels: Record<string, number> = { trade_fee_type: 1, margin_call_level: 80, stop_out_level: 50 };
  const settings = { int: async (key: string) => levels[key] ?? 0 };
  const repo = { orderOf: async (_userId: number, id: number) => opts.stored?.[id] };
  const trading = new TradingService({
    engine: engine as unknown as TradingEngine,
    repo: repo as unknown as TradingRepository,
    ledger: {} as LedgerRepository,
    settings: settings as unknown as SettingsService,
    clock: new ManualClock(NOW),
    db: {} as Parameters<LedgerRepository['balance']>[0],
  });
  return { trading, state };
}

/** A market buy of 1 lot at 1:100 unless told otherwise, parsed as the route would. */
const order = (over: Record<string, unknown> = {}) =>
  submitParams.parse({ type: 1, cont: '1', forex_id: EURUSD.id, multiple: 100, ...over });

describe('TradingService.submit', () => {
  it('opens a market buy at the ask with the margin of its size and leverage, exact to the micro', async () => {
    const { trading, state } = service();
    const result = await trading.submit(user(), order());
    const placed = state.placed[0]!;
    expect(placed).toMatchObject({ kind: 'market', side: 1, openPrice: QUOTE.ask, orderPrice: QUOTE.ask, leverage: 100 });
    expect(placed.lots).toBe(parseLots('1'));
    // 1 lot = 100 000 EUR at 1.08510, at 1:100: 1 085.10 USD.
    expect(placed.margin).toBe(parseMoney('1085.1'));
    expect(placed.receipt).toMatchObject({ bid: QUOTE.bid, ask: QUOTE.ask, time: NOW });
    expect(result.balance).toBe('1000.00');
  });

  it('places a buy below the market as a buy limit, at its own price and not yet open', async () => {
    const { trading, state } = service();
    await trading.submit(user(), order({ status: SUBMIT_PENDING, target_price: '1.08000' }));
    expect(state.placed[0]).toMatchObject({ kind: 'buy_limit', orderPrice: 108_000, openPrice: 0 });
  });

  it.each([
    ['the trader is switched off by staff', user({ trading_enabled: 0 }), order(), 'err.trading_disabled'],
    ['the instrument is unknown', user(), order({ forex_id: 99 }), 'err.instrument_unknown'],
    ['the leverage is not offered', user(), order({ multiple: 200 }), 'err.leverage_invalid'],
    ['the size is below the minimum', user(), order({ cont: '0.05' }), 'err.lots_min'],
    ['the size is above the maximum', user(), order({ cont: '60' }), 'err.lots_max'],
    ['the size is off the lot step', user(), order({ cont: '0.15' }), 'err.lots_step'],
    ['the size is zero', user(), order({ cont: '0' }), 'err.lots_invalid'],
    ['a pending order has no price', user(), order({ status: SUBMIT_PENDING }), 'err.price_required'],
    [
      'a price has more decimals than quoted',
      user(),
      order({ status: SUBMIT_PENDING, target_price: '1.080001' }),
      'err.price_precision',
    ],
    [
      'a pending order expires in the past',
      user(),
      order({ status: SUBMIT_PENDING, target_price: '1.08', expire_at: 1 }),
      'err.expiry_invalid',
    ],
    ['a buy has its stop-loss above the bid', user(), order({ stop_loss_price: '1.09000' }), 'err.stop_loss_side'],
    ['a buy has its take-profit below the ask', user(), order({ target_profit_price: '1.08000' }), 'err.take_profit_side'],
  ])('refuses when %s, and places nothing', async (_case, who, params, key) => {
    const { trading, state } = service();
    await expect(trading.submit(who, params)).rejects.toMatchObject({ key });
    expect(state.placed).toHaveLength(0);
  });

  it.each([
    ['disabled', { enabled: 0 }, 'err.instrument_disabled'],
    ['close-only', { close_only: 1 }, 'err.instrument_close_only'],
    ['without leverages', { leverages: [] }, 'err.no_leverage_config'],
  ])('refuses a new order on an instrument %s', async (_case, over, key) => {
    const { trading, state } = service({ row: { ...EURUSD, ...over } });
    await expect(trading.submit(user(), order())).rejects.toMatchObject({ key });
    expect(state.placed).toHaveLength(0);
  });

  it("passes on the engine's refusal when the market is closed", async () => {
    const { trading, state } = service();
    state.refusal = 'err.market_closed';
    await expect(trading.submit(user(), order())).rejects.toMatchObject({ key: 'err.market_closed' });
    expect(state.placed).toHaveLength(0);
  });

  it("refuses a new order in margin call, naming the account type's margin-call level", async () => {
    const { trading, state } = service();
    state.marginCall = true;
    await expect(trading.submit(user(), order())).rejects.toMatchObject({ key: 'err.margin_call', params: { level: 80 } });
  });

  it('refuses when no USD rate converts the margin (a stale cross quote)', async () => {
    const { trading, state } = service();
    state.rate = undefined;
    await expect(trading.submit(user(), order())).rejects.toMatchObject({ key: 'err.quote_stale' });
  });

  it('sets a trailing stop-loss at once behind the bid, whatever stop-loss was typed', async () => {
    const { trading, state } = service();
    await trading.submit(user(), order({ trailing_distance: '0.00200', stop_loss_price: '1.00000' }));
    expect(state.placed[0]).toMatchObject({ stopLoss: QUOTE.bid - 200, trailingDistance: 200 });
  });
});

describe('TradingService.close', () => {
  it("reads another trader's open order as missing", async () => {
    const { trading, state } = service();
    const theirs = state.hold({ userId: 99 });
    await expect(trading.close(user(), theirs.id)).rejects.toMatchObject({ key: 'err.order_unknown' });
    expect(state.calls.close).toBe(0);
  });

  it('refuses an order that is stored but no longer open as closed', async () => {
    const { trading } = service({ stored: { 555: { id: 555 } } });
    await expect(trading.close(user(), 555)).rejects.toMatchObject({ key: 'err.order_closed' });
  });

  it('refuses an order a trigger or stop-out is settling right now', async () => {
    const { trading, state } = service();
    const o = state.hold({ busy: true });
    await expect(trading.close(user(), o.id)).rejects.toMatchObject({ key: 'err.order_busy' });
  });

  it.each([
    ['more than the position', '0.4', 'err.close_part_too_large'],
    ['a size off the lot step', '0.15', 'err.lots_step'],
    ['a part whose rest is below the minimum size', '0.2', 'err.lots_min'],
    ['nothing', '0', 'err.lots_invalid'],
  ])('refuses a partial close of %s, and closes nothing', async (_case, cont, key) => {
    const { trading, state } = service({ row: { ...EURUSD, min_lots: '0.2' } });
    const o = state.hold({ lots: parseLots('0.3') });
    await expect(trading.close(user(), o.id, cont)).rejects.toMatchObject({ key });
    expect(state.calls.closePart + state.calls.close).toBe(0);
  });

  it('closes the whole position when the part named is all of it', async () => {
    const { trading, state } = service({ stored: { 100: { id: 100 } } });
    const o = state.hold({ lots: parseLots('0.2') });
    await trading.close(user(), o.id, '0.2');
    expect(state.calls).toMatchObject({ close: 1, closePart: 0 });
  });

  it('closes the positions it can and skips the busy ones when closing all', async () => {
    const { trading, state } = service();
    const free = state.hold();
    const busy = state.hold({ busy: true });
    expect(await trading.closeAll(user())).toEqual({ closed: [free.id], skipped: [busy.id] });
  });
});

describe('TradingService pending orders and demo reset', () => {
  it('refuses to move the price of an open position', async () => {
    const { trading, state } = service();
    const o = state.hold();
    await expect(trading.setPendingPrice(user(), o.id, '1.08')).rejects.toMatchObject({ key: 'err.order_not_pending' });
  });

  it('in margin call, lets a pending order move only where it holds no more margin', async () => {
    const { trading, state } = service();
    state.marginCall = true;
    // 0.2 lot at 1.08000, 1:100: 216 USD of margin; higher prices hold more.
    const o = state.hold({ status: STATUS_PENDING, kind: 'buy_limit', orderPrice: 108_000, margin: parseMoney('216') });
    await expect(trading.setPendingPrice(user(), o.id, '1.08400')).rejects.toMatchObject({ key: 'err.margin_call' });
    expect(state.calls.reprice).toBe(0);
    await trading.setPendingPrice(user(), o.id, '1.07000');
    expect(state.calls.reprice).toBe(1);
  });

  it('resets only a demo account', async () => {
    const { trading } = service();
    await expect(trading.resetDemo(user())).rejects.toMatchObject({ key: 'err.forbidden' });
    expect(await trading.resetDemo(user({ is_demo: 1 }))).toEqual({ balance: '10000.00' });
  });
});
