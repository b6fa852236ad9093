import { describe, expect, it } from 'vitest';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import type { AccountSummary } from '@tradepad/contracts/trading/constants';
import { formatLots } from '@tradepad/domain/lots';
import { formatMoney, parseMoney } from '@tradepad/domain/money';
import {
  firstLots,
  levelContextOf,
  levelText,
  lotRulesOf,
  quoteAtFill,
  readLots,
  ticketFigures,
  typedPoints,
  type TicketInput,
} from './ticket-figures.ts';

const item = (over: Partial<TradeItem>): TradeItem =>
  ({
    Id: 1,
    Code: 'EURUSD',
    ShowCode: 'EUR/USD',
    Logo: '',
    CategoryId: 1,
    MarketStatus: 1,
    PricePrecision: 5,
    Pip: '0.01',
    ForexMinCont: '0.01',
    ForexMaxCont: '50',
    ForexContNum: 100_000,
    ForexFeeRate: '3',
    MarginMode: 2,
    Spread: 10,
    BaseCurrency: 'EUR',
    QuoteCurrency: 'USD',
    HasForexMultiple: [{ Id: 1, Value: 100 }],
    Bid: 1.085,
    Ask: 1.0851,
    TimeZone: 'America/New_York',
    ...over,
  }) as TradeItem;

const account = (equity: string, used = '0.00'): AccountSummary => ({
  cash: equity,
  balance: equity,
  credit: '0.00',
  equity,
  used_margin: used,
  free_margin: equity,
  free_margin_mode: 'loss_only',
  floating: '0.00',
  margin_level: 0,
  margin_call_level: 100,
  stop_out_level: 50,
  margin_call: false,
});

const EURUSD = item({});
const input = (over: Partial<TicketInput>): TicketInput => ({
  item: EURUSD,
  side: 1,
  kind: 'market',
  lotsText: '1',
  leverage: 100,
  priceText: '',
  stopLoss: { on: false, text: '' },
  takeProfit: { on: false, text: '' },
  quote: { bid: 1.085, ask: 1.0851 },
  feeType: 1,
  account: account('2000.00'),
  lookup: () => undefined,
  ...over,
});

const usd = (m: bigint | null) => (m === null ? null : formatMoney(m as never, 6));

describe('ticketFigures', () => {
  it('a market buy fills at the ask: margin, fee per lot, pip value and the stop-out price', () => {
    const f = ticketFigures(input({}));
    expect(f.entryPoints).toBe(108510);
    expect(usd(f.margin)).toBe('1085.100000');
    expect(usd(f.fee)).toBe('3.000000');
    expect(usd(f.pipValue)).toBe('10.000000');
    // Equity 2000 − 3 fee − 10 spread = 1987 against 1085.10 margin: 50 % is reached 1444 points below the bid.
    expect(f.stopOutPoints).toBe(107056);
    expect(f.open).toBe(true);
  });

  it('a sell fills at the bid and is stopped out above the ask', () => {
    const f = ticketFigures(input({ side: 2 }));
    expect(f.entryPoints).toBe(108500);
    expect(usd(f.margin)).toBe('1085.000000');
    expect(f.stopOutPoints).toBeGreaterThan(108510);
  });

  it('charges the fee as a share of margin when trade_fee_type is not 1', () => {
    const f = ticketFigures(input({ item: item({ ForexFeeRate: '0.001' }), feeType: 2 }));
    expect(usd(f.fee)).toBe('1.085100');
  });

  it('uses a fixed margin of lots × units in margin mode 1, leverage or not', () => {
    const f = ticketFigures(input({ item: item({ MarginMode: 1, ForexContNum: 100 }), leverage: null, lotsText: '0.5' }));
    expect(usd(f.margin)).toBe('50.000000');
  });

  it('converts a quote currency through the lookup, and shows nothing without a rate', () => {
    const EURGBP = item({ Code: 'EURGBP', QuoteCurrency: 'GBP', Bid: 0.855, Ask: 0.8551 });
    const q = { bid: 0.855, ask: 0.8551 };
    expect(ticketFigures(input({ item: EURGBP, quote: q })).margin).toBeNull();
    const withGbp = ticketFigures(
      input({ item: EURGBP, quote: q, lookup: (code) => (code === 'GBPUSD' ? { bid: 127_000, precision: 5 } : undefined) }),
    );
    // 855.10 GBP at 1.27 USD.
    expect(usd(withGbp.margin)).toBe('1085.977000');
  });

  it('files a pending price as a limit or a stop, and needs the price', () => {
    expect(ticketFigures(input({ kind: 'pending', priceText: '' })).priceMissing).toBe(true);
    expect(ticketFigures(input({ kind: 'pending', priceText: '1.08000' })).pendingKind).toBe('buy_limit');
    expect(ticketFigures(input({ kind: 'pending', priceText: '1.09' })).pendingKind).toBe('buy_stop');
    expect(ticketFigures(input({ kind: 'pending', side: 2, priceText: '1.09' })).pendingKind).toBe('sell_limit');
    const pending = ticketFigures(input({ kind: 'pending', priceText: '1.08000' }));
    expect(pending.entryPoints).toBe(108000);
    expect(usd(pending.margin)).toBe('1080.000000');
  });

  it('checks stop-loss and take-profit sides; off levels are 0', () => {
    const off = ticketFigures(input({}));
    expect([off.stopLossPoints, off.takeProfitPoints, off.stopsProblem]).toEqual([0, 0, null]);
    // The default level is the last close, which a buy's stop-loss must be below.
    expect(ticketFigures(input({ stopLoss: { on: true, text: '1.08500' } })).stopsProblem).toBe('stop_loss_side');
    const good = ticketFigures(input({ stopLoss: { on: true, text: '1.08000' }, takeProfit: { on: true, text: '1.09' } }));
    expect([good.stopLossPoints, good.takeProfitPoints, good.stopsProblem]).toEqual([108000, 109000, null]);
    expect(ticketFigures(input({ takeProfit: { on: true, text: '1.08' } })).stopsProblem).toBe('take_profit_side');
    expect(ticketFigures(input({ takeProfit: { on: true, text: 'x' } })).stopsProblem).toBe('take_profit_invalid');
    // A pending buy stop above the market may keep its stop-loss above the bid, as long as it is under its price.
    const stop = ticketFigures(input({ kind: 'pending', priceText: '1.09000', stopLoss: { on: true, text: '1.08700' } }));
    expect([stop.pendingKind, stop.stopsProblem]).toEqual(['buy_stop', null]);
  });

  it('says why lots cannot be ordered', () => {
    const rules = lotRulesOf(EURUSD);
    expect(readLots('0.015', rules).problem).toBe('off_step');
    expect(readLots('0', rules).problem).toBe('not_positive');
    expect(readLots('60', rules).problem).toBe('above_max');
    expect(readLots('abc', rules).problem).toBe('invalid');
    expect(readLots(' 2.5 ', rules)).toEqual({ lots: 25_000n, problem: null });
    expect(formatLots(firstLots(lotRulesOf(item({ Pip: '1', ForexMinCont: '100', ForexMaxCont: '100000' })))!)).toBe('100');
  });

  it('shows no stop-out price without an account, and stops with a closed market flagged', () => {
    const f = ticketFigures(input({ account: undefined, item: item({ MarketStatus: 2 }) }));
    expect(f.stopOutPoints).toBeNull();
    expect(f.margin).not.toBeNull();
    expect(f.open).toBe(false);
  });

  it.each([
    // balance, floating P/L, free margin as the engine enforces it: a loss is taken off, a profit is not spendable.
    ['2000.00', '0.00', '2000.000000'],
    ['2000.00', '-250.50', '1749.500000'],
    ['2000.00', '300.00', '2000.000000'],
    ['100.00', '-250.00', '0.000000'],
  ])('shows the free margin the engine enforces: balance %s with %s floating leaves %s', (balance, floating, free) => {
    const f = ticketFigures(input({ account: { ...account(balance), floating } }));
    expect(usd(f.freeMargin)).toBe(free);
  });

  it('shows no free margin without an account', () => {
    expect(ticketFigures(input({ account: undefined })).freeMargin).toBeNull();
  });

  it('reads typed prices exactly', () => {
    expect(typedPoints('1.08505', 5)).toBe(108505);
    expect(typedPoints('95000.5', 2)).toBe(9500050);
    expect(typedPoints('-1', 2)).toBeNull();
    expect(typedPoints('', 2)).toBeNull();
  });

  it('reads a level in pips from the entry and shows its price and money (issue 20)', () => {
    // A buy of 1 lot at the ask 1.08510: 28 pips lower is 1.08230, 280 USD at risk; 40 pips higher 400 USD at target.
    const f = ticketFigures(
      input({ levelUnit: 'pips', stopLoss: { on: true, text: '28' }, takeProfit: { on: true, text: '40' } }),
    );
    expect([f.stopLoss.points, f.stopLoss.pips, usd(f.stopLoss.amount)]).toEqual([108230, 28, '280.000000']);
    expect([f.takeProfit.points, f.takeProfit.pips, usd(f.takeProfit.amount)]).toEqual([108910, 40, '400.000000']);
    expect(f.stopsProblem).toBeNull();
    // A sell measures from the bid, the other way.
    const sell = ticketFigures(input({ side: 2, levelUnit: 'pips', stopLoss: { on: true, text: '27.5' } }));
    expect(sell.stopLoss.points).toBe(108775);
  });

  it('reads a level in money: a stop-loss risks at most the amount, a take-profit reaches at least it', () => {
    const f = ticketFigures(
      input({
        lotsText: '0.1',
        levelUnit: 'money',
        stopLoss: { on: true, text: '25.05' },
        takeProfit: { on: true, text: '25.05' },
      }),
    );
    // 0.1 lot: 0.10 USD a point.
    expect([f.stopLoss.points, usd(f.stopLoss.amount)]).toEqual([108510 - 250, '25.000000']);
    expect([f.takeProfit.points, usd(f.takeProfit.amount)]).toEqual([108510 + 251, '25.100000']);
  });

  it('refuses unreadable pips or money, and waits for a pending price before placing them', () => {
    expect(ticketFigures(input({ levelUnit: 'pips', stopLoss: { on: true, text: 'x' } })).stopsProblem).toBe('stop_loss_invalid');
    const waiting = ticketFigures(input({ kind: 'pending', levelUnit: 'pips', stopLoss: { on: true, text: '20' } }));
    expect([waiting.stopLoss.points, waiting.stopsProblem]).toEqual([null, null]);
    // More pips than the price has: no such level.
    expect(ticketFigures(input({ levelUnit: 'pips', stopLoss: { on: true, text: '20000' } })).stopLoss.points).toBeNull();
  });

  it('writes a level in each unit and back', () => {
    const c = levelContextOf(EURUSD, 1, 108510, '0.1', () => undefined);
    expect(levelText('stop_loss', 108230, 'price', c)).toBe('1.08230');
    expect(levelText('stop_loss', 108230, 'pips', c)).toBe('28.0');
    expect(levelText('stop_loss', 108230, 'money', c)).toBe('28.00');
    expect(levelText('take_profit', 108230, 'pips', c)).toBe('');
    expect(levelText('stop_loss', 0, 'price', c)).toBe('');
  });

  it('warns when margin and fee exceed the free margin, as the engine refuses', () => {
    expect(usd(ticketFigures(input({})).marginShort)).toBe('0.000000');
    // 2 lots: 2170.20 margin + 6 fee against 2000.
    expect(usd(ticketFigures(input({ lotsText: '2' })).marginShort)).toBe('176.200000');
    expect(ticketFigures(input({ account: undefined, lotsText: '2' })).marginShort).toBeNull();
  });

  it('follows the account type: its commission for the lots shown, the fee it waives, both in the shortfall', () => {
    // No type (a visitor, the default type): no commission, the fee charged.
    expect(ticketFigures(input({})).commission).toBe(0n);
    const raw = { commissionPerLot: parseMoney('3.5'), feeOnMargin: false };
    const f = ticketFigures(input({ lotsText: '0.3', accountTerms: raw }));
    expect(usd(f.commission)).toBe('1.050000');
    expect(usd(f.fee)).toBe('0.000000');
    // 2 lots: 2170.20 margin + 7 commission (no fee) against 2000.
    expect(usd(ticketFigures(input({ lotsText: '2', accountTerms: raw })).marginShort)).toBe('177.200000');
    expect(ticketFigures(input({ lotsText: '', accountTerms: raw })).commission).toBeNull();
  });

  it("reckons a pending order's stop-out like a market order, from its own price with the spread", () => {
    expect(quoteAtFill('pending', 1, 108510, null, 10)).toEqual({ ask: 108510, bid: 108500 });
    expect(quoteAtFill('pending', 2, 108500, null, 10)).toEqual({ bid: 108500, ask: 108510 });
    // A pending buy at the current ask gives the market buy's figure; a sell at the bid the market sell's.
    const market = ticketFigures(input({})).stopOutPoints;
    expect(ticketFigures(input({ kind: 'pending', priceText: '1.08510' })).stopOutPoints).toBe(market);
    const marketSell = ticketFigures(input({ side: 2 })).stopOutPoints;
    expect(ticketFigures(input({ side: 2, kind: 'pending', priceText: '1.08500' })).stopOutPoints).toBe(marketSell);
    // Lower, the stop-out moves with the order's price, not with the market.
    const lower = ticketFigures(input({ kind: 'pending', priceText: '1.08010' })).stopOutPoints!;
    expect(market! - lower).toBeGreaterThan(400);
  });
});
