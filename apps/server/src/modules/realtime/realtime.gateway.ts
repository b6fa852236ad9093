import { CHANNEL_ROWS, type Lang } from '@tradepad/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { translate } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messages.en.ts';
import { EVERY_USER_SOCKET, type Bus, type BusSubscriber, type UserMessage } from '../../ports/bus.ts';
import { sameMatch, type ChannelPolicy } from './channel-policy.ts';
import { rawSocket, textFrame, type Frame } from './frames.ts';
import { Fanout } from './fanout.ts';
import type { FrameBatch, PriceVariants } from './price-variants.ts';

export { textFrame, type ChannelPolicy };

interface Connection {
  socket: WebSocket;
  lang: Lang;
  userId?: number;
  /** The session the socket is logged in with: its private channels end with it. */
  sessionId?: number;
  /** Whether the client sent anything but a ping since the last session check (activity, as a request is). */
  active: boolean;
  /** Messages the client may still send now (a token bucket refilled at the per-second limit). */
  tokens: number;
  refilledAt: number;
  /** Told it sent too much and being closed: nothing more of it is read. */
  flooded: boolean;
  channels: Set<string>;
  /** Which rendering of the varying public channels it gets (its user's account type; 0 signed out): PriceVariants. */
  variant: number;
  /** Newest unsent message per conflation key while the client is behind (quotes: one per symbol). */
  pending: Map<string, Frame>;
}

export const MAX_CHANNELS_PER_CONNECTION = 64;
const MAX_MESSAGE_BYTES = 4096;
/** A client whose unsent data passes this is too slow to keep: it is dropped rather than allowed to grow memory. */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** Past this much unsent data a client is behind: its quotes are conflated to the newest per symbol. */
export const CONFLATE_ABOVE_BYTES = 64 * 1024;
/** How often conflated messages are offered again to a client that was behind. */
export const CONFLATION_FLUSH_MS = 50;

/** Sent, without a `sub`, to every socket logged in with a session that ended (DESIGN §10). */
export const SESSION_REVOKED = JSON.stringify({ type: 'session_revoked' });
/** How often the sessions of this node's logged-in sockets are checked (expiry, a revocation the bus did not bring). */
export const SESSION_CHECK_MS = 15_000;
/** How long a revoked session is remembered here, so a login that read it just before the revocation is refused. */
const REVOKED_MEMORY_MS = 60_000;
/** Close code for a client that breaks the rules (RFC 6455 §7.4.1: policy violation). */
export const CLOSE_POLICY = 1008;

/** What the gateway needs of the trader sessions. */
export interface GatewayAuth {
  fromToken(token: unknown): Promise<{ user: { id: number; account_type_id?: number | null }; sessionId: number } | undefined>;
  /** Of these sessions, the ones that are over; `active` had socket activity since the last check. */
  checkSockets(sessionIds: readonly number[], active: ReadonlySet<number>): Promise<number[]>;
}

export interface GatewayOptions {
  /** Messages a socket may send per second, on average; bursts of up to four seconds' worth pass. */
  maxMessagesPerSecond: number;
}

/**
 * The websocket protocol of DESIGN §4: text ping/pong, login/logout, sub/unsub. It accepts `sub` to the channels of
 * contracts' CHANNELS; modules publish on the {@link Bus}, and the gateway subscribes to it (`attach`) and delivers to
 * its connections through `publish` (public channels) and `publishToUser` (user channels).
 */
export class RealtimeGateway implements BusSubscriber {
  private readonly policies: ChannelPolicy[] = [];
  private readonly connections = new Set<Connection>();
  private readonly byChannel = new Map<string, Set<Connection>>();
  /** Signed-in connections per user, so a user's messages never walk every connection. */
  private readonly byUser = new Map<number, Set<Connection>>();
  /** Signed-in connections per session, so a revocation reaches exactly the sockets of that session. */
  private readonly bySession = new Map<number, Set<Connection>>();
  /** Sessions revoked lately, with when (performance.now()): a login that raced the revocation is refused. */
  private readonly revoked = new Map<number, number>();
  private checkTimer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private readonly ratePerMs: number;
  private readonly burst: number;
  /** The buses attached: told when who listens to a channel may have changed (a Redis bus tells the other nodes). */
  private buses: Bus[] = [];
  /** How the varying public channels read per socket variant (account types' prices); none: as published. */
  private variants: PriceVariants | undefined;

  private readonly behind = new Set<Connection>();
  private flushTimer: NodeJS.Timeout | undefined;
  /** The public channels' messages on their way to the subscribers (fanout.ts: when and in how many writes). */
  private readonly fanout = new Fanout<Connection>({
    subscribers: (channel) => this.byChannel.get(channel),
    variants: () => this.variants,
    variantOf: (c) => c.variant,
    deliver: (c, batch) => this.deliverBatch(c, batch),
  });

  constructor(
    private readonly auth: GatewayAuth,
    private readonly log: FastifyBaseLogger,
    options: GatewayOptions = { maxMessagesPerSecond: 50 },
  ) {
    this.ratePerMs = options.maxMessagesPerSecond / 1000;
    this.burst = options.maxMessagesPerSecond * 4;
    // Every channel of the table, as it declares it; the one no one subscribes to (every socket of a user) is not named.
    for (const row of CHANNEL_ROWS) {
      if (row.match === 'exact') this.policies.push({ match: { exact: row.name }, requiresLogin: row.requiresLogin });
      if (row.match === 'prefix') this.policies.push({ match: { prefix: row.name }, requiresLogin: row.requiresLogin });
    }
  }

  /**
   * Adds a check of the code to one of the table's channels (the market's instruments for `KLINE.`), or accepts a
   * channel outside the table (tests). Registering a table channel again changes nothing else, so it is harmless; one
   * that contradicts the table's login requirement is a mistake and throws.
   */
  registerChannel(policy: ChannelPolicy): void {
    const known = this.policies.find((p) => sameMatch(p.match, policy.match));
    if (!known) {
      this.policies.push(policy);
      return;
    }
    if (known.requiresLogin !== policy.requiresLogin)
      throw new Error(`websocket channel ${JSON.stringify(policy.match)}: login requirement differs from CHANNELS`);
    if (policy.accepts) known.accepts = policy.accepts;
    if (policy.greeting) known.greeting = policy.greeting;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Distinct traders with a socket logged in on this node (the back office's "traders online"). */
  get loggedInUsers(): number {
    return this.byUser.size;
  }

  accept(socket: WebSocket, lang: Lang): void {
    const conn: Connection = {
      socket,
      lang,
      active: false,
      tokens: this.burst,
      refilledAt: performance.now(),
      flooded: false,
      channels: new Set(),
      variant: 0,
      pending: new Map(),
    };
    this.connections.add(conn);
    socket.on('message', (data, isBinary) => {
      if (!this.withinRate(conn)) return;
      void this.onMessage(conn, isBinary ? null : data.toString()).catch((err: unknown) => {
        this.log.error({ err }, 'websocket message failed');
        this.reply(conn, 'error', 0, 'err.internal');
      });
    });
    socket.on('close', () => this.drop(conn));
    socket.on('error', () => this.drop(conn));
  }

  /**
   * Subscribes to the bus: what the market and the engine publish reaches this node's connections, and ended sessions
   * silence their sockets. Starts the periodic check of the sockets' sessions.
   */
  attach(bus: Bus): () => void {
    const unsubscribe = bus.subscribe(this);
    const stopRevocations = bus.onSessionsRevoked(({ sessionIds }) => this.sessionsRevoked(sessionIds));
    const stopUsers = bus.onUsersChanged(({ userIds }) => void this.revariant(userIds));
    this.buses = [...this.buses, bus];
    this.checkTimer ??= setInterval(() => void this.checkSessions(), SESSION_CHECK_MS).unref();
    return () => {
      unsubscribe();
      stopRevocations();
      stopUsers();
      this.buses = this.buses.filter((b) => b !== bus);
    };
  }

  /** Lets the varying public channels (quotes) read per socket variant from now on (the market sets it). */
  setVariants(variants: PriceVariants): void {
    this.variants = variants;
    for (const [userId] of this.byUser) void this.revariant([userId]);
  }

  /**
   * Users whose rows changed (on any node): their sockets here take their variant afresh, so a change of account type
   * moves them to the new type's prices from the next quote on.
   */
  async revariant(userIds: readonly number[]): Promise<void> {
    const variants = this.variants;
    if (!variants) return;
    for (const userId of userIds) {
      if (!this.byUser.has(userId)) continue;
      try {
        const variant = await variants.reread(userId);
        for (const c of this.byUser.get(userId) ?? []) c.variant = variant;
      } catch (err) {
        this.log.error({ err }, 'websocket price variant not re-read');
      }
    }
  }

  /**
   * Ends the private channels of every socket logged in with one of these sessions, at once: each gets
   * `session_revoked` (no `sub` needed) and no more private messages; its public channels go on.
   */
  sessionsRevoked(sessionIds: readonly number[]): void {
    const now = performance.now();
    for (const id of sessionIds) {
      this.revoked.set(id, now);
      for (const c of [...(this.bySession.get(id) ?? [])]) {
        this.logout(c);
        this.send(c, SESSION_REVOKED);
      }
    }
  }

  /**
   * Checks the sessions of this node's logged-in sockets: those that expired (idle or absolute), were revoked (a
   * signal the bus lost) or whose user was disabled are silenced as a revocation would; socket activity since the last
   * check counts as the session's activity. Runs every SESSION_CHECK_MS; tests call it directly.
   */
  checkSessions(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    const cutoff = performance.now() - REVOKED_MEMORY_MS;
    for (const [id, at] of this.revoked) if (at < cutoff) this.revoked.delete(id);
    const ids = [...this.bySession.keys()];
    if (ids.length === 0) return;
    const active = new Set<number>();
    for (const [id, conns] of this.bySession) {
      for (const c of conns) {
        if (c.active) active.add(id);
        c.active = false;
      }
    }
    try {
      this.sessionsRevoked(await this.auth.checkSockets(ids, active));
    } catch (err) {
      this.log.error({ err }, 'websocket session check failed');
    }
  }

  /**
   * Counts a message against the socket's budget. A client past it is told once (`error`, in its language) and
   * closed with 1008: a flood never reaches the handlers nor grows server work.
   */
  private withinRate(conn: Connection): boolean {
    if (conn.flooded) return false;
    const now = performance.now();
    conn.tokens = Math.min(this.burst, conn.tokens + (now - conn.refilledAt) * this.ratePerMs);
    conn.refilledAt = now;
    if (conn.tokens >= 1) {
      conn.tokens -= 1;
      return true;
    }
    conn.flooded = true;
    this.reply(conn, 'error', 0, 'ws.too_many_messages');
    conn.socket.close(CLOSE_POLICY, 'too many messages');
    this.drop(conn);
    return false;
  }

  deliver(channel: string, message: object, conflateKey?: string): void {
    this.publish(channel, message, conflateKey);
  }

  deliverToUser(userId: number, channel: string, message: UserMessage): void {
    this.publishToUser(userId, channel, message);
  }

  hasSubscribers(channel: string): boolean {
    return (this.byChannel.get(channel)?.size ?? 0) > 0;
  }

  /**
   * Queues a public channel's message for its subscribers, serialised and framed once for all of them. What is
   * published during one turn of the event loop goes to each client in a single socket write, right after the turn:
   * no added delay, and one system call per client instead of one per message; messages published while a pass over
   * many clients runs join it (fanout.ts). With a `conflateKey` (a quote's symbol), a client that is behind gets only
   * the newest message per key when it catches up.
   */
  publish(channel: string, message: object, conflateKey?: string): void {
    const subs = this.byChannel.get(channel);
    if (!subs || subs.size === 0) return;
    this.fanout.publish(channel, message, conflateKey);
  }

  /** Sends every queued public message now (tests; the gateway itself sends them right after the turn). */
  flushOutbox(): void {
    this.fanout.flushOutbox();
  }

  /** One channel's messages to one client: a single write, or one conflated message per key when it is behind. */
  private deliverBatch(c: Connection, batch: FrameBatch): void {
    if (!this.admits(c)) return;
    const raw = rawSocket(c.socket);
    if (raw && c.pending.size === 0 && c.socket.bufferedAmount <= CONFLATE_ABOVE_BYTES) raw.write(batch.joined);
    else for (let i = 0; i < batch.frames.length; i++) this.send(c, batch.frames[i]!, batch.keys[i]);
  }

  /**
   * Sends a user channel's message to that user's subscribed connections only; on EVERY_USER_SOCKET, to every
   * connection logged in as the user, without a `sub`. A function builds the message per connection language (notices
   * with translated text).
   */
  publishToUser(userId: number, channel: string, message: UserMessage): void {
    const conns = this.byUser.get(userId);
    if (!conns) return;
    const everyone = channel === EVERY_USER_SOCKET;
    let text: string | undefined;
    for (const c of conns) {
      if (!everyone && !c.channels.has(channel)) continue;
      if (typeof message === 'function') this.send(c, JSON.stringify(message(c.lang)));
      else this.send(c, (text ??= JSON.stringify(message)));
    }
  }

  /**
   * Whether `userId` has a connection here subscribed to `channel`; on EVERY_USER_SOCKET, whether it has one logged
   * in (so the bus counts the traders online on every node).
   */
  listens(channel: string, userId: number): boolean {
    const conns = this.byUser.get(userId);
    if (channel === EVERY_USER_SOCKET) return conns !== undefined;
    if (conns) for (const c of conns) if (c.channels.has(channel)) return true;
    return false;
  }

  /** The signed-in users with at least one connection subscribed to `channel` (on EVERY_USER_SOCKET, all of them). */
  *listeners(channel: string): Iterable<number> {
    if (channel === EVERY_USER_SOCKET) {
      yield* this.byUser.keys();
      return;
    }
    for (const [userId, conns] of this.byUser) {
      for (const c of conns) {
        if (c.channels.has(channel)) {
          yield userId;
          break;
        }
      }
    }
  }

  /** Ends a user's sign-in on every connection (logout elsewhere, password change). */
  logoutUser(userId: number): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) this.logout(c);
  }

  closeAll(): void {
    this.fanout.clear();
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.flushTimer = undefined;
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = undefined;
    for (const c of this.connections) c.socket.close(1001, 'server shutting down');
  }

  private async onMessage(conn: Connection, text: string | null): Promise<void> {
    if (text === 'ping') {
      conn.socket.send('pong');
      return;
    }
    if (text === null || text.length > MAX_MESSAGE_BYTES) return this.reply(conn, 'error', 0, 'ws.bad_message');
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return this.reply(conn, 'error', 0, 'ws.bad_message');
    }
    if (typeof msg !== 'object' || msg === null) return this.reply(conn, 'error', 0, 'ws.bad_message');
    const { type, params } = msg as { type?: unknown; params?: unknown };
    const param = typeof params === 'string' ? params : '';
    switch (type) {
      case 'login': {
        conn.active = true;
        let found: Awaited<ReturnType<GatewayAuth['fromToken']>>;
        try {
          found = await this.auth.fromToken(param);
        } catch (err) {
          // The session could not be read (the database away for a moment): not a refusal. The client is told to log
          // in again, or this socket would serve quotes and never the account's figures until it reconnected.
          this.log.warn({ err }, 'websocket login: the session could not be read');
          return this.reply(conn, 'login_result', 0, 'err.internal', undefined, { retry: true });
        }
        // A revocation that arrived while the session was being read wins; so does the socket having closed meanwhile.
        if (!found || this.revoked.has(found.sessionId)) return this.reply(conn, 'login_result', 0, 'err.session_expired');
        if (!this.connections.has(conn)) return;
        if (conn.userId !== undefined && conn.userId !== found.user.id) this.logout(conn);
        else this.forgetSession(conn);
        conn.userId = found.user.id;
        conn.sessionId = found.sessionId;
        conn.variant = this.variants?.ofUser(found.user) ?? 0;
        let mine = this.byUser.get(conn.userId);
        if (!mine) {
          this.byUser.set(conn.userId, (mine = new Set()));
          this.noteInterest(EVERY_USER_SOCKET, conn.userId);
        }
        mine.add(conn);
        let same = this.bySession.get(conn.sessionId);
        if (!same) this.bySession.set(conn.sessionId, (same = new Set()));
        same.add(conn);
        return this.reply(conn, 'login_result', 1, 'ws.ok');
      }
      case 'logout':
        conn.active = true;
        this.logout(conn);
        return this.reply(conn, 'logout_result', 1, 'ws.ok');
      case 'sub':
        conn.active = true;
        return this.subscribe(conn, param);
      case 'unsub':
        conn.active = true;
        this.unsubscribe(conn, param);
        return this.reply(conn, 'unsub_result', 1, 'ws.ok', param);
      default:
        return this.reply(conn, 'error', 0, 'ws.unknown_type');
    }
  }

  private subscribe(conn: Connection, channel: string): void {
    const policy = this.policies.find((p) =>
      'exact' in p.match
        ? p.match.exact === channel
        : channel.startsWith(p.match.prefix) && channel.length > p.match.prefix.length,
    );
    if (!policy || (policy.accepts && !policy.accepts(channel)))
      return this.reply(conn, 'sub_result', 0, 'ws.unknown_channel', channel);
    if (policy.requiresLogin && conn.userId === undefined) return this.reply(conn, 'sub_result', 0, 'ws.login_required', channel);
    if (!conn.channels.has(channel) && conn.channels.size >= MAX_CHANNELS_PER_CONNECTION)
      return this.reply(conn, 'sub_result', 0, 'ws.too_many_subscriptions', channel);
    conn.channels.add(channel);
    let set = this.byChannel.get(channel);
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(conn);
    this.noteInterest(channel, policy.requiresLogin ? conn.userId : undefined);
    this.reply(conn, 'sub_result', 1, 'ws.ok', channel);
    const greeting = policy.greeting?.();
    if (greeting) this.send(conn, JSON.stringify(greeting));
  }

  /** Drops a channel of a connection; `userId` is whom it listened as (a connection being logged out has none left). */
  private unsubscribe(conn: Connection, channel: string, userId = conn.userId): void {
    if (!conn.channels.delete(channel)) return;
    const set = this.byChannel.get(channel);
    set?.delete(conn);
    this.fanout.forget(conn, channel);
    if (set?.size === 0) this.byChannel.delete(channel);
    this.noteInterest(channel, this.isUserChannel(channel) ? userId : undefined);
  }

  private isUserChannel(channel: string): boolean {
    const policy = this.policies.find((p) =>
      'exact' in p.match ? p.match.exact === channel : channel.startsWith(p.match.prefix),
    );
    return policy?.requiresLogin ?? false;
  }

  private noteInterest(channel: string, userId: number | undefined): void {
    for (const bus of this.buses) bus.noteInterest(channel, userId);
  }

  /** Signs a connection out and drops its user channels; public channels stay. */
  private logout(conn: Connection): void {
    const userId = conn.userId;
    this.forgetUser(conn);
    conn.userId = undefined;
    conn.variant = 0;
    for (const ch of [...conn.channels]) if (this.isUserChannel(ch)) this.unsubscribe(conn, ch, userId);
  }

  private drop(conn: Connection): void {
    this.behind.delete(conn);
    conn.pending.clear();
    if (!this.connections.delete(conn)) return;
    this.forgetUser(conn);
    for (const ch of [...conn.channels]) this.unsubscribe(conn, ch);
  }

  private forgetSession(conn: Connection): void {
    if (conn.sessionId === undefined) return;
    const same = this.bySession.get(conn.sessionId);
    same?.delete(conn);
    if (same?.size === 0) this.bySession.delete(conn.sessionId);
    conn.sessionId = undefined;
  }

  private forgetUser(conn: Connection): void {
    this.forgetSession(conn);
    if (conn.userId === undefined) return;
    const mine = this.byUser.get(conn.userId);
    mine?.delete(conn);
    if (mine?.size === 0) {
      this.byUser.delete(conn.userId);
      this.noteInterest(EVERY_USER_SOCKET, conn.userId);
    }
  }

  private reply(
    conn: Connection,
    type: string,
    code: number,
    key: MessageKey,
    channel?: string,
    extra?: Record<string, unknown>,
  ): void {
    const body: Record<string, unknown> = { type, code, msg: translate(conn.lang, key), ...extra };
    if (channel !== undefined) body.channel = channel;
    this.send(conn, JSON.stringify(body));
  }

  /** False when the connection cannot take more: closed, or so far behind that it is cut off (and dropped). */
  private admits(conn: Connection): boolean {
    if (conn.socket.readyState !== conn.socket.OPEN) return false;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      // Too slow to keep up even with conflation: cut off, never allowed to grow server memory.
      conn.socket.terminate();
      this.drop(conn);
      return false;
    }
    return true;
  }

  private send(conn: Connection, text: Frame, conflateKey?: string): void {
    if (!this.admits(conn)) return;
    if (conflateKey !== undefined && (conn.socket.bufferedAmount > CONFLATE_ABOVE_BYTES || conn.pending.size > 0)) {
      // Behind: keep only the newest message per key; re-insert so delivery follows the latest update order.
      conn.pending.delete(conflateKey);
      conn.pending.set(conflateKey, text);
      this.markBehind(conn);
      return;
    }
    this.write(conn, text);
  }

  /**
   * Writes a prebuilt frame straight to the connection's socket (ws sends in order and, without compression, never
   * queues frames of its own, so whole frames interleave safely); strings go through ws as usual.
   */
  private write(conn: Connection, data: Frame): void {
    if (typeof data === 'string') {
      conn.socket.send(data);
      return;
    }
    const raw = rawSocket(conn.socket);
    if (raw) raw.write(data);
    else conn.socket.send(data.subarray(data[1] === 126 ? 4 : data[1] === 127 ? 10 : 2), { binary: false });
  }

  private markBehind(conn: Connection): void {
    this.behind.add(conn);
    this.flushTimer ??= setInterval(() => this.flushBehind(), CONFLATION_FLUSH_MS);
  }

  /** Offers conflated messages to clients that have caught up enough to take them. */
  flushBehind(): void {
    for (const conn of this.behind) {
      if (conn.socket.readyState !== conn.socket.OPEN) {
        this.drop(conn);
        continue;
      }
      if (conn.socket.bufferedAmount > CONFLATE_ABOVE_BYTES) continue;
      const messages = [...conn.pending.values()];
      conn.pending.clear();
      this.behind.delete(conn);
      for (const text of messages) this.write(conn, text);
    }
    if (this.behind.size === 0 && this.flushTimer) {
      clearInterval(this.flushTimer);
      this.flushTimer = undefined;
    }
  }
}
