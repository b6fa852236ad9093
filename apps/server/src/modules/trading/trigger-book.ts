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
 * | price alert "above"      | bid     | bid ≥ level |
 * | price alert "below"      | bid     | bid ≤ level |
 *
 * A long closes at the bid and a short at the ask; buys fill at the ask and sells at the bid. So there are four sides:
 * (bid, at_or_below), (bid, at_or_above), (ask, at_or_below), (ask, at_or_above). Each side is a binary heap keyed
 * on the level, best (nearest to firing) first: a max-heap for at_or_below, a min-heap for at_or_above. A tick that
 * fires nothing costs four comparisons against the heads; a tick that fires k triggers costs O(k log n). No tick ever
 * scans the book.
 *
 * `crossed` returns the fired triggers most deeply crossed first (for a falling bid, the highest at_or_below level
 * first), equal levels oldest first, and takes them out of the book.
 *
 * Removal is lazy: the entry is marked dead and left in its heap (dropped when it reaches the head), and a heap is
 * rebuilt from its live entries when a removal leaves more than half of it dead, so a removal costs O(1) amortised
 * and dead entries never pile up. Likewise a fired trigger's key stays in the key index until a later `add` sweeps
 * it. `crossed` never rebuilds or sweeps, so a tick stays O(k log n) in the worst case.
 *
 * The book only answers "which triggers does this quote cross"; whether the quote may be used (stale, market
 * closed, held back as a bad tick) and what to do with a fired trigger are the engine's business.
 */

/**
 * What the trigger does when it fires: fill a pending order, close a position by its stop-loss or take-profit, move a
 * trailing stop (`trail`: the market moved far enough in the trader's favour for the stop to follow), or fire a price
 * alert (`alert`, issue 20 point 7: its `orderId` is then the alert's id).
 */
export type TriggerKind = 'open' | 'stop_loss' | 'take_profit' | 'trail' | 'alert';
/** Which side of the quote the trigger watches. */
export type QuoteSource = 'bid' | 'ask';
/** Fires when the watched price is at or below the level, or at or above it. */
export type TriggerWhen = 'at_or_below' | 'at_or_above';

export interface Trigger {
  /** Unique in the book, `${orderId}:open|sl|tp|tr|al` (see `triggerKey`). Adding the same key replaces the trigger. */
  readonly key: string;
  /** The order's id; for a price alert (`kind` alert), the alert's. */
  readonly orderId: number;
  readonly kind: TriggerKind;
  readonly source: QuoteSource;
  readonly when: TriggerWhen;
  /** Price level in points (price × 10^precision), a positive safe integer. */
  readonly level: number;
}

const KEY_SUFFIX: Record<TriggerKind, string> = {
  open: 'open',
  stop_loss: 'sl',
  take_profit: 'tp',
  trail: 'tr',
  alert: 'al',
};

/**
 * The book key of an order's trigger: `${orderId}:open`, `${orderId}:sl`, `${orderId}:tp` or `${orderId}:tr`; of a
 * price alert, `${alertId}:al` (alerts and orders number apart, the suffix keeps their keys apart).
 */
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

/**
 * The trigger that moves a trailing stop, at `level` points (domain `trailingTriggerLevel`): a long's watches the bid
 * rising to it, a short's the ask falling to it. Firing moves the stop and puts the next one in the book.
 */
export function trailTrigger(orderId: number, side: Side, level: number): Trigger {
  const kind = 'trail';
  return side === 1
    ? { key: triggerKey(orderId, kind), orderId, kind, source: 'bid', when: 'at_or_above', level }
    : { key: triggerKey(orderId, kind), orderId, kind, source: 'ask', when: 'at_or_below', level };
}

/**
 * A price alert's trigger at `level` points (issue 20 point 7): a level on the bid, not a crossing, so a bid already
 * past it fires it on the next tick. `above` fires at or above the level, `below` at or below.
 */
export function alertTrigger(alertId: number, condition: 'above' | 'below', level: number): Trigger {
  const kind = 'alert';
  return {
    key: triggerKey(alertId, kind),
    orderId: alertId,
    kind,
    source: 'bid',
    when: condition === 'above' ? 'at_or_above' : 'at_or_below',
    level,
  };
}

const PENDING_SIDES: Record<PendingKind, readonly [QuoteSource, TriggerWhen]> = {
  buy_limit: ['ask', 'at_or_below'],
  buy_stop: ['ask', 'at_or_above'],
  sell_limit: ['bid', 'at_or_above'],
  sell_stop: ['bid', 'at_or_below'],
  // A stop limit's stop: on its trigger the order becomes a limit (PendingOrders.activate), not a fill.
  buy_stop_limit: ['ask', 'at_or_above'],
  sell_stop_limit: ['bid', 'at_or_below'],
};

/**
 * The trigger of a pending order at `level` points, `pending` as the domain's `pendingKind` classified it when the order
 * was placed: buys watch the ask, sells the bid; limits fire at their level or better, stops at it or worse.
 */
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

/**
 * A binary min-heap of entries on (rank, seq). The heap itself is three typed arrays (rank, seq, slot of the entry in
 * `slots`), so a sift reads and moves numbers in contiguous memory and never chases or stores an object pointer,
 * which measured about half the cost of a pop with the entries themselves in the heap.
 */
class SideHeap {
  private ranks = new Float64Array(8);
  private seqs = new Float64Array(8);
  private ids = new Int32Array(8);
  private n = 0;
  /** Entries by slot; a popped entry's slot is reused. */
  private slots: Array<Entry | undefined> = [];
  private freeSlots: number[] = [];
  /** Dead entries still in the heap. */
  garbage = 0;

  get length(): number {
    return this.n;
  }

  /** The head's rank; only when the heap is not empty. */
  headRank(): number {
    return this.ranks[0]!;
  }

  head(): Entry | undefined {
    return this.n > 0 ? this.slots[this.ids[0]!] : undefined;
  }

  push(e: Entry): void {
    if (this.n === this.ranks.length) this.resize(2 * this.n);
    let id = this.freeSlots.pop();
    if (id === undefined) {
      id = this.slots.length;
      this.slots.push(e);
    } else {
      this.slots[id] = e;
    }
    const { ranks, seqs, ids } = this;
    const rank = e.rank;
    const seq = e.seq;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pr = ranks[p]!;
      if (pr < rank || (pr === rank && seqs[p]! < seq)) break;
      ranks[i] = pr;
      seqs[i] = seqs[p]!;
      ids[i] = ids[p]!;
      i = p;
    }
    ranks[i] = rank;
    seqs[i] = seq;
    ids[i] = id;
  }

  /** Removes the head (the heap must not be empty). */
  popHead(): void {
    const { ranks, seqs, ids } = this;
    const top = ids[0]!;
    this.slots[top] = undefined;
    this.freeSlots.push(top);
    const n = --this.n;
    if (n > 0) this.siftDown(0, ranks[n]!, seqs[n]!, ids[n]!);
  }

  /** Drops the dead entries and restores the heap order in O(n). */
  compact(): void {
    const live: Entry[] = [];
    for (let i = 0; i < this.n; i++) {
      const e = this.slots[this.ids[i]!]!;
      if (e.live) live.push(e);
    }
    this.n = live.length;
    this.slots = live;
    this.freeSlots = [];
    this.resize(Math.max(8, live.length + (live.length >> 1)));
    for (let i = 0; i < live.length; i++) {
      this.ranks[i] = live[i]!.rank;
      this.seqs[i] = live[i]!.seq;
      this.ids[i] = i;
    }
    for (let i = (live.length >> 1) - 1; i >= 0; i--) this.siftDown(i, this.ranks[i]!, this.seqs[i]!, this.ids[i]!);
    this.garbage = 0;
  }

  clear(): void {
    this.n = 0;
    this.slots = [];
    this.freeSlots = [];
    this.resize(8);
    this.garbage = 0;
  }

  private resize(capacity: number): void {
    const keep = Math.min(this.n, capacity);
    const ranks = new Float64Array(capacity);
    const seqs = new Float64Array(capacity);
    const ids = new Int32Array(capacity);
    ranks.set(this.ranks.subarray(0, keep));
    seqs.set(this.seqs.subarray(0, keep));
    ids.set(this.ids.subarray(0, keep));
    this.ranks = ranks;
    this.seqs = seqs;
    this.ids = ids;
  }

  /** Sinks the element (rank, seq, id) from slot `i` of the heap, whose old content is discarded, to its place. */
  private siftDown(i: number, rank: number, seq: number, id: number): void {
    const { ranks, seqs, ids } = this;
    const n = this.n;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let cr = ranks[c]!;
      if (c + 1 < n) {
        const rr = ranks[c + 1]!;
        if (rr < cr || (rr === cr && seqs[c + 1]! < seqs[c]!)) {
          c++;
          cr = rr;
        }
      }
      if (rank < cr || (rank === cr && seq < seqs[c]!)) break;
      ranks[i] = cr;
      seqs[i] = seqs[c]!;
      ids[i] = ids[c]!;
      i = c;
    }
    ranks[i] = rank;
    seqs[i] = seq;
    ids[i] = id;
  }
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

/** The quote limit a side's ranks are compared with: an entry fires when its rank is ≤ this. */
const limitFor = (side: number, bid: number, ask: number): number => {
  const price = side < 2 ? bid : ask;
  return side % 2 === 0 ? -price : price;
};

/** Counts for diagnostics. */
export interface TriggerBookStats {
  /** Live triggers (`size`). */
  live: number;
  /** Entries held by the heaps: live ones plus removed ones awaiting compaction. */
  stored: number;
  /** Keys of fired triggers still in the key index, awaiting a sweep. */
  firedKeys: number;
}

/** The key index is swept of fired keys once they outnumber the live ones and this many. */
const SWEEP_FIRED_KEYS_AT = 1024;

export class TriggerBook implements Iterable<Trigger> {
  /**
   * Every live trigger by key, plus the entries of fired triggers (live = false): `crossed` leaves their keys here,
   * because deleting from a large Map costs a few cache misses per trigger, which was most of the cost of a tick that
   * fires many. `add` sweeps them out in one pass once there are more than `sweepAt` and than the live ones.
   */
  private readonly byKey = new Map<string, Entry>();
  /** Indexed like SIDES. */
  private readonly sides = SIDES.map(() => new SideHeap());
  private seq = 0;
  private live = 0;
  private firedKeys = 0;

  /** `sweepAt`: see `byKey`; smaller only in tests, to exercise the sweep. */
  constructor(private readonly sweepAt = SWEEP_FIRED_KEYS_AT) {}

  /** Live triggers in the book. */
  get size(): number {
    return this.live;
  }

  has(key: string): boolean {
    return this.byKey.get(key)?.live === true;
  }

  get(key: string): Trigger | undefined {
    const entry = this.byKey.get(key);
    return entry?.live ? entry.trigger : undefined;
  }

  /**
   * Adds a trigger, replacing any trigger with the same key (the replacement counts as newly added). O(log n), plus
   * now and then an O(n) sweep of fired keys that is O(1) amortised over the triggers fired.
   */
  add(trigger: Trigger): void {
    if (!Number.isSafeInteger(trigger.level) || trigger.level <= 0) {
      throw new RangeError(`trigger ${trigger.key}: level must be a positive integer of points, got ${trigger.level}`);
    }
    const side = sideIndex(trigger.source, trigger.when);
    const old = this.byKey.get(trigger.key);
    if (old?.live) this.discard(old);
    else if (old) this.firedKeys--;
    const rank = trigger.when === 'at_or_below' ? -trigger.level : trigger.level;
    const entry: Entry = { trigger, rank, seq: this.seq++, side, live: true };
    this.byKey.set(trigger.key, entry);
    this.live++;
    this.sides[side]!.push(entry);
    if (this.firedKeys > this.sweepAt && this.firedKeys > this.live) this.sweepFiredKeys();
  }

  /** Removes the trigger with this key; false when there was none (or it has fired). O(1) amortised. */
  remove(key: string): boolean {
    const entry = this.byKey.get(key);
    if (!entry) return false;
    this.byKey.delete(key);
    if (!entry.live) {
      this.firedKeys--;
      return false;
    }
    this.discard(entry);
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
      const heap = this.sides[s]!;
      const limit = limitFor(s, bid, ask);
      // Negated so that a NaN quote fires nothing.
      if (heap.length === 0 || !(heap.headRank() <= limit)) continue;
      let any = false;
      do {
        const head = heap.head()!;
        heap.popHead();
        if (head.live) {
          head.live = false;
          this.live--;
          this.firedKeys++;
          (fired ??= []).push(head);
          any = true;
        } else {
          heap.garbage--;
        }
      } while (heap.length > 0 && heap.headRank() <= limit);
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
    const heap = this.sides[sideIndex(source, when)]!;
    let head = heap.head();
    while (head !== undefined && !head.live) {
      heap.popHead();
      heap.garbage--;
      head = heap.head();
    }
    return head?.trigger;
  }

  clear(): void {
    this.byKey.clear();
    for (const heap of this.sides) heap.clear();
    this.live = 0;
    this.firedKeys = 0;
  }

  stats(): TriggerBookStats {
    let stored = 0;
    for (const heap of this.sides) stored += heap.length;
    return { live: this.live, stored, firedKeys: this.firedKeys };
  }

  /** Live triggers in no particular order. */
  *[Symbol.iterator](): Iterator<Trigger> {
    for (const entry of this.byKey.values()) if (entry.live) yield entry.trigger;
  }

  /** Marks a live entry dead where it lies in its heap; rebuilds the heap once more than half of it is dead. */
  private discard(entry: Entry): void {
    entry.live = false;
    this.live--;
    const heap = this.sides[entry.side]!;
    heap.garbage++;
    if (heap.garbage * 2 > heap.length) heap.compact();
  }

  private sweepFiredKeys(): void {
    for (const [key, entry] of this.byKey) if (!entry.live) this.byKey.delete(key);
    this.firedKeys = 0;
  }
}
