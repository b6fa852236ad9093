import { MARKET_OPEN, type TradeItem } from '@tradepad/contracts/market';
import type { AccountSummary } from '@tradepad/contracts/trading';
import { conversionRate, parseRate, type QuoteLookup } from '@tradepad/domain/conversion';
import { lotsCheck, lotsRange, parseLots, type LotRules, type Lots, type LotsProblem } from '@tradepad/domain/lots';
import { micros, parseMoney, type Micros } from '@tradepad/domain/money';
import { priceToPoints } from '@tradepad/domain/price';
import { freeMargin, stopOutPrice } from '@tradepad/domain/risk';
import {
  closePrice,
  fillPrice,
  pendingKind,
  pipValue,
  profitLoss,
  requiredMargin,
  stopsCheck,
  tradeFee,
  type PendingKind,
  type Side,
  type TradingTerms,
} from '@tradepad/domain/trading';

/**
 * The order ticket's arithmetic (spec §5, §9; DESIGN §5): every figure comes from the shared domain functions the
 * engine uses, fed with the instrument's terms, the live quote and the account's figures. Nothing here rounds or
 * multiplies money on its own.
 */

export type OrderKind = 'market' | 'pending';

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

/** The instrument's money terms, or null when its published terms cannot be read. */
export function termsOf(item: TradeItem): TradingTerms | null {
  try {
    return {
      precision: item.PricePrecision,
      contractSize: item.ForexContNum,
      marginMode: item.MarginMode,
      feeRate: parseRate(item.ForexFeeRate),
    };
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
  /** The live bid and ask (in the instrument's precision), or undefined before any quote. */
  quote: { bid: number; ask: number } | undefined;
  /** `trade_fee_type` of the basic settings. */
  feeType: number | undefined;
  /** The account's figures; undefined when not logged in. */
  account: AccountSummary | undefined;
  /** Quotes of other instruments by code, for converting a quote currency to USD. */
  lookup: QuoteLookup;
}

export type StopsProblem = 'stop_loss_invalid' | 'take_profit_invalid' | 'stop_loss_side' | 'take_profit_side';

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
  stopsProblem: StopsProblem | null;
  margin: Micros | null;
  fee: Micros | null;
  pipValue: Micros | null;
  /** Where the account would be stopped out if only this position's price moved, in points. */
  stopOutPoints: number | null;
  /**
   * The account's free margin (domain freeMargin: cash less any floating loss), USD micros: the engine refuses the
   * order when margin + fee exceed it. Null when not logged in or the figures cannot be read.
   */
  freeMargin: Micros | null;
  /** Whether the market is open for trading (MarketStatus 1). */
  open: boolean;
}

function levelPoints(level: { on: boolean; text: string }, precision: number): number | null {
  if (!level.on) return 0;
  return typedPoints(level.text, precision);
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
  const { lots, problem: lotsProblem } = readLots(input.lotsText, lotRulesOf(item));
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

  const sl = levelPoints(input.stopLoss, precision);
  const tp = levelPoints(input.takeProfit, precision);
  let stopsProblem: StopsProblem | null = sl === null ? 'stop_loss_invalid' : tp === null ? 'take_profit_invalid' : null;
  if (!stopsProblem && entryPoints !== null && market) {
    // As the engine checks them: a market order against the quote, a pending one against its own price (the
    // market it will fill in).
    const against = kind === 'market' ? market : { bid: entryPoints, ask: entryPoints };
    const check = stopsCheck(side, entryPoints, { stopLoss: sl ?? 0, takeProfit: tp ?? 0 }, against);
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
    stopsProblem,
    margin: null,
    fee: null,
    pipValue: null,
    stopOutPoints: null,
    freeMargin: null,
    open: item.MarketStatus === MARKET_OPEN,
  };
  const balance = money(account?.balance);
  const floating = money(account?.floating);
  if (balance !== null && floating !== null) figures.freeMargin = freeMargin({ balance, floating });
  if (!terms || lots === null || lots <= 0n || entryPoints === null || entryPoints <= 0) return figures;
  const rate = conversionRate({ base: item.BaseCurrency, quote: item.QuoteCurrency, precision }, entryPoints, input.lookup);
  if (!rate) return figures;
  figures.pipValue = pipValue(terms, lots, rate);
  const leverage = input.leverage;
  if (terms.marginMode !== 1 && !(leverage && leverage > 0)) return figures;
  const margin = requiredMargin(terms, lots, entryPoints, leverage ?? 1, rate);
  figures.margin = margin;
  if (input.feeType !== undefined) figures.fee = tradeFee(terms, lots, margin, input.feeType);

  // The stop-out price of the account with this position in it: the fee leaves equity, the margin joins the used
  // margin, and a market position starts at its closing price (the spread is its first loss).
  const equity = money(account?.equity);
  const used = money(account?.used_margin);
  if (!account || equity === null || used === null || figures.fee === null) return figures;
  const close = kind === 'market' && market ? closePrice(side, market) : entryPoints;
  const openingLoss = profitLoss(terms, side, lots, entryPoints, close, rate);
  figures.stopOutPoints = stopOutPrice(
    { side, lots, closePrice: close },
    terms,
    rate,
    { equity: micros(equity - figures.fee + openingLoss), usedMargin: micros(used + margin) },
    account.stop_out_level,
  );
  return figures;
}
