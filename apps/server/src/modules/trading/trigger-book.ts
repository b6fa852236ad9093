import type { PendingKind, Side } from '@tradepad/domain';

/**
 * The execution engine's in-memory trigger book, one per instrument (DESIGN §5). Every pending order, stop-loss and
 * take-profit is a trigger: a level in points on one side of the quote that fires when the market reaches it.
 *
 * Which side of the quote each trigger watches (the only place this mapping is written down):
 *
 * | order                    | watches | fires when  |
 * |--------------------------|---------|-------------|
 * | long (buy) stop-loss     | bid     | bid ≤ level |
 * | long (buy) take-profit   | bid     | bid ≥ level |
 * | short (sell) stop-loss   | ask     | ask ≥ level |
 * | short (sell) take-profit | ask     | ask ≤ level |
 * | buy limit                | ask     | ask ≤ level |
 * | buy stop                 | ask     | ask ≥ level |
 * | sell limit               | bid     | bid ≥ level |
 * | sell stop                | bid     | bid ≤ level |
 *
 * A long closes at the bid and a short at the ask; buys fill at the ask and sells at the bid. So there are four sides:
 * (bid, at_or_below), (bid, at_or_above), (ask, at_or_below), (ask, at_or_above). Each side is a binary heap keyed
 * on the level, best (nearest to firing) first: a max-heap for at_or_below, a min-heap for at_or_above. A tick that
 * fires nothing costs four comparisons against the heads; a tick that fires k triggers costs O(k log n). No tick ever
 * scans the book.
 *
 * Removal is lazy: the entry is marked dead and left in its heap (dropped when it reaches the head), and a heap is
 * rebuilt from its live entries when a removal leaves more than half of it dead, so a removal costs O(1) amortised
 * and dead entries never pile up. `crossed` never rebuilds, so a tick stays O(k log n) in the worst case.
 *
 * The book only answers "which triggers does this quote cross"; whether the quote may be used (stale, market
 * closed, held back as a bad tick) and what to do with a fired trigger are the engine's business.
 */

/** What the trigger does when it fires: fill a pending order, or close a position by its stop-loss or take-profit. */
export type TriggerKind = 'open' | 'stop_loss' | 'take_profit';
/** Which side of the quote the trigger watches. */
export type QuoteSource = 'bid' | 'ask';
/** Fires when the watched price is at or below the level, or at or above it. */
export type TriggerWhen = 'at_or_below' | 'at_or_above';

export interface Trigger {
  /** Unique in the book, `${orderId}:open|sl|tp` (see `triggerKey`). Adding the same key replaces the trigger. */
  readonly key: string;
  readonly orderId: number;
  readonly kind: TriggerKind;
  readonly source: QuoteSource;
  readonly when: TriggerWhen;
  /** Price level in points (price × 10^precision), a positive safe integer. */
  readonly level: number;
}

const KEY_SUFFIX: Record<TriggerKind, string> = { open: 'open', stop_loss: 'sl', take_profit: 'tp' };

/** The book key of an order's trigger: `${orderId}:open`, `${orderId}:sl` or `${orderId}:tp`. */
export const triggerKey = (orderId: number, kind: TriggerKind): string => `${orderId}:${KEY_SUFFIX[kind]}`;

/** The trigger of a position's stop-loss at `level` points: a long's watches the bid falling, a short's the ask rising. */
export function stopLossTrigger(orderId: number, side: Side, level: number): Trigger {
  const kind = 'stop_loss';
  return side === 1
    ? { key: triggerKey(orderId, kind), orderId, kind, source: 'bid', when: 'at_or_below', level }
    : { key: triggerKey(orderId, kind), orderId, kind, source: 'ask', when: 'at_or_above', level };
}

/** The trigger of a position's take-profit at `level` points: a long's watches the bid rising, a short's the ask falling. */
export function takeProfitTrigger(orderId: number, side: Side, level: number): Trigger {
  const kind = 'take_profit';
  return side === 1
    ? { key: triggerKey(orderId, kind), orderId, kind, source: 'bid', when: 'at_or_above', level }
    : { key: triggerKey(orderId, kind), orderId, kind, source: 'ask', when: 'at_or_below', level };
}

const PENDING_SIDES: Record<PendingKind, readonly [QuoteSource, TriggerWhen]> = {
  buy_limit: ['ask', 'at_or_below'],
  buy_stop: ['ask', 'at_or_above'],
  sell_limit: ['bid', 'at_or_above'],
  sell_stop: ['bid', 'at_or_below'],
};

/** The trigger of a pending order at `level` points: buys watch the ask, sells the bid; limits fire at their level or better. */
export function pendingOrderTrigger(orderId: number, pending: PendingKind, level: number): Trigger {
  const [source, when] = PENDING_SIDES[pending];
  return { key: triggerKey(orderId, 'open'), orderId, kind: 'open', source, when, level };
}

/** One stored trigger. `rank` orders a side's heap ascending: −level for at_or_below, level for at_or_above. */
interface Entry {
  readonly trigger: Trigger;
  readonly rank: number;
  /** Insertion order: among equal levels the older trigger fires first. */
  readonly seq: number;
  readonly side: number;
  live: boolean;
}

interface HeapSide {
  readonly source: QuoteSource;
  readonly when: TriggerWhen;
  heap: Entry[];
  /** Dead entries still in `heap`. */
  garbage: number;
}

const SIDES: ReadonlyArray<readonly [QuoteSource, TriggerWhen]> = [
  ['bid', 'at_or_below'],
  ['bid', 'at_or_above'],
  ['ask', 'at_or_below'],
  ['ask', 'at_or_above'],
];

function sideIndex(source: QuoteSource, when: TriggerWhen): number {
  const i = SIDES.findIndex(([s, w]) => s === source && w === when);
  if (i < 0) throw new RangeError(`not a trigger side: ${String(source)} ${String(when)}`);
  return i;
}

const before = (a: Entry, b: Entry): boolean => a.rank < b.rank || (a.rank === b.rank && a.seq < b.seq);

function siftUp(heap: Entry[], i: number): void {
  const e = heap[i]!;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const p = heap[parent]!;
    if (!before(e, p)) break;
    heap[i] = p;
    i = parent;
  }
  heap[i] = e;
}

function siftDown(heap: Entry[], i: number): void {
  const n = heap.length;
  const e = heap[i]!;
  for (;;) {
    const l = 2 * i + 1;
    if (l >= n) break;
    const r = l + 1;
    let c = l;
    let child = heap[l]!;
    if (r < n) {
      const right = heap[r]!;
      if (before(right, child)) {
        c = r;
        child = right;
      }
    }
    if (!before(child, e)) break;
    heap[i] = child;
    i = c;
  }
  heap[i] = e;
}

function popHead(heap: Entry[]): void {
  const last = heap.pop()!;
  if (heap.length > 0) {
    heap[0] = last;
    siftDown(heap, 0);
  }
}

/** The quote limit a side's ranks are compared with: an entry fires when its rank is ≤ this. */
const limitFor = (side: number, bid: number, ask: number): number => {
  const price = side < 2 ? bid : ask;
  return side % 2 === 0 ? -price : price;
};

/** Live and stored entry counts, for diagnostics: `stored − live` is garbage awaiting compaction. */
export interface TriggerBookStats {
  live: number;
  stored: number;
}

export class TriggerBook implements Iterable<Trigger> {
  private readonly byKey = new Map<string, Entry>();
  private readonly sides: HeapSide[] = SIDES.map(([source, when]) => ({ source, when, heap: [], garbage: 0 }));
  private seq = 0;

  /** Live triggers in the book. */
  get size(): number {
    return this.byKey.size;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  get(key: string): Trigger | undefined {
    return this.byKey.get(key)?.trigger;
  }

  /** Adds a trigger, replacing any trigger with the same key (the replacement counts as newly added). O(log n). */
  add(trigger: Trigger): void {
    if (!Number.isSafeInteger(trigger.level) || trigger.level <= 0) {
      throw new RangeError(`trigger ${trigger.key}: level must be a positive integer of points, got ${trigger.level}`);
    }
    const side = sideIndex(trigger.source, trigger.when);
    this.remove(trigger.key);
    const rank = trigger.when === 'at_or_below' ? -trigger.level : trigger.level;
    const entry: Entry = { trigger, rank, seq: this.seq++, side, live: true };
    this.byKey.set(trigger.key, entry);
    const heap = this.sides[side]!.heap;
    heap.push(entry);
    siftUp(heap, heap.length - 1);
  }

  /** Removes the trigger with this key; false when there was none. O(1) amortised. */
  remove(key: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry) return false;
    this.byKey.delete(key);
    entry.live = false;
    const side = this.sides[entry.side]!;
    side.garbage++;
    if (side.garbage * 2 > side.heap.length) this.compact(side);
    return true;
  }

  /**
   * Removes and returns every trigger the quote (bid and ask in points) crosses, the most deeply crossed first: by how
   * far the watched price is past the level, then by insertion. For a falling bid that is the highest at_or_below
   * level first, the order in which the market passed them. Four comparisons when nothing fires; O(k log n) when k do.
   */
  crossed(bid: number, ask: number): Trigger[] {
    let fired: Entry[] | undefined;
    let sidesFired = 0;
    for (let s = 0; s < 4; s++) {
      const side = this.sides[s]!;
      const heap = side.heap;
      const limit = limitFor(s, bid, ask);
      let head = heap[0];
      if (head === undefined || head.rank > limit) continue;
      let any = false;
      do {
        popHead(heap);
        if (head.live) {
          head.live = false;
          this.byKey.delete(head.trigger.key);
          (fired ??= []).push(head);
          any = true;
        } else {
          side.garbage--;
        }
        head = heap[0];
      } while (head !== undefined && head.rank <= limit);
      if (any) sidesFired++;
    }
    if (fired === undefined) return [];
    if (sidesFired > 1) {
      // Each side's run is already in order; only a quote crossing several sides at once needs a merge.
      const depth = (e: Entry) => limitFor(e.side, bid, ask) - e.rank;
      fired.sort((a, b) => depth(b) - depth(a) || a.seq - b.seq);
    }
    return fired.map((e) => e.trigger);
  }

  /** The live trigger nearest to firing on one side (what `crossed` would return first from it), for diagnostics. */
  peekNearest(source: QuoteSource, when: TriggerWhen): Trigger | undefined {
    const side = this.sides[sideIndex(source, when)]!;
    const heap = side.heap;
    let head = heap[0];
    while (head !== undefined && !head.live) {
      popHead(heap);
      side.garbage--;
      head = heap[0];
    }
    return head?.trigger;
  }

  clear(): void {
    this.byKey.clear();
    for (const side of this.sides) {
      side.heap = [];
      side.garbage = 0;
    }
  }

  stats(): TriggerBookStats {
    let stored = 0;
    for (const side of this.sides) stored += side.heap.length;
    return { live: this.byKey.size, stored };
  }

  /** Live triggers in no particular order. */
  *[Symbol.iterator](): Iterator<Trigger> {
    for (const entry of this.byKey.values()) yield entry.trigger;
  }

  private compact(side: HeapSide): void {
    const heap = side.heap.filter((e) => e.live);
    for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i);
    side.heap = heap;
    side.garbage = 0;
  }
}
