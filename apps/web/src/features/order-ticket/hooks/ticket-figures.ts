import { MARKET_OPEN, type TradeItem } from '@tradepad/contracts/market/constants';
import type { AccountSummary } from '@tradepad/contracts/trading/constants';
import { conversionRate, type QuoteLookup, type Rate } from '@tradepad/domain/conversion';
import { lotsCheck, lotsRange, parseLots, type LotRules, type Lots, type LotsProblem } from '@tradepad/domain/lots';
import { formatMoney, micros, parseMoney, type Micros } from '@tradepad/domain/money';
import { pointsToPrice, priceToPoints } from '@tradepad/domain/price';
import { commissionFor, freeMarginFor, typeFee } from '@tradepad/domain/account-types';
import { stopOutPrice } from '@tradepad/domain/risk';
import {
  amountInCents,
  levelAmount,
  levelAt,
  levelDistance,
  levelForAmount,
  marginShortfall,
  pipDecimals,
  pipsToPoints,
  pointsToPips,
  type StopLevelKind,
} from '@tradepad/domain/stop-distance';
import {
  closePrice,
  fillPrice,
  pendingKind,
  pipValue,
  profitLoss,
  requiredMargin,
  stopsCheck,
  tradeFee,
  type BidAsk,
  type PendingKind,
  type Side,
  type TradingTerms,
} from '@tradepad/domain/trading';
import { termsOf } from '../../../shared/trading/terms.ts';

/**
 * The order ticket's arithmetic (spec §5, §9; DESIGN §5): every figure comes from the shared domain functions the
 * engine uses, fed with the instrument's terms, the live quote and the account's figures. Nothing here rounds or
 * multiplies money on its own.
 */

export type OrderKind = 'market' | 'pending';

/** What a stop-loss or take-profit field holds (issue 20): a price, pips from the entry, or USD at risk / at target. */
export type LevelUnit = 'price' | 'pips' | 'money';

/** A price as the ticket shows and sends it: a number in the instrument's precision. */
export function toPoints(price: number, precision: number): number {
  return priceToPoints(price.toFixed(precision), precision);
}

/** Points of a price the trader typed, or null when it is not a price (empty, negative, letters). */
export function typedPoints(text: string, precision: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  try {
    return priceToPoints(trimmed, precision);
  } catch {
    return null;
  }
}

/** The instrument's lot rules: step `Pip`, minimum `ForexMinCont`, maximum `ForexMaxCont`. */
export function lotRulesOf(item: TradeItem): LotRules | null {
  try {
    const step = parseLots(item.Pip);
    if (step <= 0n) return null;
    return { step, min: parseLots(item.ForexMinCont), max: parseLots(item.ForexMaxCont) };
  } catch {
    return null;
  }
}

/** The smallest size the instrument accepts: where the stepper starts. */
export function firstLots(rules: LotRules | null): Lots | null {
  return rules ? (lotsRange(rules)?.min ?? null) : null;
}

/** Reads the lots field: the size, or why it cannot be ordered. */
export function readLots(text: string, rules: LotRules | null): { lots: Lots | null; problem: LotsProblem | 'invalid' | null } {
  let size: Lots;
  try {
    size = parseLots(text);
  } catch {
    return { lots: null, problem: 'invalid' };
  }
  if (!rules) return { lots: size, problem: null };
  const check = lotsCheck(size, rules);
  return check === 'ok' ? { lots: size, problem: null } : { lots: size, problem: check };
}

export interface TicketInput {
  item: TradeItem;
  side: Side;
  kind: OrderKind;
  lotsText: string;
  leverage: number | null;
  /** The pending order's price as typed. */
  priceText: string;
  stopLoss: { on: boolean; text: string };
  takeProfit: { on: boolean; text: string };
  /** How both levels' texts are read (price when absent). */
  levelUnit?: LevelUnit;
  /** The live bid and ask (in the instrument's precision), or undefined before any quote. */
  quote: { bid: number; ask: number } | undefined;
  /** `trade_fee_type` of the basic settings. */
  feeType: number | undefined;
  /** The account's figures; undefined when not logged in. */
  account: AccountSummary | undefined;
  /**
   * The trader's account type terms the ticket follows (issue 32, DESIGN §16): its commission per lot and side (USD
   * micros) and whether the margin fee applies; absent: the default type's (no commission, the fee charged).
   */
  accountTerms?: { commissionPerLot: Micros; feeOnMargin: boolean } | undefined;
  /** Quotes of other instruments by code, for converting a quote currency to USD. */
  lookup: QuoteLookup;
}

export type StopsProblem = 'stop_loss_invalid' | 'take_profit_invalid' | 'stop_loss_side' | 'take_profit_side';

/** One level as the ticket shows it before sending: where it is, how far, and what it means in money. */
export interface LevelFigures {
  /** The level in points; 0 when off; null when it cannot be told (unreadable, or no entry, size or rate yet). */
  points: number | null;
  /** The text is not a number in the chosen unit. */
  unreadable: boolean;
  /** Distance from the entry in pips (negative on the wrong side); null when unknown. */
  pips: number | null;
  /** USD micros lost at the stop-loss (at risk) or gained at the take-profit (at target); null when unknown. */
  amount: Micros | null;
}

export interface TicketFigures {
  lots: Lots | null;
  lotsProblem: LotsProblem | 'invalid' | null;
  /** The price the order would open at, in points: the ask or bid now, or the pending price. */
  entryPoints: number | null;
  /** For a pending order: limit or stop, as the engine will file it. */
  pendingKind: PendingKind | null;
  /** The pending price is missing or not a price. */
  priceMissing: boolean;
  /** Stop-loss and take-profit in points; 0 when off. */
  stopLossPoints: number;
  takeProfitPoints: number;
  stopLoss: LevelFigures;
  takeProfit: LevelFigures;
  stopsProblem: StopsProblem | null;
  margin: Micros | null;
  fee: Micros | null;
  /** The account type's commission for the lots shown, charged when it opens (the same again when it closes). */
  commission: Micros | null;
  pipValue: Micros | null;
  /** Where the account would be stopped out if only this position's price moved, in points. */
  stopOutPoints: number | null;
  /**
   * The account's free margin (domain freeMargin: cash less any floating loss), USD micros: the engine refuses the
   * order when margin + fee exceed it. Null when not logged in or the figures cannot be read.
   */
  freeMargin: Micros | null;
  /**
   * How far margin + fee exceed the free margin (domain marginShortfall, the engine's refusal rule): above 0 the
   * order will be refused. Null when either is unknown.
   */
  marginShort: Micros | null;
  /** Whether the market is open for trading (MarketStatus 1). */
  open: boolean;
}

/** The level context of a ticket (ticketFigures builds the same one), with `entry` where the levels are measured from. */
export function levelContextOf(
  item: TradeItem,
  side: Side,
  entry: number | null,
  lotsText: string,
  lookup: QuoteLookup,
): LevelContext {
  const precision = item.PricePrecision;
  return {
    side,
    precision,
    categoryId: item.CategoryId,
    entry,
    lots: readLots(lotsText, lotRulesOf(item)).lots,
    terms: termsOf(item),
    rateAt: (points) => conversionRate({ base: item.BaseCurrency, quote: item.QuoteCurrency, precision }, points, lookup),
  };
}

/** What resolving a level needs beyond its text. */
export interface LevelContext {
  side: Side;
  precision: number;
  /** The instrument's `CategoryId`: decides the pip's size (domain pipPoints). */
  categoryId?: number;
  /** The entry in points, or null before there is one (a pending order without its price). */
  entry: number | null;
  lots: Lots | null;
  terms: TradingTerms | null;
  /** The USD conversion for a price in points (conversionRate), undefined without a quote for it. */
  rateAt(points: number): Rate | undefined;
}

const OFF: LevelFigures = { points: 0, unreadable: false, pips: 0, amount: null };

/** A level's price from its text in `unit`: null with `unreadable` when the text is not a number in that unit. */
export function resolveLevel(
  kind: StopLevelKind,
  level: { on: boolean; text: string },
  unit: LevelUnit,
  c: LevelContext,
): { points: number | null; unreadable: boolean } {
  if (!level.on) return { points: 0, unreadable: false };
  const text = level.text.trim();
  if (unit === 'price') {
    const points = typedPoints(text, c.precision);
    return { points, unreadable: points === null };
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return { points: null, unreadable: true };
  if (c.entry === null || c.entry <= 0) return { points: null, unreadable: false };
  if (unit === 'pips') {
    let distance: number;
    try {
      distance = pipsToPoints(text, c.precision, c.categoryId);
    } catch {
      return { points: null, unreadable: true };
    }
    const points = levelAt(c.side, kind, c.entry, distance);
    return { points: points > 0 ? points : null, unreadable: false };
  }
  let amount: Micros;
  try {
    amount = parseMoney(text);
  } catch {
    return { points: null, unreadable: true };
  }
  if (!c.terms || c.lots === null || c.lots <= 0n) return { points: null, unreadable: false };
  return { points: levelForAmount(c.terms, c.side, kind, c.lots, c.entry, amount, c.rateAt), unreadable: false };
}

/** Distance and money of a level at `points` (0: off). */
export function levelFigures(kind: StopLevelKind, points: number, c: LevelContext): Pick<LevelFigures, 'pips' | 'amount'> {
  if (points <= 0 || c.entry === null || c.entry <= 0) return { pips: null, amount: null };
  const pips = pointsToPips(levelDistance(c.side, kind, c.entry, points), c.precision, c.categoryId);
  const rate = c.rateAt(points);
  const amount =
    c.terms && c.lots !== null && c.lots > 0n && rate ? levelAmount(c.terms, c.side, kind, c.lots, c.entry, points, rate) : null;
  return { pips, amount };
}

/**
 * A level at `points` written in `unit`, as its field shows it: the price in the instrument's precision, the distance
 * in pips, or the money at risk (rounded up) or at target (rounded down) to the cent; '' when it cannot be told.
 */
export function levelText(kind: StopLevelKind, points: number, unit: LevelUnit, c: LevelContext): string {
  if (!(points > 0)) return '';
  if (unit === 'price') return pointsToPrice(points, c.precision).toFixed(c.precision);
  if (c.entry === null || c.entry <= 0) return '';
  if (unit === 'pips') {
    const distance = levelDistance(c.side, kind, c.entry, points);
    return distance >= 0 ? pointsToPips(distance, c.precision, c.categoryId).toFixed(pipDecimals(c.precision, c.categoryId)) : '';
  }
  const { amount } = levelFigures(kind, points, c);
  return amount !== null && amount >= 0n ? formatMoney(amountInCents(kind, amount), 2) : '';
}

function levelOf(kind: StopLevelKind, level: { on: boolean; text: string }, unit: LevelUnit, c: LevelContext): LevelFigures {
  if (!level.on) return OFF;
  const { points, unreadable } = resolveLevel(kind, level, unit, c);
  if (points === null) return { points, unreadable, pips: null, amount: null };
  return { points, unreadable, ...levelFigures(kind, points, c) };
}

/**
 * The quote at which an order fills, in points: the market now for a market order; for a pending order the quote when
 * its price is reached (a buy fills when the ask is at its price, a sell when the bid is), the spread around it.
 */
export function quoteAtFill(kind: OrderKind, side: Side, entry: number, market: BidAsk | null, spread: number): BidAsk {
  if (kind === 'market' && market) return market;
  return side === 1 ? { ask: entry, bid: entry - spread } : { bid: entry, ask: entry + spread };
}

function money(text: string | undefined): Micros | null {
  if (text === undefined) return null;
  try {
    return parseMoney(text);
  } catch {
    return null;
  }
}

/** Everything the ticket shows before submitting, computed with the domain's rules. */
export function ticketFigures(input: TicketInput): TicketFigures {
  const { item, side, kind, quote, account } = input;
  const precision = item.PricePrecision;
  const terms = termsOf(item);
  const market =
    quote && quote.bid > 0 && quote.ask > 0 ? { bid: toPoints(quote.bid, precision), ask: toPoints(quote.ask, precision) } : null;

  let entryPoints: number | null = null;
  let kindOfPending: PendingKind | null = null;
  let priceMissing = false;
  if (kind === 'market') {
    entryPoints = market ? fillPrice(side, market) : null;
  } else {
    const typed = typedPoints(input.priceText, precision);
    priceMissing = typed === null || typed <= 0;
    entryPoints = priceMissing ? null : typed;
    if (entryPoints !== null && market) kindOfPending = pendingKind(side, entryPoints, market);
  }

  const { lots, problem: lotsProblem } = readLots(input.lotsText, lotRulesOf(item));
  const context = levelContextOf(item, side, entryPoints, input.lotsText, input.lookup);
  const rateAt = context.rateAt;
  const unit = input.levelUnit ?? 'price';
  const stopLoss = levelOf('stop_loss', input.stopLoss, unit, context);
  const takeProfit = levelOf('take_profit', input.takeProfit, unit, context);
  const sl = stopLoss.points;
  const tp = takeProfit.points;
  let stopsProblem: StopsProblem | null = stopLoss.unreadable
    ? 'stop_loss_invalid'
    : takeProfit.unreadable
      ? 'take_profit_invalid'
      : null;
  if (!stopsProblem && sl !== null && tp !== null && entryPoints !== null && market) {
    // As the engine checks them: a market order against the quote, a pending one against its own price (the
    // market it will fill in).
    const against = kind === 'market' ? market : { bid: entryPoints, ask: entryPoints };
    const check = stopsCheck(side, entryPoints, { stopLoss: sl, takeProfit: tp }, against);
    stopsProblem = check === 'ok' ? null : check;
  }

  const figures: TicketFigures = {
    lots,
    lotsProblem,
    entryPoints,
    pendingKind: kindOfPending,
    priceMissing,
    stopLossPoints: sl ?? 0,
    takeProfitPoints: tp ?? 0,
    stopLoss,
    takeProfit,
    stopsProblem,
    margin: null,
    fee: null,
    commission: null,
    pipValue: null,
    stopOutPoints: null,
    freeMargin: null,
    marginShort: null,
    open: item.MarketStatus === MARKET_OPEN,
  };
  // Free margin as the engine counts it (DESIGN §17): from the cash, per the account type's mode, credit covering a loss.
  const cash = money(account?.cash);
  const floating = money(account?.floating);
  const credit = money(account?.credit) ?? undefined;
  if (account && cash !== null && floating !== null)
    figures.freeMargin = freeMarginFor(account.free_margin_mode, { balance: cash, floating, credit });
  const type = input.accountTerms ?? { commissionPerLot: micros(0), feeOnMargin: true };
  if (lots !== null && lots > 0n) figures.commission = commissionFor(lots, type.commissionPerLot);
  if (!terms || lots === null || lots <= 0n || entryPoints === null || entryPoints <= 0) return figures;
  const rate = rateAt(entryPoints);
  if (!rate) return figures;
  figures.pipValue = pipValue(terms, lots, rate);
  const leverage = input.leverage;
  if (terms.marginMode !== 1 && !(leverage && leverage > 0)) return figures;
  const margin = requiredMargin(terms, lots, entryPoints, leverage ?? 1, rate);
  figures.margin = margin;
  if (input.feeType !== undefined) figures.fee = typeFee(type, tradeFee(terms, lots, margin, input.feeType));
  // What the opening takes besides the margin: the fee and the type's commission (the engine's refusal rule).
  const charges = figures.fee === null ? null : micros(figures.fee + (figures.commission ?? 0n));
  if (figures.freeMargin !== null && charges !== null) figures.marginShort = marginShortfall(figures.freeMargin, margin, charges);

  // The stop-out price of the account with this position in it: the fee leaves equity, the margin joins the used
  // margin, and the position starts at its closing price when it fills (the spread is its first loss). A market order
  // fills on the quote now; a pending one on the quote at its own price, so both figures are reckoned the same way
  // and a pending order at the current ask shows what a market buy does.
  const equity = money(account?.equity);
  const used = money(account?.used_margin);
  if (!account || equity === null || used === null || charges === null) return figures;
  const spread = market ? market.ask - market.bid : Number.isSafeInteger(item.Spread) ? item.Spread : 0;
  const close = closePrice(side, quoteAtFill(kind, side, entryPoints, market, Math.max(0, spread)));
  const openingLoss = profitLoss(terms, side, lots, entryPoints, close, rate);
  figures.stopOutPoints = stopOutPrice(
    { side, lots, closePrice: close },
    terms,
    rate,
    { equity: micros(equity - charges + openingLoss), usedMargin: micros(used + margin) },
    account.stop_out_level,
  );
  return figures;
}
