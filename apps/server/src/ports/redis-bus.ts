import { randomBytes } from 'node:crypto';
import type { MessageOn, PublicChannel, UserChannel } from '@tradepad/contracts';
import {
  EVERY_USER_SOCKET,
  InProcessBus,
  type Bus,
  type FeedClosed,
  type FeedClosedListener,
  type BusSubscriber,
  type InstrumentsChangedListener,
  type SessionsRevoked,
  type SessionsRevokedListener,
  type InstrumentsChanged,
  type UserMessage,
  type UsersChanged,
  type UsersChangedListener,
  type AccountTypesChangedListener,
} from './bus.ts';
import { ClusterInterest, LocalInterest } from './redis-bus-interest.ts';
import { RedisLink, type BusLog } from './redis-bus-link.ts';
import {
  decodePublic,
  decodeUser,
  encodePublic,
  encodeUser,
  ID_LENGTH,
  KIND,
  readTurn,
  type Delta,
  type FullState,
} from './redis-bus-wire.ts';

export type { BusLog } from './redis-bus-link.ts';

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

/**
 * The event bus between nodes (DESIGN §2 scale-out): Redis pub/sub with one publisher and one subscriber connection.
 * This is the facade; the wire format is redis-bus-wire.ts, who listens where redis-bus-interest.ts, and the
 * connections redis-bus-link.ts.
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
 * - Redis lost (redis-bus-link.ts): ioredis reconnects; nothing is queued meanwhile (publishes are dropped, so memory never grows), local
 *   sockets keep being served, and on reconnection the node subscribes again and asks for and sends whole interests.
 *   Until the others' interest is known again, everything goes to Redis (never held back on a guess).
 * - A message built per connection language (a notice) is evaluated in the 14 languages once and each receiving node
 *   picks its connection's.
 */
export class RedisBus implements Bus {
  readonly nodeId: string;
  private readonly local = new InProcessBus();
  private readonly link: RedisLink;
  private readonly beatMs: number;
  private readonly expireMs: number;
  private readonly syncMs: number;
  private readonly log: BusLog;

  /** This node's interest as announced, and the other nodes' as they announced theirs. */
  private readonly interest = new LocalInterest();
  private readonly cluster: ClusterInterest;
  private flushScheduled: NodeJS.Immediate | undefined;
  private fullScheduled: NodeJS.Immediate | undefined;
  /** Until this time (performance.now()) others' interest may be incomplete: nothing is held back. */
  private syncUntil: number;

  private readonly timer: NodeJS.Timeout;

  constructor(options: RedisBusOptions) {
    this.nodeId = options.nodeId ?? randomBytes(ID_LENGTH / 2).toString('hex');
    if (this.nodeId.length !== ID_LENGTH) throw new Error(`a bus node id is ${ID_LENGTH} characters`);
    this.beatMs = options.beatMs ?? 1_000;
    this.expireMs = options.expireMs ?? 5_000;
    this.syncMs = options.syncMs ?? 1_500;
    this.log = options.log;
    this.syncUntil = performance.now() + this.syncMs;
    this.cluster = new ClusterInterest(this.beatMs, (id) => this.link.send(KIND.want, id));
    this.link = new RedisLink({
      url: options.url,
      log: options.log,
      nodeId: this.nodeId,
      channel: `${options.namespace ?? 'tradepad'}:bus`,
      // Whatever this node announced while the publisher was down was lost: the whole interest replaces it.
      onPublisherReady: () => this.sendFull(),
      onSubscribed: () => this.subscribed(),
      onMessage: (text) => this.receive(text),
    });
    this.timer = setInterval(() => this.beat(), this.beatMs);
    this.timer.unref();
  }

  /** Whether both connections to Redis are up (readiness of a node that needs the bus). */
  get connected(): boolean {
    return this.link.connected;
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
    return performance.now() >= this.syncUntil && this.cluster.complete;
  }

  // Publishing

  publish<C extends PublicChannel>(channel: C, message: MessageOn<C>, conflateKey?: string): void {
    this.local.publish(channel, message, conflateKey);
    if (this.cluster.has(channel) || !this.synced) this.link.send(KIND.public, encodePublic(channel, message, conflateKey));
  }

  publishToUser<C extends UserChannel>(userId: number, channel: C, message: UserMessage<MessageOn<C>>): void {
    this.local.publishToUser(userId, channel, message);
    if (channel !== EVERY_USER_SOCKET && !this.cluster.usersOf(channel)?.has(userId) && this.synced) return;
    this.link.send(KIND.user, encodeUser(userId, channel, message));
  }

  publishSessionsRevoked(signal: SessionsRevoked): void {
    if (signal.sessionIds.length === 0) return;
    this.local.publishSessionsRevoked(signal);
    this.link.send(KIND.sessions, JSON.stringify(signal.sessionIds));
  }

  publishInstrumentsChanged(signal: InstrumentsChanged): void {
    this.local.publishInstrumentsChanged(signal);
    this.link.send(KIND.instruments, JSON.stringify(signal.ids));
  }

  publishFeedClosed(signal: FeedClosed): void {
    this.local.publishFeedClosed(signal);
    this.link.send(KIND.feedClosed, JSON.stringify(signal.closed));
  }

  publishUsersChanged(signal: UsersChanged): void {
    if (signal.userIds.length === 0) return;
    this.local.publishUsersChanged(signal);
    this.link.send(KIND.users, JSON.stringify(signal.userIds));
  }

  publishAccountTypesChanged(): void {
    this.local.publishAccountTypesChanged();
    this.link.send(KIND.accountTypes, '');
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

  onFeedClosed(listener: FeedClosedListener): () => void {
    return this.local.onFeedClosed(listener);
  }

  onAccountTypesChanged(listener: AccountTypesChangedListener): () => void {
    return this.local.onAccountTypesChanged(listener);
  }

  hasSubscribers(channel: string): boolean {
    return this.local.hasSubscribers(channel) || this.cluster.has(channel) || !this.synced;
  }

  *listeners(channel: string): Iterable<number> {
    const remote = this.cluster.usersOf(channel);
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
    this.interest.note(channel, userId);
    this.flushScheduled ??= setImmediate(() => this.flushInterest());
  }

  /**
   * Sends what changed in this node's interest since the last turn, as one numbered delta: a burst of sockets
   * (subscribing after a reconnection) costs one message per event-loop turn, not one per socket.
   */
  private flushInterest(): void {
    this.flushScheduled = undefined;
    const delta = this.interest.delta(this.local);
    if (delta) this.link.send(KIND.delta, JSON.stringify(delta));
  }

  /** Sends this node's whole interest once this turn, however many asked. */
  private sendFull(): void {
    this.fullScheduled ??= setImmediate(() => {
      this.fullScheduled = undefined;
      if (this.flushScheduled) {
        clearImmediate(this.flushScheduled);
        this.flushInterest();
      }
      this.link.send(KIND.full, JSON.stringify(this.interest.full()));
    });
  }

  // Connections

  private subscribed(): void {
    // Messages may have been missed while disconnected: hold nothing back until everyone's interest is known again.
    this.syncUntil = performance.now() + this.syncMs;
    this.cluster.forgetCompleteness();
    this.log.info({ node: this.nodeId }, 'redis bus connected');
    this.link.send(KIND.want, '');
    this.sendFull();
  }

  // Receiving

  private receive(text: string): void {
    if (text.startsWith(this.nodeId)) return;
    const from = text.slice(0, ID_LENGTH);
    // A malformed batch is dropped from where it stops making sense.
    const whole = readTurn(text, (kind, body) => this.handle(from, kind, body));
    if (!whole) this.log.error({ node: this.nodeId, from }, 'redis bus: a malformed batch was dropped');
  }

  private handle(from: string, kind: string, body: string): void {
    try {
      switch (kind) {
        case KIND.public: {
          const [channel, message, key] = decodePublic(body);
          this.local.deliver(channel, message, key);
          break;
        }
        case KIND.user: {
          const decoded = decodeUser(body);
          if (decoded) this.local.deliverToUser(...decoded);
          break;
        }
        case KIND.sessions:
          this.local.publishSessionsRevoked({ sessionIds: JSON.parse(body) as number[] });
          break;
        case KIND.instruments:
          this.local.publishInstrumentsChanged({ ids: JSON.parse(body) as number[] });
          break;
        case KIND.feedClosed:
          this.local.publishFeedClosed({ closed: JSON.parse(body) as Record<string, string> });
          break;
        case KIND.users:
          this.local.publishUsersChanged({ userIds: JSON.parse(body) as number[] });
          break;
        case KIND.accountTypes:
          this.local.publishAccountTypesChanged();
          break;
        case KIND.delta:
          this.cluster.applyDelta(from, JSON.parse(body) as Delta);
          break;
        case KIND.full:
          this.cluster.applyFull(from, JSON.parse(body) as FullState);
          break;
        case KIND.beat:
          this.cluster.applyBeat(from, JSON.parse(body) as { q: number });
          break;
        case KIND.want:
          if (body === '' || body === this.nodeId) this.sendFull();
          this.cluster.seen(from);
          break;
        case KIND.bye:
          this.cluster.forget(from);
          break;
        default:
          break;
      }
    } catch (err) {
      this.log.error({ err, node: this.nodeId }, 'redis bus: a message could not be handled');
    }
  }

  private beat(): void {
    this.link.send(KIND.beat, JSON.stringify({ q: this.interest.seq }));
    const cutoff = performance.now() - this.expireMs;
    for (const id of this.cluster.silentSince(cutoff)) {
      this.log.warn({ node: this.nodeId, gone: id }, 'redis bus: a node fell silent; its listeners are forgotten');
      this.cluster.forget(id);
    }
  }

  /** Says goodbye (the others forget this node's listeners at once) and closes both connections. */
  async close(): Promise<void> {
    if (this.link.closed) return;
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
    if (this.fullScheduled) clearImmediate(this.fullScheduled);
    this.flushScheduled = this.fullScheduled = undefined;
    clearInterval(this.timer);
    await this.link.close(`${this.nodeId}${KIND.bye}`);
  }
}
