import { useMemo, useState } from 'react';
import type { TradeItem } from '@tradepad/contracts/market';
import { ORDER_BUY, SUBMIT_MARKET, SUBMIT_PENDING, type OrderSide } from '@tradepad/contracts/trading';
import type { SubmitParams } from '@tradepad/contracts/trading-params';
import type { QuoteLookup } from '@tradepad/domain/conversion';
import { canStepDown, canStepUp, formatLots, parseLots, stepLots, type Lots } from '@tradepad/domain/lots';
import { pointsToPrice } from '@tradepad/domain/price';
import { pipPoints } from '@tradepad/domain/trading';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { useBasicInfo } from '../../../shared/api/basic-info.api.ts';
import { quoteStore } from '../../../shared/market/quote-store.ts';
import { useQuote } from '../../../shared/market/use-quote.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { initialDeviation, parseDeviation, rememberDeviation } from './deviation.ts';
import { expireAtFor, type ExpiryChoice } from './expiry.ts';
import {
  firstLots,
  lotRulesOf,
  ticketFigures,
  toPoints,
  typedPoints,
  type OrderKind,
  type TicketFigures,
} from './ticket-figures.ts';

/** A stop-loss or take-profit field: its switch and the level as typed. */
export interface Level {
  on: boolean;
  text: string;
}

/** Typed decimals with a comma (German, French…) read as a point; anything but digits and one point is dropped. */
export function cleanDecimal(text: string): string {
  const dotted = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = dotted.split('.');
  return rest.length ? `${whole}.${rest.join('')}` : whole;
}

/** A price as typed into a field: plain digits in the instrument's precision, no grouping. */
export const plainPrice = (price: number, precision: number): string => price.toFixed(precision);

/**
 * How far one tap on a price field's minus or plus moves it, in points: the instrument's spread, and at least one pip
 * (10 points at 3 or 5 decimals). A pip is a sensible step on EURUSD, the spread is one on BTCUSD, whose pip is a cent.
 */
export function priceStep(item: Pick<TradeItem, 'PricePrecision' | 'Spread'>): number {
  return Math.max(pipPoints(item.PricePrecision), Number.isSafeInteger(item.Spread) ? item.Spread : 0);
}

/** The typed price (or `fallback` while empty) moved by `steps` × `stepPoints`, never below 0. */
export function nudgePrice(
  text: string,
  steps: number,
  stepPoints: number,
  precision: number,
  fallback: number | undefined,
): string {
  const start = typedPoints(text, precision) ?? (fallback !== undefined ? toPoints(fallback, precision) : 0);
  const next = Math.max(0, start + steps * stepPoints);
  return plainPrice(pointsToPrice(next, precision), precision);
}

/** Converts other instruments' live bids for USD conversion (EURGBP's margin needs GBPUSD). */
function lookupIn(items: readonly TradeItem[]): QuoteLookup {
  const byCode = new Map(items.map((i) => [i.Code, i]));
  return (code) => {
    const other = byCode.get(code);
    if (!other) return undefined;
    const bid = quoteStore.get(other.Id)?.bid ?? other.Bid;
    if (!(bid > 0)) return undefined;
    return { bid: toPoints(bid, other.PricePrecision), precision: other.PricePrecision };
  };
}

/**
 * The order ticket's state (spec §2, §5): side, market or pending, lots on the instrument's step, leverage, the
 * stop-loss and take-profit switches, and the figures computed from them with the live quote and the account.
 */
export function useOrderTicket(item: TradeItem, items: readonly TradeItem[]) {
  const loggedIn = useUserStore((s) => s.loggedIn);
  const account = useAccountSummary().data;
  const feeType = useBasicInfo().data?.trade_fee_type;
  const quote = useQuote(item.Id);
  const rules = useMemo(() => lotRulesOf(item), [item]);
  const leverages = useMemo(() => item.HasForexMultiple.map((o) => o.Value).filter((v) => v > 0), [item]);

  const [side, setSide] = useState<OrderSide>(ORDER_BUY);
  const [kind, setKind] = useState<OrderKind>('market');
  const [lotsText, setLotsText] = useState(() => {
    const first = firstLots(rules);
    return first === null ? item.ForexMinCont : formatLots(first);
  });
  const [leverage, setLeverage] = useState<number | null>(leverages[0] ?? null);
  const [priceText, setPriceText] = useState('');
  const [stopLoss, setStopLoss] = useState<Level>({ on: false, text: '' });
  const [takeProfit, setTakeProfit] = useState<Level>({ on: false, text: '' });
  // The trade screen mounts a new ticket per instrument (keyed), so this starts from the instrument's own value.
  const [deviationText, setDeviationText] = useState(() => String(initialDeviation(item)));
  const deviation = parseDeviation(deviationText);
  // Issue 20: a trailing stop's distance (empty: none) and a pending order's expiry.
  const [trailingText, setTrailingText] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>('gtc');
  const [expiryDate, setExpiryDate] = useState('');
  const expireAt = kind === 'pending' ? expireAtFor(expiry, expiryDate, new Date()) : 0;

  const lastClose = quote?.close ?? item.ForexQuotations?.Close;
  const bid = quote?.bid ?? item.ForexQuotations?.Bid ?? item.Bid;
  const ask = quote?.ask ?? item.ForexQuotations?.Ask ?? item.Ask;
  const lookup = useMemo(() => lookupIn(items), [items]);
  const figures: TicketFigures = ticketFigures({
    item,
    side,
    kind,
    lotsText,
    leverage,
    priceText,
    stopLoss,
    takeProfit,
    quote: bid > 0 && ask > 0 ? { bid, ask } : undefined,
    feeType,
    account: loggedIn ? account : undefined,
    lookup,
  });

  let size: Lots = 0n as Lots;
  try {
    size = parseLots(lotsText);
  } catch {
    // An unreadable field steps from zero: up to the minimum.
  }
  const step = (direction: 1 | -1) => {
    if (!rules) return;
    try {
      setLotsText(formatLots(stepLots(size, rules.step, direction, { min: rules.min, max: rules.max })));
    } catch {
      // The instrument admits no size at all; the field keeps what it has.
    }
  };

  /** A switch turned on starts its level at the last close (spec §4). */
  const toggle = (set: (l: Level) => void, level: Level) => (on: boolean) =>
    set({ on, text: on && !level.text && lastClose ? plainPrice(lastClose, item.PricePrecision) : level.text });

  /** The deviation typed, digits only; a valid one is remembered for this instrument. */
  const changeDeviation = (text: string) => {
    const digits = text.replace(/\D/g, '').slice(0, 9);
    setDeviationText(digits);
    const points = parseDeviation(digits);
    if (points !== null) rememberDeviation(item.Id, points);
  };
  const stepDeviation = (direction: 1 | -1) =>
    changeDeviation(String(Math.max(0, (deviation ?? 0) + direction * priceStep(item))));

  /**
   * The call's parameters. A market order carries the price the trader sees on the side's button now, at the tap
   * (the ask for a buy, the bid for a sell), and the deviation: the engine refuses a fill worse than that by more.
   */
  const params = (): SubmitParams => ({
    type: side,
    cont: figures.lots !== null ? formatLots(figures.lots) : lotsText,
    forex_id: item.Id,
    status: kind === 'market' ? SUBMIT_MARKET : SUBMIT_PENDING,
    target_price:
      kind === 'pending' && figures.entryPoints !== null
        ? plainPrice(pointsToPrice(figures.entryPoints, item.PricePrecision), item.PricePrecision)
        : '0',
    stop_loss_price: stopLoss.on ? cleanDecimal(stopLoss.text) || '0' : '0',
    target_profit_price: takeProfit.on ? cleanDecimal(takeProfit.text) || '0' : '0',
    multiple: leverage ?? 0,
    price_seen: kind === 'market' ? plainPrice(side === ORDER_BUY ? ask : bid, item.PricePrecision) : '0',
    deviation: kind === 'market' ? (deviation ?? 0) : 0,
    trailing_distance: trailingText || '0',
    expire_at: kind === 'pending' ? (expireAt ?? 0) : 0,
  });

  return {
    loggedIn,
    account: loggedIn ? account : undefined,
    feeType,
    quote: { bid, ask, lastClose },
    side,
    setSide,
    kind,
    setKind,
    lotsText,
    setLotsText: (text: string) => setLotsText(cleanDecimal(text)),
    canLess: rules !== null && canStepDown(size, rules.step, rules.min),
    canMore: rules !== null && canStepUp(size, rules.step, rules.max),
    step,
    rules,
    leverages,
    leverage,
    setLeverage,
    priceText,
    setPriceText: (text: string) => setPriceText(cleanDecimal(text)),
    stopLoss,
    setStopLossText: (text: string) => setStopLoss((l) => ({ ...l, text: cleanDecimal(text) })),
    toggleStopLoss: toggle(setStopLoss, stopLoss),
    takeProfit,
    setTakeProfitText: (text: string) => setTakeProfit((l) => ({ ...l, text: cleanDecimal(text) })),
    toggleTakeProfit: toggle(setTakeProfit, takeProfit),
    priceStep: priceStep(item),
    deviationText,
    deviation,
    setDeviationText: changeDeviation,
    stepDeviation,
    figures,
    params,
    trailingText,
    setTrailingText: (text: string) => setTrailingText(cleanDecimal(text)),
    expiry,
    setExpiry,
    expiryDate,
    setExpiryDate,
    /** Null when the chosen date is missing or past. */
    expireAt,
  };
}

export type OrderTicketState = ReturnType<typeof useOrderTicket>;
