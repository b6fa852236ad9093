import { textFrame } from './frames.ts';
import { variantBatch, type FrameBatch, type PriceVariants } from './price-variants.ts';

/** What the fan-out needs of the gateway: who listens, which rendering each gets, and how a batch reaches a socket. */
export interface FanoutTarget<C> {
  subscribers(channel: string): ReadonlySet<C> | undefined;
  variants(): PriceVariants | undefined;
  variantOf(conn: C): number;
  /** Hands `batch` (one or more frames, in order) to the connection: one write, or conflated when it is behind. */
  deliver(conn: C, batch: FrameBatch): void;
}

/**
 * A channel's messages not yet handed to every subscriber, numbered: message `start + k` is `frames[k]`. Each
 * subscriber's position (`at`: every message before it was handed over; absent: `start`) says what it still lacks.
 */
interface ChannelLog<C> {
  start: number;
  frames: Buffer[];
  keys: Array<string | undefined>;
  messages: object[];
  at: Map<C, number>;
  /** Batches from a position to the end, per variant (`variant|from`), for the log as it is now. */
  batches: Map<string, FrameBatch>;
}

/** A pass over one channel's subscribers (a copy of them as the pass began), resumable between event-loop turns. */
interface Pass<C> {
  channel: string;
  log: ChannelLog<C>;
  conns: C[];
  next: number;
  /** The log's end when the pass began: every connection of the pass gets at least this far. */
  end: number;
  /** The renderings of the channel's messages when they vary per connection (account types' prices). */
  variants: PriceVariants | undefined;
}

/**
 * How long a scheduled pass writes before it lets the event loop turn (ms): a quote that arrives meanwhile (the rest
 * of an LP's burst, read from its socket in that turn) joins the same pass, so each socket still to be written gets
 * the whole burst in one write, instead of the burst waiting behind a pass per quote.
 */
export const FANOUT_SLICE_MS = 0.25;
/** How many sockets are written between two looks at the clock. */
const CLOCK_EVERY = 16;

/**
 * The public channels' fan-out (DESIGN §4's quotes to every subscriber). A message is serialised and framed once;
 * every subscriber gets each message once, in publication order, and as few writes as possible:
 *
 * - An idle gateway starts a pass at once (the turn's end: `setImmediate`), so a lone quote waits for nothing.
 * - Messages published in the same event-loop turn go out together: one write per socket.
 * - A pass over many sockets lets the event loop turn every FANOUT_SLICE_MS. Messages published in between join the
 *   pass: the sockets not yet written get them in the same write; the ones already written get them in the next pass.
 *   So a burst of quotes arriving while a pass runs costs one more write only for the sockets written before it came.
 *
 * `flushOutbox` does all the outstanding work at once, without yielding (tests).
 */
export class Fanout<C> {
  private readonly logs = new Map<string, ChannelLog<C>>();
  /** Channels with messages some subscriber may still lack, in the order they became so. */
  private readonly dirty = new Set<string>();
  private pass: Pass<C> | undefined;
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly target: FanoutTarget<C>,
    private readonly clock: { now(): number; sliceMs: number } = { now: () => performance.now(), sliceMs: FANOUT_SLICE_MS },
  ) {}

  /** Queues a framed message of `channel` and makes sure a pass will carry it. */
  publish(channel: string, message: object, conflateKey: string | undefined): void {
    let log = this.logs.get(channel);
    if (!log) this.logs.set(channel, (log = { start: 0, frames: [], keys: [], messages: [], at: new Map(), batches: new Map() }));
    log.frames.push(textFrame(JSON.stringify(message)));
    log.keys.push(conflateKey === undefined ? undefined : `${channel}|${conflateKey}`);
    log.messages.push(message);
    log.batches.clear();
    this.dirty.add(channel);
    this.scheduled ??= setImmediate(() => this.run());
  }

  /** Whether messages are waiting or being written (tests). */
  get busy(): boolean {
    return this.pass !== undefined || this.dirty.size > 0;
  }

  /** Does every outstanding pass now, without yielding. */
  flushOutbox(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.work(Infinity);
  }

  /** A connection no longer listens to `channel`: its position there is dropped. */
  forget(conn: C, channel: string): void {
    this.logs.get(channel)?.at.delete(conn);
  }

  clear(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.pass = undefined;
    this.dirty.clear();
    this.logs.clear();
  }

  /** The scheduled turn: a slice of work, and another turn if some is left. */
  private run(): void {
    this.scheduled = undefined;
    if (!this.work(this.clock.now() + this.clock.sliceMs)) this.scheduled ??= setImmediate(() => this.run());
  }

  /** Writes until everything is out (true) or the clock passes `deadline` (false). */
  private work(deadline: number): boolean {
    for (;;) {
      const pass = this.pass ?? this.begin();
      if (!pass) return true;
      const { log, conns, variants } = pass;
      // Who listens now: a connection that left the channel while the pass waited for its turn gets nothing more.
      const subs = this.target.subscribers(pass.channel);
      // The batch of the connection before (most connections of a pass get the same one).
      let last: { variant: number; from: number; end: number; batch: FrameBatch } | undefined;
      while (pass.next < conns.length) {
        if ((pass.next & (CLOCK_EVERY - 1)) === 0 && this.clock.now() > deadline) return false;
        const conn = conns[pass.next++]!;
        if (!subs?.has(conn)) continue;
        const end = log.start + log.frames.length;
        const from = Math.max(log.at.get(conn) ?? log.start, log.start);
        if (from >= end) continue;
        log.at.set(conn, end);
        const variant = variants ? this.target.variantOf(conn) : 0;
        if (!last || last.variant !== variant || last.from !== from || last.end !== end)
          last = { variant, from, end, batch: this.batch(pass, variant, from) };
        if (last.batch.frames.length > 0) this.target.deliver(conn, last.batch);
      }
      this.pass = undefined;
      this.finish(pass);
    }
  }

  /** The next channel's pass over its subscribers as they are now, or undefined when nothing is waiting. */
  private begin(): Pass<C> | undefined {
    for (const channel of this.dirty) {
      this.dirty.delete(channel);
      const log = this.logs.get(channel);
      const subs = this.target.subscribers(channel);
      if (!log) continue;
      if (!subs || subs.size === 0) {
        this.logs.delete(channel);
        continue;
      }
      const variants = this.target.variants();
      this.pass = {
        channel,
        log,
        conns: [...subs],
        next: 0,
        end: log.start + log.frames.length,
        variants: variants?.varies(channel) ? variants : undefined,
      };
      return this.pass;
    }
    return undefined;
  }

  /**
   * After a pass: with no message published meanwhile every subscriber has the whole log, which is dropped; otherwise
   * the log forgets what every connection of the pass had, and the channel waits for its next pass.
   */
  private finish(pass: Pass<C>): void {
    const { log, channel } = pass;
    if (!this.dirty.has(channel)) {
      this.logs.delete(channel);
      return;
    }
    const drop = pass.end - log.start;
    if (drop <= 0) return;
    log.frames.splice(0, drop);
    log.keys.splice(0, drop);
    log.messages.splice(0, drop);
    log.start = pass.end;
    log.batches.clear();
  }

  /** The log's messages from `from` to its end as `variant` reads them: framed and joined once per log state. */
  private batch(pass: Pass<C>, variant: number, from: number): FrameBatch {
    const { log, variants } = pass;
    if (!variants) return this.published(log, from);
    const id = `${variant}|${from}`;
    let batch = log.batches.get(id);
    if (!batch) {
      batch = variantBatch(variants, variant, pass.channel, log.messages.slice(from - log.start), this.published(log, from));
      log.batches.set(id, batch);
    }
    return batch;
  }

  /** The log's messages from `from` to its end as published. */
  private published(log: ChannelLog<C>, from: number): FrameBatch {
    const id = `p|${from}`;
    let batch = log.batches.get(id);
    if (!batch) {
      const k = from - log.start;
      const frames = log.frames.slice(k);
      batch = { frames, keys: log.keys.slice(k), joined: frames.length === 1 ? frames[0]! : Buffer.concat(frames) };
      log.batches.set(id, batch);
    }
    return batch;
  }
}
