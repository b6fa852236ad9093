/**
 * Hedging (DESIGN §14): passing the house's risk on to a liquidity provider with IOC limit orders. What a hedge
 * order is, from a real client's fill: its side, its quantity in base units (lots × the contract size, FIX tag 38)
 * and its limit price (the client's fill price moved by the tolerance, FIX tag 44). Pure: the server stores, sends and
 * tracks the orders; prices are integer points (price.ts), sizes exact integers (lots.ts and `HedgeQty` below).
 */
import { divideRounded } from './conversion.ts';
import { LOT_SCALE, type Lots } from './lots.ts';
import type { Side } from './trading.ts';

/** Per instrument: never hedged, every real client fill hedged, or the real clients' net position kept hedged. */
export const HEDGE_MODES = ['none', 'all', 'net'] as const;
export type HedgeMode = (typeof HEDGE_MODES)[number];

/** A hedge order's life: stored (`pending`) before it is sent, then as the LP's execution reports say. */
export const HEDGE_STATUSES = ['pending', 'new', 'partial', 'filled', 'cancelled', 'rejected', 'unknown'] as const;
export type HedgeStatus = (typeof HEDGE_STATUSES)[number];

/** Statuses after which no report changes the order (an IOC's rest is cancelled by the LP at once). */
export function isFinalHedgeStatus(s: HedgeStatus): boolean {
  return s === 'filled' || s === 'cancelled' || s === 'rejected';
}

declare const qtyBrand: unique symbol;
/** A quantity in the instrument's base units as an integer count of 10⁻⁸ unit: 1 unit is 100_000_000n. */
export type HedgeQty = bigint & { readonly [qtyBrand]: true };

/** 10⁸ units of HedgeQty make one base unit. */
export const QTY_SCALE = 100_000_000n;

/** The one constructor from an integer count of 10⁻⁸ unit. */
export const hedgeQty = (value: bigint | number): HedgeQty => {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return BigInt(value) as HedgeQty;
};

/** Base units of `size` lots of an instrument whose lot is `contractSize` units (FIX OrderQty, tag 38); exact. */
export function qtyOfLots(size: Lots | bigint, contractSize: number): HedgeQty {
  if (!Number.isSafeInteger(contractSize) || contractSize <= 0) throw new RangeError(`contract size: ${contractSize}`);
  return (size * BigInt(contractSize) * (QTY_SCALE / LOT_SCALE)) as HedgeQty;
}

/** A quantity as lots of the instrument (10⁻⁸ lot, rounded half away from zero), as exact text: "1.5", "-0.01". */
export function lotsTextOfQty(q: bigint, contractSize: number): string {
  return decimalText(divideRounded(q, BigInt(contractSize), 'half_away'), 8);
}

const QTY_TEXT = /^(\d{1,15})(?:\.(\d{1,8}))?$/;

/**
 * Parses a plain decimal quantity as FIX carries it ("100000", "0.5", "1000.00"): at most 15 integer digits and 8
 * decimals. Throws RangeError on anything else ('', '-1', '1e5', '.5').
 */
export function parseQty(text: string): HedgeQty {
  const m = QTY_TEXT.exec(text.trim());
  if (!m) throw new RangeError(`not a quantity: ${text}`);
  const [, whole = '0', frac = ''] = m;
  return (BigInt(whole) * QTY_SCALE + BigInt(frac.padEnd(8, '0'))) as HedgeQty;
}

/** Prints a quantity with the fewest decimals that are exact: 100_000n × 10⁸ → '100000', 5 × 10⁷ → '0.5'. */
export function formatQty(q: bigint): string {
  return decimalText(q, 8);
}

/** An integer count of 10^−places as the shortest exact decimal text. */
function decimalText(v: bigint, places: number): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const scale = 10n ** BigInt(places);
  const whole = abs / scale;
  const frac = (abs % scale).toString().padStart(places, '0').replace(/0+$/, '');
  const text = frac ? `${whole}.${frac}` : `${whole}`;
  return negative ? `-${text}` : text;
}

/**
 * Which client fill a hedge follows (DESIGN §14: every kind is hedged alike): a market open, a pending order's
 * trigger, the trader's close or partial close, a stop-loss / take-profit / trailing trigger (`stop_close`), a
 * stop-out, the desk's close.
 */
export const CLIENT_FILL_KINDS = [
  'open',
  'pending_fill',
  'close',
  'partial_close',
  'stop_close',
  'stop_out',
  'desk_close',
] as const;
export type ClientFillKind = (typeof CLIENT_FILL_KINDS)[number];

/** A real client's fill as hedging sees it. */
export interface ClientFill {
  kind: ClientFillKind;
  /** The side of the client's position (1 long, 2 short), not of the trade. */
  positionSide: Side;
  /** The lots filled (a partial close's part). */
  lots: Lots;
  /** The fill price in points. */
  price: number;
}

/** The side of the client's trade: opening (or a pending order filling) trades the position's side, closing the other. */
export function clientTradeSide(kind: ClientFillKind, positionSide: Side): Side {
  const opens = kind === 'open' || kind === 'pending_fill';
  return opens ? positionSide : positionSide === 1 ? 2 : 1;
}

/**
 * The limit price of a hedge order in points: the client's fill price plus the tolerance for a buy, minus it for a sell
 * (the worst price the house accepts). A sell's limit never goes below one point.
 */
export function hedgeLimitPrice(side: Side, fillPoints: number, tolerancePoints: number): number {
  if (!Number.isSafeInteger(tolerancePoints) || tolerancePoints < 0) throw new RangeError(`tolerance: ${tolerancePoints}`);
  return side === 1 ? fillPoints + tolerancePoints : Math.max(1, fillPoints - tolerancePoints);
}

/** One hedge order to send. */
export interface HedgePlan {
  side: Side;
  qty: HedgeQty;
  /** The limit price in points. */
  limit: number;
}

/** An instrument's hedging terms. */
export interface HedgeTerms {
  mode: HedgeMode;
  contractSize: number;
  /** Net mode: the least difference (in lots) that sends an order; 0 sends any difference. */
  thresholdLots: Lots;
  /** Points added to a buy's limit (taken from a sell's) beyond the client's fill price. */
  tolerance: number;
}

/** Mode "all": one order per client fill, the same side as the client's trade, its lots in base units. */
export function hedgeForFill(fill: ClientFill, terms: Pick<HedgeTerms, 'contractSize' | 'tolerance'>): HedgePlan {
  const side = clientTradeSide(fill.kind, fill.positionSide);
  return { side, qty: qtyOfLots(fill.lots, terms.contractSize), limit: hedgeLimitPrice(side, fill.price, terms.tolerance) };
}

/**
 * Mode "net": the real clients' net position (long − short, lots, signed) against the position already hedged or on
 * its way (base units, signed); when they differ by at least the threshold, one order for the difference, priced from
 * the fill that moved the clients' position. Null when there is nothing to send.
 */
export function hedgeForNet(input: {
  clientNetLots: bigint;
  hedgedQty: bigint;
  fillPrice: number;
  terms: Pick<HedgeTerms, 'contractSize' | 'thresholdLots' | 'tolerance'>;
}): HedgePlan | null {
  const { terms } = input;
  const diff = qtyOfLots(input.clientNetLots, terms.contractSize) - input.hedgedQty;
  if (diff === 0n) return null;
  const size = diff < 0n ? -diff : diff;
  if (size < qtyOfLots(terms.thresholdLots, terms.contractSize)) return null;
  const side: Side = diff > 0n ? 1 : 2;
  return { side, qty: size as HedgeQty, limit: hedgeLimitPrice(side, input.fillPrice, terms.tolerance) };
}

/** A stored hedge order as the position sums read it. */
export interface HedgeOrderState {
  side: Side;
  qty: bigint;
  filledQty: bigint;
  status: HedgeStatus;
}

/**
 * The house's hedged position in base units (signed: bought − sold). `filled` counts what the LP reported filled;
 * `committed` also counts orders without a final report at their full quantity, so net mode never sends the same
 * difference twice while an order is on its way or its outcome is unknown.
 */
export function hedgedPosition(orders: Iterable<HedgeOrderState>): { filled: bigint; committed: bigint } {
  let filled = 0n;
  let committed = 0n;
  for (const o of orders) {
    const sign = o.side === 1 ? 1n : -1n;
    filled += sign * o.filledQty;
    committed += sign * (isFinalHedgeStatus(o.status) ? o.filledQty : o.qty > o.filledQty ? o.qty : o.filledQty);
  }
  return { filled, committed };
}

/**
 * A hedge order's status from an execution report's OrdStatus (FIX tag 39), or undefined for one that does not
 * change it (pending cancel or replace). Done for day and expired end an IOC like a cancel.
 */
export function hedgeStatusOfReport(ordStatus: string): HedgeStatus | undefined {
  switch (ordStatus) {
    case '0':
    case 'A':
    case '5':
    case '9':
    case 'B':
    case 'D':
    case '7':
      return 'new';
    case '1':
      return 'partial';
    case '2':
      return 'filled';
    case '3':
    case '4':
    case 'C':
      return 'cancelled';
    case '8':
      return 'rejected';
    default:
      return undefined;
  }
}
