import { adverseSlippage, pointsToPrice, type Side } from '@tradepad/domain';
import type { ReceiptView } from '@tradepad/contracts';

/**
 * The quote a fill is made on, in points: the published bid and ask it fills at (the same for everyone) and the
 * source's own quote they were priced from (DESIGN §14).
 */
export interface ReceiptQuote {
  bid: number;
  ask: number;
  /** The quote's time, unix ms. */
  time: number;
  sourceBid: number;
  sourceAsk: number;
  /** The feed that quoted it: `sim`, `replay` or an LP session's name ('' when not known). */
  source: string;
}

/**
 * A fill's execution receipt as stored with the order (issue 20, DESIGN §12, §14), in points and milliseconds: the
 * quote at the fill with its source's own bid and ask, the price filled at, the price the trader saw at the tap (market
 * orders with `price_seen`) or the order's level (pending orders), and the latency from the request (or the triggering
 * quote) to the fill.
 */
export interface Receipt extends ReceiptQuote {
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
    const ask = r.ask ?? 0;
    // Receipts written before the source was kept (issue 31) had one price source: their published quote.
    return {
      bid: r.bid,
      ask,
      time: r.time ?? 0,
      sourceBid: r.sourceBid ?? r.bid,
      sourceAsk: r.sourceAsk ?? ask,
      source: r.source ?? '',
      fill: r.fill,
      seen: r.seen ?? 0,
      latency: r.latency ?? 0,
    };
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
    Source: r.source,
    SourceBid: px(r.sourceBid),
    SourceAsk: px(r.sourceAsk),
  };
}
