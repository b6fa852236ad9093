import { randomBytes } from 'node:crypto';
import { LANGS, type Lang } from '@tradepad/contracts';
import { Redis } from 'ioredis';
import {
  EVERY_USER_SOCKET,
  InProcessBus,
  type Bus,
  type BusSubscriber,
  type InstrumentsChangedListener,
  type SessionsRevoked,
  type SessionsRevokedListener,
  type InstrumentsChanged,
  type UserMessage,
  type UsersChanged,
  type UsersChangedListener,
} from './bus.ts';

/** What the bus logs through (Fastify's logger fits). */
export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RedisBusOptions {
  /** `redis://…` or `rediss://…` (REDIS_URL). */
  url: string;
  log: BusLog;
  /** The Redis channel every node of one deployment shares: `<namespace>:bus`. */
  namespace?: string;
  /** How often this node tells the others it is alive, with its interest's version (ms). */
  beatMs?: number;
  /** A node not heard from for this long is gone: its listeners are forgotten (ms). */
  expireMs?: number;
  /**
   * After (re)connecting, how long this node sends everything to Redis and answers `hasSubscribers` with true, while
   * the other nodes' interest arrives (ms).
   */
  syncMs?: number;
  /** This node's id on the bus (16 characters); random by default. */
  nodeId?: string;
}

/** The message kinds on the wire: one character after the sender's id. */
const KIND = {
  public: 'p',
  user: 'u',
  sessions: 's',
  instruments: 'i',
  users: 'c',
  delta: 'd',
  full: 'f',
  beat: 'b',
  want: 'w',
  bye: 'x',
  /** Several messages of one event-loop turn in one publish: `<kind><length>:<body>` each. */
  batch: 'B',
} as const;

const ID_LENGTH = 16;

/** One node's interest as others know it: the channels it has listeners on, and per user channel its users. */
interface RemoteNode {
  lastSeen: number;
  /** The version of its interest last applied. */
  seq: number;
  /** False until its full interest arrived (after a gap, too): meanwhile nothing is held back from Redis. */
  complete: boolean;
  /** When its full interest was last asked for (asked again at most once a beat). */
  wantedAt: number;
  any: Set<string>;
  users: Map<string, Set<number>>;
}

/** A change of this node's interest: `[channel, 0|1]` (anyone listens) or `[channel, 0|1, userId]` (that user). */
type Change = [string, 0 | 1] | [string, 0 | 1, number];

interface FullState {
  q: number;
  p: string[];
  u: Record<string, number[]>;
}

/**
 * The event bus between nodes (DESIGN §2 scale-out): Redis pub/sub with one publisher and one subscriber connection.
 *
 * - Local subscribers get local publishes directly, as with {@link InProcessBus} (no round trip); a message goes to
 *   Redis, encoded once, only when another node may want it: a public channel another node listens to, a user channel
 *   message for a user listening on another node; anything for every socket of a user, ended sessions, changed
 *   instruments and changed users always. Every node reads the one Redis channel and ignores its own messages.
 * - Who listens where: each node announces changes of its interest (a channel gaining its first or losing its last
 *   listener, a user starting or stopping to listen to a user channel) as numbered deltas, its whole interest when
 *   asked (a node starting or reconnecting asks everyone), and a beat with its interest's version every `beatMs`. A
 *   node that misses a delta (version gap) asks the sender again; a node not heard from for `expireMs` is gone and its
 *   listeners with it. So `hasSubscribers` and `listeners` answer for the whole cluster, and the engine pushes account
 *   figures to traders on any node.
 * - Redis lost: ioredis reconnects; nothing is queued meanwhile (publishes are dropped, so memory never grows), local
 *   sockets keep being served, and on reconnection the node subscribes again and asks for and sends whole interests.
 *   Until the others' interest is known again, everything goes to Redis (never held back on a guess).
 * - A message built per connection language (a notice) is evaluated in the 14 languages once and each receiving node
 *   picks its connection's.
 */
export class RedisBus implements Bus {
  readonly nodeId: string;
  private readonly local = new InProcessBus();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly beatMs: number;
  private readonly expireMs: number;
  private readonly syncMs: number;
  private readonly log: BusLog;

  /** This node's interest as announced: channels with a listener here, and per user channel the users listening. */
  private readonly localAny = new Set<string>();
  private readonly localUsers = new Map<string, Set<number>>();
  private seq = 0;
  private readonly dirtyAny = new Set<string>();
  private readonly dirtyUsers = new Map<string, Set<number>>();
  private flushScheduled: NodeJS.Immediate | undefined;
  private fullScheduled: NodeJS.Immediate | undefined;
  /** What this turn sends, in order, published as one message right after the turn. */
  private outbox: string[] = [];
  private outboxScheduled: NodeJS.Immediate | undefined;

  /** The other nodes, and per channel how many of them have listeners / per user channel and user how many. */
  private readonly nodes = new Map<string, RemoteNode>();
  private readonly remoteAny = new Map<string, number>();
  private readonly remoteUsers = new Map<string, Map<number, number>>();
  /** Until this time (performance.now()) others' interest may be incomplete: nothing is held back. */
  private syncUntil: number;

  private readonly timer: NodeJS.Timeout;
  private closed = false;
  private lastErrorLog = 0;

  constructor(options: RedisBusOptions) {
    this.nodeId = options.nodeId ?? randomBytes(ID_LENGTH / 2).toString('hex');
    if (this.nodeId.length !== ID_LENGTH) throw new Error(`a bus node id is ${ID_LENGTH} characters`);
    this.channel = `${options.namespace ?? 'tradepad'}:bus`;
    this.beatMs = options.beatMs ?? 1_000;
    this.expireMs = options.expireMs ?? 5_000;
    this.syncMs = options.syncMs ?? 1_500;
    this.log = options.log;
    this.syncUntil = performance.now() + this.syncMs;
    const common = {
      // Reconnect for ever, at most every 2 s; never queue while disconnected (a quote queued for minutes is worse
      // than none, and memory must not grow during an outage).
      retryStrategy: (times: number) => Math.min(times * 100, 2_000),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      autoResubscribe: false,
      connectionName: `tradepad-${this.nodeId}`,
    };
    this.pub = new Redis(options.url, common);
    this.sub = new Redis(options.url, common);
    for (const [name, conn] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      conn.on('error', (err: Error) => this.logError(err, `redis bus ${name} connection`));
    }
    this.pub.on('ready', () => this.publisherReady());
    this.sub.on('ready', () => void this.subscriberReady());
    this.sub.on('message', (_channel: string, text: string) => this.receive(text));
    this.sub.on('close', () => {
      this.subscribed = false;
    });
    this.timer = setInterval(() => this.beat(), this.beatMs);
    this.timer.unref();
  }

  /** Whether both connections to Redis are up (readiness of a node that needs the bus). */
  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready' && this.subscribed;
  }

  /** Resolves once both connections are up (tests; a node starts serving without waiting). */
  async whenConnected(timeoutMs = 5_000): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!this.connected) {
      if (performance.now() > deadline) throw new Error('redis bus: not connected');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Whether the other nodes' interest is known (after connecting, once `syncMs` passed and every node answered). */
  get synced(): boolean {
    if (performance.now() < this.syncUntil) return false;
    for (const n of this.nodes.values()) if (!n.complete) return false;
    return true;
  }

  // Publishing

  publish(channel: string, message: object, conflateKey?: string): void {
    this.local.publish(channel, message, conflateKey);
    if (this.remoteAny.has(channel) || !this.synced)
      this.send(KIND.public, JSON.stringify(conflateKey === undefined ? [channel, message] : [channel, message, conflateKey]));
  }

  publishToUser(userId: number, channel: string, message: UserMessage): void {
    this.local.publishToUser(userId, channel, message);
    if (channel !== EVERY_USER_SOCKET && !this.remoteUsers.get(channel)?.has(userId) && this.synced) return;
    if (typeof message === 'function') {
      const variants: Partial<Record<Lang, object>> = {};
      for (const lang of LANGS) variants[lang] = message(lang);
      this.send(KIND.user, JSON.stringify([userId, channel, null, variants]));
    } else {
      this.send(KIND.user, JSON.stringify([userId, channel, message]));
    }
  }

  publishSessionsRevoked(signal: SessionsRevoked): void {
    if (signal.sessionIds.length === 0) return;
    this.local.publishSessionsRevoked(signal);
    this.send(KIND.sessions, JSON.stringify(signal.sessionIds));
  }

  publishInstrumentsChanged(signal: InstrumentsChanged): void {
    this.local.publishInstrumentsChanged(signal);
    this.send(KIND.instruments, JSON.stringify(signal.ids));
  }

  publishUsersChanged(signal: UsersChanged): void {
    if (signal.userIds.length === 0) return;
    this.local.publishUsersChanged(signal);
    this.send(KIND.users, JSON.stringify(signal.userIds));
  }

  // Subscribing

  subscribe(subscriber: BusSubscriber): () => void {
    return this.local.subscribe(subscriber);
  }

  onSessionsRevoked(listener: SessionsRevokedListener): () => void {
    return this.local.onSessionsRevoked(listener);
  }

  onInstrumentsChanged(listener: InstrumentsChangedListener): () => void {
    return this.local.onInstrumentsChanged(listener);
  }

  onUsersChanged(listener: UsersChangedListener): () => void {
    return this.local.onUsersChanged(listener);
  }

  hasSubscribers(channel: string): boolean {
    return this.local.hasSubscribers(channel) || this.remoteAny.has(channel) || !this.synced;
  }

  *listeners(channel: string): Iterable<number> {
    const remote = this.remoteUsers.get(channel);
    if (!remote || remote.size === 0) {
      yield* this.local.listeners(channel);
      return;
    }
    const seen = new Set<number>();
    for (const userId of this.local.listeners(channel)) {
      seen.add(userId);
      yield userId;
    }
    for (const userId of remote.keys()) if (!seen.has(userId)) yield userId;
  }

  noteInterest(channel: string, userId?: number): void {
    this.dirtyAny.add(channel);
    if (userId !== undefined) {
      let users = this.dirtyUsers.get(channel);
      if (!users) this.dirtyUsers.set(channel, (users = new Set()));
      users.add(userId);
    }
    this.flushScheduled ??= setImmediate(() => this.flushInterest());
  }

  /**
   * Sends what changed in this node's interest since the last turn, as one numbered delta: a burst of sockets
   * (subscribing after a reconnection) costs one message per event-loop turn, not one per socket.
   */
  private flushInterest(): void {
    this.flushScheduled = undefined;
    const changes: Change[] = [];
    for (const channel of this.dirtyAny) {
      const now = this.local.hasSubscribers(channel);
      if (now === this.localAny.has(channel)) continue;
      if (now) this.localAny.add(channel);
      else this.localAny.delete(channel);
      changes.push([channel, now ? 1 : 0]);
    }
    for (const [channel, users] of this.dirtyUsers) {
      let mine = this.localUsers.get(channel);
      for (const userId of users) {
        const now = this.local.listens(channel, userId);
        if (now === (mine?.has(userId) ?? false)) continue;
        if (now) {
          if (!mine) this.localUsers.set(channel, (mine = new Set()));
          mine.add(userId);
        } else {
          mine!.delete(userId);
          if (mine!.size === 0) this.localUsers.delete(channel);
        }
        changes.push([channel, now ? 1 : 0, userId]);
      }
    }
    this.dirtyAny.clear();
    this.dirtyUsers.clear();
    if (changes.length === 0) return;
    this.seq += 1;
    this.send(KIND.delta, JSON.stringify({ q: this.seq, c: changes }));
  }

  private fullState(): string {
    const u: Record<string, number[]> = {};
    for (const [channel, users] of this.localUsers) u[channel] = [...users];
    const state: FullState = { q: this.seq, p: [...this.localAny], u };
    return JSON.stringify(state);
  }

  /** Sends this node's whole interest once this turn, however many asked. */
  private sendFull(): void {
    this.fullScheduled ??= setImmediate(() => {
      this.fullScheduled = undefined;
      if (this.flushScheduled) {
        clearImmediate(this.flushScheduled);
        this.flushInterest();
      }
      this.send(KIND.full, this.fullState());
    });
  }

  // Connections

  /** Whether the subscriber connection is subscribed to the bus's channel (false again when it drops). */
  private subscribed = false;

  private publisherReady(): void {
    // Whatever this node announced while the publisher was down was lost: the whole interest replaces it.
    if (!this.closed) this.sendFull();
  }

  private async subscriberReady(): Promise<void> {
    if (this.closed) return;
    try {
      await this.sub.subscribe(this.channel);
      this.subscribed = true;
      // Messages may have been missed while disconnected: hold nothing back until everyone's interest is known again.
      this.syncUntil = performance.now() + this.syncMs;
      for (const n of this.nodes.values()) n.complete = false;
      this.log.info({ node: this.nodeId }, 'redis bus connected');
      this.send(KIND.want, '');
      this.sendFull();
    } catch (err) {
      this.logError(err as Error, 'redis bus subscribe');
    }
  }

  /**
   * Queues a message for the other nodes. Everything sent during one turn of the event loop (a simulator step moves
   * several instruments at once) leaves as one Redis publish right after the turn, so a receiving node gets it in one
   * read and its sockets in one write each, as on a single node; sent one by one, a step reached the API node split
   * over several turns in about a quarter of the steps, and each extra turn is another write to every client.
   */
  private send(kind: string, body: string): void {
    if (this.closed || this.pub.status !== 'ready') return;
    this.outbox.push(kind + body);
    this.outboxScheduled ??= setImmediate(() => this.flushOutbox());
  }

  private flushOutbox(): void {
    this.outboxScheduled = undefined;
    const out = this.outbox;
    if (out.length === 0) return;
    this.outbox = [];
    if (this.closed || this.pub.status !== 'ready') return;
    let text: string;
    if (out.length === 1) text = this.nodeId + out[0]!;
    else {
      const parts = [this.nodeId, KIND.batch];
      for (const item of out) parts.push(item.charAt(0), String(item.length - 1), ':', item.slice(1));
      text = parts.join('');
    }
    this.pub.publish(this.channel, text).catch((err: unknown) => {
      this.logError(err as Error, 'redis bus publish');
    });
  }

  private logError(err: Error, what: string): void {
    const now = performance.now();
    // One line per outage rather than one per reconnection attempt or dropped message.
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.log.warn({ err: { message: err.message }, node: this.nodeId }, `${what} failed; local sockets are still served`);
  }

  // Receiving

  private receive(text: string): void {
    if (text.startsWith(this.nodeId)) return;
    const from = text.slice(0, ID_LENGTH);
    if (text.charAt(ID_LENGTH) !== KIND.batch) {
      this.handle(from, text.charAt(ID_LENGTH), text.slice(ID_LENGTH + 1));
      return;
    }
    // `<kind><length>:<body>` after another; a malformed batch is dropped from where it stops making sense.
    let at = ID_LENGTH + 1;
    while (at < text.length) {
      const kind = text.charAt(at);
      const colon = text.indexOf(':', at + 1);
      const length = colon < 0 ? NaN : Number(text.slice(at + 1, colon));
      if (!Number.isInteger(length) || length < 0 || colon + 1 + length > text.length) {
        this.log.error({ node: this.nodeId, from }, 'redis bus: a malformed batch was dropped');
        return;
      }
      this.handle(from, kind, text.slice(colon + 1, colon + 1 + length));
      at = colon + 1 + length;
    }
  }

  private handle(from: string, kind: string, body: string): void {
    try {
      switch (kind) {
        case KIND.public: {
          const [channel, message, key] = JSON.parse(body) as [string, object, string?];
          this.local.publish(channel, message, key);
          break;
        }
        case KIND.user: {
          const [userId, channel, message, variants] = JSON.parse(body) as [
            number,
            string,
            object | null,
            Record<string, object>?,
          ];
          if (message !== null) this.local.publishToUser(userId, channel, message);
          else if (variants) this.local.publishToUser(userId, channel, (lang: Lang) => variants[lang] ?? variants.en ?? {});
          break;
        }
        case KIND.sessions:
          this.local.publishSessionsRevoked({ sessionIds: JSON.parse(body) as number[] });
          break;
        case KIND.instruments:
          this.local.publishInstrumentsChanged({ ids: JSON.parse(body) as number[] });
          break;
        case KIND.users:
          this.local.publishUsersChanged({ userIds: JSON.parse(body) as number[] });
          break;
        case KIND.delta:
          this.applyDelta(from, JSON.parse(body) as { q: number; c: Change[] });
          break;
        case KIND.full:
          this.applyFull(from, JSON.parse(body) as FullState);
          break;
        case KIND.beat:
          this.applyBeat(from, JSON.parse(body) as { q: number });
          break;
        case KIND.want:
          if (body === '' || body === this.nodeId) this.sendFull();
          this.seen(from);
          break;
        case KIND.bye:
          this.forgetNode(from);
          break;
        default:
          break;
      }
    } catch (err) {
      this.log.error({ err, node: this.nodeId }, 'redis bus: a message could not be handled');
    }
  }

  /** The record of a node that spoke, made (incomplete, its whole interest asked for) when it is new. */
  private seen(id: string): RemoteNode {
    let node = this.nodes.get(id);
    if (!node) {
      node = { lastSeen: 0, seq: 0, complete: false, wantedAt: -Infinity, any: new Set(), users: new Map() };
      this.nodes.set(id, node);
      this.want(id, node);
    }
    node.lastSeen = performance.now();
    return node;
  }

  private want(id: string, node: RemoteNode): void {
    const now = performance.now();
    if (now - node.wantedAt < this.beatMs) return;
    node.wantedAt = now;
    this.send(KIND.want, id);
  }

  private applyDelta(id: string, delta: { q: number; c: Change[] }): void {
    const node = this.seen(id);
    if (node.complete && delta.q !== node.seq + 1) {
      // A delta was lost: what is known of this node may be wrong until its whole interest arrives.
      node.complete = false;
      this.want(id, node);
    }
    node.seq = Math.max(node.seq, delta.q);
    for (const change of delta.c) {
      const [channel, on, userId] = change;
      if (userId === undefined) this.setAny(node, channel, on === 1);
      else this.setUser(node, channel, userId, on === 1);
    }
  }

  private applyFull(id: string, state: FullState): void {
    const node = this.seen(id);
    if (node.complete && state.q < node.seq) return;
    for (const channel of [...node.any]) if (!state.p.includes(channel)) this.setAny(node, channel, false);
    for (const channel of state.p) this.setAny(node, channel, true);
    for (const [channel, users] of [...node.users]) {
      const next = new Set(state.u[channel] ?? []);
      for (const userId of [...users]) if (!next.has(userId)) this.setUser(node, channel, userId, false);
    }
    for (const [channel, users] of Object.entries(state.u)) for (const userId of users) this.setUser(node, channel, userId, true);
    node.seq = state.q;
    node.complete = true;
  }

  private applyBeat(id: string, beat: { q: number }): void {
    const node = this.seen(id);
    if (node.complete && beat.q !== node.seq) {
      node.complete = false;
      this.want(id, node);
    } else if (!node.complete) {
      this.want(id, node);
    }
  }

  private setAny(node: RemoteNode, channel: string, on: boolean): void {
    if (on === node.any.has(channel)) return;
    if (on) {
      node.any.add(channel);
      this.remoteAny.set(channel, (this.remoteAny.get(channel) ?? 0) + 1);
    } else {
      node.any.delete(channel);
      const n = (this.remoteAny.get(channel) ?? 1) - 1;
      if (n <= 0) this.remoteAny.delete(channel);
      else this.remoteAny.set(channel, n);
    }
  }

  private setUser(node: RemoteNode, channel: string, userId: number, on: boolean): void {
    let users = node.users.get(channel);
    if (on === (users?.has(userId) ?? false)) return;
    let counts = this.remoteUsers.get(channel);
    if (on) {
      if (!users) node.users.set(channel, (users = new Set()));
      users.add(userId);
      if (!counts) this.remoteUsers.set(channel, (counts = new Map()));
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    } else {
      users!.delete(userId);
      if (users!.size === 0) node.users.delete(channel);
      const n = (counts?.get(userId) ?? 1) - 1;
      if (n <= 0) counts?.delete(userId);
      else counts!.set(userId, n);
      if (counts?.size === 0) this.remoteUsers.delete(channel);
    }
  }

  /** A node that said goodbye or fell silent: its listeners are no longer anyone's. */
  private forgetNode(id: string): void {
    const node = this.nodes.get(id);
    if (!node) return;
    for (const channel of [...node.any]) this.setAny(node, channel, false);
    for (const [channel, users] of [...node.users]) for (const userId of [...users]) this.setUser(node, channel, userId, false);
    this.nodes.delete(id);
  }

  private beat(): void {
    this.send(KIND.beat, JSON.stringify({ q: this.seq }));
    const cutoff = performance.now() - this.expireMs;
    for (const [id, node] of this.nodes) {
      if (node.lastSeen >= cutoff) continue;
      this.log.warn({ node: this.nodeId, gone: id }, 'redis bus: a node fell silent; its listeners are forgotten');
      this.forgetNode(id);
    }
  }

  /** Says goodbye (the others forget this node's listeners at once) and closes both connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    if (this.fullScheduled) clearImmediate(this.fullScheduled);
    this.flushScheduled = this.fullScheduled = undefined;
    clearInterval(this.timer);
    if (this.outboxScheduled) {
      clearImmediate(this.outboxScheduled);
      this.flushOutbox();
    }
    if (this.pub.status === 'ready') {
      await this.pub.publish(this.channel, `${this.nodeId}${KIND.bye}`).catch(() => undefined);
    }
    this.closed = true;
    await Promise.all([quit(this.pub), quit(this.sub)]);
  }
}

/** Quits politely when connected, drops the connection otherwise (or when Redis does not answer within a second). */
async function quit(conn: Redis): Promise<void> {
  if (conn.status !== 'ready') {
    conn.disconnect();
    return;
  }
  const timer = setTimeout(() => conn.disconnect(), 1_000);
  try {
    await conn.quit();
  } catch {
    conn.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
