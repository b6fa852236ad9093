import { priceToPoints } from '@tradepad/domain';

/**
 * One LP's top of book for one symbol, from FIX market data (DESIGN §14), in our instrument's points. Pure: the feed
 * (fix-feed.ts) keeps one per session and symbol and hands the entries of each W and X here.
 */
export interface TopOfBook {
  bid?: number | undefined;
  ask?: number | undefined;
}

/** One MDEntry as it came: 269 (type), 270 (price, as text) and, in an increment, 279 (update action). */
export interface MdEntry {
  type: string | undefined;
  price: string | undefined;
  action?: string | undefined;
}

const BID = '0';
const OFFER = '1';

/** A price's text in points at `precision`, without binary floats; undefined when it is not a positive decimal. */
export function pricePoints(text: string | undefined, precision: number): number | undefined {
  if (text === undefined || !/^\d+(\.\d+)?$/.test(text.trim())) return undefined;
  try {
    const points = priceToPoints(text, precision);
    return points > 0 ? points : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A full refresh (W): the book is exactly what the snapshot holds, its best bid (highest) and best offer (lowest); a
 * side the snapshot lacks is empty. Other entry types (trades, indices) are ignored.
 */
export function snapshotBook(entries: readonly MdEntry[], precision: number): TopOfBook {
  const book: TopOfBook = {};
  for (const e of entries) {
    const p = pricePoints(e.price, precision);
    if (p === undefined) continue;
    if (e.type === BID && (book.bid === undefined || p > book.bid)) book.bid = p;
    if (e.type === OFFER && (book.ask === undefined || p < book.ask)) book.ask = p;
  }
  return book;
}

/**
 * One entry of an incremental refresh (X) on a depth-1 book: 279=0 (new) and 1 (change) set the side's price, 2
 * (delete) empties the side. An entry of another type, or with a bad price, leaves the book as it was.
 */
export function applyIncrement(book: TopOfBook, entry: MdEntry, precision: number): TopOfBook {
  const side = entry.type === BID ? 'bid' : entry.type === OFFER ? 'ask' : undefined;
  if (!side) return book;
  if (entry.action === '2') return { ...book, [side]: undefined };
  if (entry.action !== '0' && entry.action !== '1') return book;
  const p = pricePoints(entry.price, precision);
  return p === undefined ? book : { ...book, [side]: p };
}

/** The book as a two-sided quote, or undefined while a side is missing or it is crossed (bid above ask). */
export function twoSided(book: TopOfBook): { bid: number; ask: number } | undefined {
  const { bid, ask } = book;
  if (bid === undefined || ask === undefined || bid > ask) return undefined;
  return { bid, ask };
}
