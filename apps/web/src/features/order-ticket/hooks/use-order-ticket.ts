import { useMemo, useState } from 'react';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { ORDER_BUY, SUBMIT_MARKET, SUBMIT_PENDING, type OrderSide } from '@tradepad/contracts/trading/constants';
import type { SubmitParams } from '@tradepad/contracts/trading/params';
import type { QuoteLookup } from '@tradepad/domain/conversion';
import { canStepDown, canStepUp, formatLots, parseLots, stepLots, type Lots } from '@tradepad/domain/lots';
import { parseMoney } from '@tradepad/domain/money';
import { pointsToPrice } from '@tradepad/domain/price';
import { defaultStopDistance, levelAt, levelDistance, type StopLevelKind } from '@tradepad/domain/stop-distance';
import { fillPrice, pipPoints, type PendingType } from '@tradepad/domain/trading';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { useBasicInfo } from '../../../shared/api/basic-info.api.ts';
import { quoteStore } from '../../../shared/market/quote-store.ts';
import { useQuote } from '../../../shared/market/use-quote.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { initialDeviation, parseDeviation, rememberDeviation } from './deviation.ts';
import { expireAtFor, type ExpiryChoice } from './expiry.ts';
import {
  firstLots,
  levelContextOf,
  levelText,
  lotRulesOf,
  readLots,
  resolveLevel,
  ticketFigures,
  toPoints,
  typedPoints,
  type LevelUnit,
  type OrderKind,
  type TicketFigures,
} from './ticket-figures.ts';
import { recallTicket, rememberTicket } from './ticket-memory.ts';
import { pendingTypeProblem } from './pending-type.ts';

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
 * of its category (domain pipPoints: 10 points on EURUSD, a dollar on BTCUSD, an index point on US30), so an
 * instrument quoted without a spread does not step by a cent on BTCUSD (issue 33's pip of a cent).
 */
export function priceStep(item: Pick<TradeItem, 'PricePrecision' | 'Spread' | 'CategoryId'>): number {
  return Math.max(pipPoints(item.PricePrecision, item.CategoryId), Number.isSafeInteger(item.Spread) ? item.Spread : 0);
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
  const userId = useUserStore((s) => (s.loggedIn ? s.profile?.id : undefined));
  const account = useAccountSummary().data;
  const feeType = useBasicInfo().data?.trade_fee_type;
  // The trader's account type (issue 32): its commission and fee waiver enter the figures before sending.
  const accountType = useUserStore((s) => (s.loggedIn ? s.profile?.account_type : undefined));
  const accountTerms = useMemo(
    () =>
      accountType
        ? { commissionPerLot: parseMoney(accountType.commission_per_lot), feeOnMargin: accountType.fee_on_margin }
        : undefined,
    [accountType],
  );
  const quote = useQuote(item.Id);
  const rules = useMemo(() => lotRulesOf(item), [item]);
  const leverages = useMemo(() => item.HasForexMultiple.map((o) => o.Value).filter((v) => v > 0), [item]);

  // The trade screen mounts a new ticket per instrument (keyed): it starts from the lots and leverage this user last
  // chose on it, where the instrument still accepts them (issue 20 point 4).
  const [memory] = useState(() => recallTicket(userId, item.Id));
  const [side, setSideState] = useState<OrderSide>(ORDER_BUY);
  const [kind, setKind] = useState<OrderKind>('market');
  const [lotsText, setLotsText] = useState(() => {
    if (memory.lots !== undefined && readLots(memory.lots, rules).problem === null) return memory.lots;
    const first = firstLots(rules);
    return first === null ? item.ForexMinCont : formatLots(first);
  });
  const [leverage, setLeverageState] = useState<number | null>(() =>
    memory.leverage !== undefined && leverages.includes(memory.leverage) ? memory.leverage : (leverages[0] ?? null),
  );
  const [priceText, setPriceText] = useState('');
  // Issue 33: the pending order's named type, and a stop limit's limit (its price field is then the stop).
  const [pendingType, setPendingType] = useState<PendingType>('limit');
  const [limitText, setLimitText] = useState('');
  const stopLimit = kind === 'pending' && pendingType === 'stop_limit';
  const [stopLoss, setStopLoss] = useState<Level>({ on: false, text: '' });
  const [takeProfit, setTakeProfit] = useState<Level>({ on: false, text: '' });
  const [levelUnit, setLevelUnitState] = useState<LevelUnit>('price');
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
  const live = bid > 0 && ask > 0 ? { bid, ask } : undefined;
  const figures: TicketFigures = ticketFigures({
    item,
    side,
    kind,
    lotsText,
    leverage,
    // A stop limit fills at its limit or better: its margin, fee and levels are reckoned there, as the engine does.
    priceText: stopLimit ? limitText : priceText,
    stopLoss,
    takeProfit,
    levelUnit,
    quote: live,
    feeType,
    account: loggedIn ? account : undefined,
    accountTerms,
    lookup,
  });

  const precision = item.PricePrecision;
  const market = live ? { bid: toPoints(live.bid, precision), ask: toPoints(live.ask, precision) } : null;
  const pendingProblem =
    kind === 'pending' ? pendingTypeProblem(side, pendingType, priceText, limitText, precision, market) : null;
  /** Where the levels are measured from: the entry, or while a pending order has no price yet the market. */
  const referenceFor = (s: OrderSide): number | null =>
    kind === 'pending' && figures.entryPoints !== null
      ? figures.entryPoints
      : market
        ? fillPrice(s, market)
        : lastClose
          ? toPoints(lastClose, precision)
          : null;
  const contextFor = (s: OrderSide) => levelContextOf(item, s, referenceFor(s), lotsText, lookup);
  const spread = market ? market.ask - market.bid : item.Spread;
  const levels = { stop_loss: [stopLoss, setStopLoss], take_profit: [takeProfit, setTakeProfit] } as const;

  /** A level where it would start: the default distance from the reference (DESIGN §12 departure), in `unit`. */
  const startText = (which: StopLevelKind, unit: LevelUnit): string => {
    const c = contextFor(side);
    if (c.entry === null) return '';
    const start = levelAt(side, which, c.entry, defaultStopDistance(c.entry, precision, spread, item.CategoryId));
    return levelText(which, start, unit, c);
  };

  /** A switch turned on starts its level at a sensible distance from the market, not at it. */
  const toggle = (which: StopLevelKind) => (on: boolean) => {
    const [level, set] = levels[which];
    set({ on, text: on && !level.text ? startText(which, levelUnit) : level.text });
  };

  /** The levels that are on, written in another unit: the same levels, the text changes. */
  const setLevelUnit = (unit: LevelUnit) => {
    if (unit === levelUnit) return;
    const c = contextFor(side);
    for (const which of ['stop_loss', 'take_profit'] as const) {
      const [level, set] = levels[which];
      if (!level.on) continue;
      const { points } = resolveLevel(which, level, levelUnit, c);
      set({ on: true, text: points ? levelText(which, points, unit, c) : startText(which, unit) });
    }
    setLevelUnitState(unit);
  };

  /**
   * Buy and sell swap sides: a level typed as a price keeps its distance from the entry on the new side (pips and
   * money are distances already), so a stop-loss stays a stop-loss.
   */
  const setSide = (next: OrderSide) => {
    if (next === side) return;
    if (levelUnit === 'price') {
      const before = contextFor(side);
      const after = contextFor(next);
      for (const which of ['stop_loss', 'take_profit'] as const) {
        const [level, set] = levels[which];
        const { points } = resolveLevel(which, level, 'price', before);
        if (!level.on || !points || before.entry === null || after.entry === null) continue;
        const distance = levelDistance(side, which, before.entry, points);
        if (distance > 0) set({ on: true, text: levelText(which, levelAt(next, which, after.entry, distance), 'price', after) });
      }
    }
    setSideState(next);
  };

  /** A level's minus or plus: a price moves by one price step; pips and money move the distance by one. */
  const nudgeLevel = (which: StopLevelKind, direction: 1 | -1) => {
    const [level, set] = levels[which];
    if (levelUnit === 'price') {
      set({ on: true, text: nudgePrice(level.text, direction, priceStep(item), precision, lastClose) });
      return;
    }
    const c = contextFor(side);
    if (c.entry === null) return;
    const { points } = resolveLevel(which, level, levelUnit, c);
    const from = points
      ? levelDistance(side, which, c.entry, points)
      : defaultStopDistance(c.entry, precision, spread, item.CategoryId);
    const distance = Math.max(0, from + direction * priceStep(item));
    set({ on: true, text: levelText(which, levelAt(side, which, c.entry, distance), levelUnit, c) });
  };

  const setLeverage = (value: number) => {
    setLeverageState(value);
    rememberTicket(userId, item.Id, { leverage: value });
  };
  /** The lots typed; a size the instrument accepts is remembered for it. */
  const changeLots = (text: string) => {
    const clean = cleanDecimal(text);
    setLotsText(clean);
    if (readLots(clean, rules).problem === null) rememberTicket(userId, item.Id, { lots: clean });
  };

  let size: Lots = 0n as Lots;
  try {
    size = parseLots(lotsText);
  } catch {
    // An unreadable field steps from zero: up to the minimum.
  }
  const step = (direction: 1 | -1) => {
    if (!rules) return;
    try {
      changeLots(formatLots(stepLots(size, rules.step, direction, { min: rules.min, max: rules.max })));
    } catch {
      // The instrument admits no size at all; the field keeps what it has.
    }
  };

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
   * `sent` is the side a one-tap Buy or Sell sends (DESIGN §17), the chosen side otherwise.
   */
  const levelParam = (points: number | null) => (points ? plainPrice(pointsToPrice(points, precision), precision) : '0');
  const params = (sent: OrderSide = side): SubmitParams => ({
    type: sent,
    cont: figures.lots !== null ? formatLots(figures.lots) : lotsText,
    forex_id: item.Id,
    status: kind === 'market' ? SUBMIT_MARKET : SUBMIT_PENDING,
    target_price: stopLimit
      ? priceText
      : kind === 'pending' && figures.entryPoints !== null
        ? plainPrice(pointsToPrice(figures.entryPoints, item.PricePrecision), item.PricePrecision)
        : '0',
    pending_type: kind === 'pending' ? pendingType : undefined,
    stop_limit_price: stopLimit && figures.entryPoints !== null ? levelParam(figures.entryPoints) : '0',
    stop_loss_price: levelParam(figures.stopLoss.points),
    target_profit_price: levelParam(figures.takeProfit.points),
    multiple: leverage ?? 0,
    price_seen: kind === 'market' ? plainPrice(sent === ORDER_BUY ? ask : bid, item.PricePrecision) : '0',
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
    setLotsText: changeLots,
    canLess: rules !== null && canStepDown(size, rules.step, rules.min),
    canMore: rules !== null && canStepUp(size, rules.step, rules.max),
    step,
    rules,
    leverages,
    leverage,
    setLeverage,
    priceText,
    setPriceText: (text: string) => setPriceText(cleanDecimal(text)),
    pendingType,
    setPendingType,
    limitText,
    setLimitText: (text: string) => setLimitText(cleanDecimal(text)),
    /** Why the named pending order cannot go as typed (a ticket.problem key), or null. */
    pendingProblem,
    stopLoss,
    setStopLossText: (text: string) => setStopLoss((l) => ({ ...l, text: cleanDecimal(text) })),
    toggleStopLoss: toggle('stop_loss'),
    takeProfit,
    setTakeProfitText: (text: string) => setTakeProfit((l) => ({ ...l, text: cleanDecimal(text) })),
    toggleTakeProfit: toggle('take_profit'),
    levelUnit,
    setLevelUnit,
    nudgeLevel,
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
