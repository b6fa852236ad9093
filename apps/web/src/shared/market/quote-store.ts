import type { DayMarketMessage, ForexQuotation, TradeItem } from '@tradepad/contracts/market/constants';
import { KeyedStore, type Schedule } from '../lib/keyed-store.ts';

/**
 * The day's figures of one instrument, as the app keeps them: the DAY_MARKET quotation's shape (prices in the
 * instrument's precision, `close` the last bid, `change` in percent, `time` in unix ms), less what the rows don't use.
 */
export type Quote = Omit<DayMarketMessage['quotation'], 'forex_id' | 'volume'>;

export function quoteFromItem(q: ForexQuotation): Quote {
  return {
    open: q.Open,
    high: q.High,
    low: q.Low,
    close: q.Close,
    bid: q.Bid,
    ask: q.Ask,
    change: q.Change,
    time: q.Time,
  };
}

export function quoteFromMessage(q: DayMarketMessage['quotation']): Quote {
  return {
    open: q.open,
    high: q.high,
    low: q.low,
    close: q.close,
    bid: q.bid,
    ask: q.ask,
    change: q.change,
    time: q.time,
  };
}

function sameQuote(a: Quote, b: Quote): boolean {
  return (
    a.close === b.close &&
    a.change === b.change &&
    a.bid === b.bid &&
    a.ask === b.ask &&
    a.high === b.high &&
    a.low === b.low &&
    a.open === b.open
  );
}

/**
 * Live quotes by forex id (DESIGN §9): seeded from `trade_list`, moved by `DAY_MARKET` pushes. A quote older than
 * the one held is dropped, so a trade list fetched before a push cannot set a price back. Each row subscribes to its
 * own id, so one tick re-renders one row.
 */
export class QuoteStore extends KeyedStore<number, Quote> {
  constructor(schedule?: Schedule) {
    super(schedule);
  }

  /** Keeps `quote` unless the held one is newer; no notification when nothing shown changed. */
  offer(forexId: number, quote: Quote): void {
    const held = this.get(forexId);
    if (held && (quote.time < held.time || sameQuote(held, quote))) return;
    this.set(forexId, quote);
  }

  /** Seeds every instrument of a trade list. */
  seed(items: readonly TradeItem[]): void {
    for (const item of items) {
      if (item.ForexQuotations) this.offer(item.Id, quoteFromItem(item.ForexQuotations));
    }
  }

  /** Applies a `DAY_MARKET` push; ignores anything malformed. */
  applyMessage(message: Partial<DayMarketMessage>): void {
    const q = message.quotation;
    if (!q || typeof q.forex_id !== 'number' || typeof q.close !== 'number') return;
    this.offer(q.forex_id, quoteFromMessage(q));
  }
}

/** The app's quotes. */
export const quoteStore = new QuoteStore();
