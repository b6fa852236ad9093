import { adverseSlippage, pointsToPrice, type Side } from '@tradepad/domain';
import type { ReceiptView } from '@tradepad/contracts';

/**
 * A fill's execution receipt as stored with the order (issue 20, DESIGN §12), in points and milliseconds: the quote at
 * the fill, the price filled at, the price the trader saw at the tap (market orders with `price_seen`) or the order's
 * level (pending orders), and the latency from the request (or the triggering quote) to the fill.
 */
export interface Receipt {
  bid: number;
  ask: number;
  /** The quote's time, unix ms. */
  time: number;
  fill: number;
  /** 0 when the trader sent no `price_seen`. */
  seen: number;
  latency: number;
}

export const receiptText = (r: Receipt): string => JSON.stringify(r);

export function parseReceipt(text: string | null | undefined): Receipt | null {
  if (!text) return null;
  try {
    const r = JSON.parse(text) as Partial<Receipt>;
    if (typeof r.bid !== 'number' || typeof r.fill !== 'number') return null;
    return { bid: r.bid, ask: r.ask ?? 0, time: r.time ?? 0, fill: r.fill, seen: r.seen ?? 0, latency: r.latency ?? 0 };
  } catch {
    return null;
  }
}

/** The receipt as the API shows it: prices in the instrument's precision, slippage positive when worse for the trader. */
export function receiptView(text: string | null | undefined, side: Side, precision: number): ReceiptView | null {
  const r = parseReceipt(text);
  if (!r) return null;
  const px = (points: number) => pointsToPrice(points, precision);
  return {
    QuoteBid: px(r.bid),
    QuoteAsk: px(r.ask),
    QuoteTime: r.time,
    FillPrice: px(r.fill),
    PriceSeen: px(r.seen),
    Slippage: r.seen > 0 ? px(adverseSlippage(side, r.fill, r.seen)) : 0,
    Spread: px(r.ask - r.bid),
    LatencyMs: Math.max(0, Math.round(r.latency)),
  };
}
