import { CHANNELS, type Lang, type MessageOn, type PublicChannel, type UserChannel } from '@tradepad/contracts';

/** A user channel's message: one object for every connection, or one built per connection language (notices). */
export type UserMessage<M extends object = object> = M | ((lang: Lang) => M);

/**
 * The user channel no one subscribes to: a message published to it reaches every socket logged in as that user,
 * without a `sub` (DESIGN §10: `session_revoked`, `ALERT` and `SUPPORT`). Clients cannot `sub` to it by name.
 */
export const EVERY_USER_SOCKET = CHANNELS.EVERY_USER_SOCKET.name;

/**
 * Where published messages go: the subscribers' side of the {@link Bus}. Channels and messages are plain here: the
 * bus typed them when they were published (a message from another node was typed on its publisher). The realtime gateway is one (it writes to
 * websockets); a Redis bridge forwarding to other nodes would be another.
 */
export interface BusSubscriber {
  /** A public channel's message; `conflateKey` (a quote's symbol) lets a slow reader keep only the newest per key. */
  deliver(channel: string, message: object, conflateKey?: string): void;
  /** A user channel's message, for that user's connections only. */
  deliverToUser(userId: number, channel: string, message: UserMessage): void;
  /** Whether this subscriber has anyone listening to `channel`. */
  hasSubscribers(channel: string): boolean;
  /** The users this subscriber has listening to the user channel `channel`. */
  listeners(channel: string): Iterable<number>;
  /** Whether `userId` listens to the user channel `channel` here (answered from `listeners` when absent). */
  listens?(channel: string, userId: number): boolean;
}

/**
 * Sessions that just ended: a logout, a password change or reset, a staff action, expiry. Plain data, so a bus that
 * crosses nodes (Redis) can carry it as JSON.
 */
export interface SessionsRevoked {
  sessionIds: readonly number[];
}

/** Told of every ended session, on every node: the gateway silences their sockets, session caches forget them. */
export type SessionsRevokedListener = (signal: SessionsRevoked) => void;

/**
 * Staff changed instruments' terms (`instruments_changed`, issue 18 point 6): every node re-reads them, so the trade
 * list, the engine's fills and the app follow at once. Plain data, as a bus between nodes would carry it as JSON.
 */
export interface InstrumentsChanged {
  ids: readonly number[];
}

export type InstrumentsChangedListener = (signal: InstrumentsChanged) => void;

/**
 * Users whose rows changed (trading or sign-in switched, password, profile): every node forgets what its memory holds
 * of them (the session cache keeps a trader's row for a few seconds), so a staff switch holds on every node at once.
 */
export interface UsersChanged {
  userIds: readonly number[];
}

export type UsersChangedListener = (signal: UsersChanged) => void;

/** Staff changed the account types (DESIGN §16): every node re-reads them (prices, commission, levels follow at once). */
export type AccountTypesChangedListener = () => void;

/**
 * The instruments the node running the feed cannot quote (an LP feed's unmapped or rejected symbols, DESIGN §14), with
 * why: the whole set, told when it changes and every few seconds, so a node that does not run the feed (an API node, a
 * standby) closes the same instruments in its trade list and a node that joins late learns them.
 */
export interface FeedClosed {
  closed: Readonly<Record<string, string>>;
}

export type FeedClosedListener = (signal: FeedClosed) => void;

/**
 * The event bus port (DESIGN §2): the market publishes quotes and candles, the engine pushes account figures and
 * closures, and whoever holds the connections subscribes. Producers never know the gateway. In process on one node
 * ({@link InProcessBus}); with REDIS_URL, `RedisBus` (ports/redis-bus.ts) carries the same calls between nodes.
 */
export interface Bus {
  /** A public channel's message, of the type the channel carries (contracts' CHANNELS). */
  publish<C extends PublicChannel>(channel: C, message: MessageOn<C>, conflateKey?: string): void;
  /** A user channel's message for one user, of the type the channel carries, or built per connection language. */
  publishToUser<C extends UserChannel>(userId: number, channel: C, message: UserMessage<MessageOn<C>>): void;
  /** Whether anyone listens to `channel`, so a producer can skip building messages nobody reads. */
  hasSubscribers(channel: string): boolean;
  /** The users listening to a user channel (the engine pushes figures only to them). */
  listeners(channel: string): Iterable<number>;
  /** Adds a subscriber; returns its removal. */
  subscribe(subscriber: BusSubscriber): () => void;
  /**
   * A subscriber tells the bus that who listens to `channel` may have changed (a socket subscribed, unsubscribed,
   * logged out or closed), and for a user channel which user: a bus between nodes re-reads it and tells the other
   * nodes, so their `hasSubscribers` and `listeners` answer for the whole cluster. The in-process bus needs nothing.
   */
  noteInterest(channel: string, userId?: number): void;
  /**
   * Announces ended sessions to every node (call it after the commit that ended them): sockets logged in with them get
   * `session_revoked` and no more private messages, and no node serves them from memory any longer.
   */
  publishSessionsRevoked(signal: SessionsRevoked): void;
  /** Listens to ended sessions; returns its removal. */
  onSessionsRevoked(listener: SessionsRevokedListener): () => void;
  /** Announces committed instrument changes to every node (`instruments_changed`; after the commit). */
  publishInstrumentsChanged(signal: InstrumentsChanged): void;
  /** Listens to instrument changes; returns its removal. */
  onInstrumentsChanged(listener: InstrumentsChangedListener): () => void;
  /** Announces committed changes to users' rows to every node (after the commit). */
  publishUsersChanged(signal: UsersChanged): void;
  /** Listens to users' row changes; returns its removal. */
  onUsersChanged(listener: UsersChangedListener): () => void;
  /** Tells every node which instruments the feed cannot quote (the node running the feed). */
  publishFeedClosed(signal: FeedClosed): void;
  /** Listens to the feed's closed instruments; returns its removal. */
  onFeedClosed(listener: FeedClosedListener): () => void;
  /** Announces committed account type changes to every node (after the commit). */
  publishAccountTypesChanged(): void;
  /** Listens to account type changes; returns its removal. */
  onAccountTypesChanged(listener: AccountTypesChangedListener): () => void;
}

/**
 * The single-process bus: hands each message, as the very object published, straight to the subscribers. It adds no
 * serialisation, copy or queue per message: the gateway still encodes a public message once into one websocket frame
 * for all its connections, exactly as when it was called directly.
 */
export class InProcessBus implements Bus {
  private subscribers: BusSubscriber[] = [];
  private revokedListeners: SessionsRevokedListener[] = [];
  private instrumentListeners: InstrumentsChangedListener[] = [];
  private userListeners: UsersChangedListener[] = [];
  private feedListeners: FeedClosedListener[] = [];
  private typeListeners: AccountTypesChangedListener[] = [];

  publish<C extends PublicChannel>(channel: C, message: MessageOn<C>, conflateKey?: string): void {
    this.deliver(channel, message, conflateKey);
  }

  publishToUser<C extends UserChannel>(userId: number, channel: C, message: UserMessage<MessageOn<C>>): void {
    this.deliverToUser(userId, channel, message);
  }

  /** Hands a message to every subscriber: a typed publish, or one another node published (RedisBus). */
  deliver(channel: string, message: object, conflateKey?: string): void {
    const subs = this.subscribers;
    for (let i = 0; i < subs.length; i++) subs[i]!.deliver(channel, message, conflateKey);
  }

  deliverToUser(userId: number, channel: string, message: UserMessage): void {
    const subs = this.subscribers;
    for (let i = 0; i < subs.length; i++) subs[i]!.deliverToUser(userId, channel, message);
  }

  hasSubscribers(channel: string): boolean {
    return this.subscribers.some((s) => s.hasSubscribers(channel));
  }

  *listeners(channel: string): Iterable<number> {
    if (this.subscribers.length === 1) {
      yield* this.subscribers[0]!.listeners(channel);
      return;
    }
    const seen = new Set<number>();
    for (const s of this.subscribers) {
      for (const userId of s.listeners(channel)) {
        if (seen.has(userId)) continue;
        seen.add(userId);
        yield userId;
      }
    }
  }

  /** Whether `userId` listens to the user channel `channel` on one of the subscribers. */
  listens(channel: string, userId: number): boolean {
    for (const s of this.subscribers) {
      if (s.listens ? s.listens(channel, userId) : [...s.listeners(channel)].includes(userId)) return true;
    }
    return false;
  }

  noteInterest(): void {
    // One process: hasSubscribers and listeners ask the subscribers themselves.
  }

  subscribe(subscriber: BusSubscriber): () => void {
    this.subscribers = [...this.subscribers, subscriber];
    return () => {
      this.subscribers = this.subscribers.filter((s) => s !== subscriber);
    };
  }

  publishSessionsRevoked(signal: SessionsRevoked): void {
    if (signal.sessionIds.length === 0) return;
    // Each listener gets its own copy of the ids, as a bus between nodes would hand it.
    for (const listener of this.revokedListeners) listener({ sessionIds: [...signal.sessionIds] });
  }

  onSessionsRevoked(listener: SessionsRevokedListener): () => void {
    this.revokedListeners = [...this.revokedListeners, listener];
    return () => {
      this.revokedListeners = this.revokedListeners.filter((l) => l !== listener);
    };
  }

  publishInstrumentsChanged(signal: InstrumentsChanged): void {
    for (const listener of this.instrumentListeners) listener({ ids: [...signal.ids] });
  }

  onInstrumentsChanged(listener: InstrumentsChangedListener): () => void {
    this.instrumentListeners = [...this.instrumentListeners, listener];
    return () => {
      this.instrumentListeners = this.instrumentListeners.filter((l) => l !== listener);
    };
  }

  publishUsersChanged(signal: UsersChanged): void {
    if (signal.userIds.length === 0) return;
    for (const listener of this.userListeners) listener({ userIds: [...signal.userIds] });
  }

  onUsersChanged(listener: UsersChangedListener): () => void {
    this.userListeners = [...this.userListeners, listener];
    return () => {
      this.userListeners = this.userListeners.filter((l) => l !== listener);
    };
  }

  publishFeedClosed(signal: FeedClosed): void {
    for (const listener of this.feedListeners) listener({ closed: { ...signal.closed } });
  }

  onFeedClosed(listener: FeedClosedListener): () => void {
    this.feedListeners = [...this.feedListeners, listener];
    return () => {
      this.feedListeners = this.feedListeners.filter((l) => l !== listener);
    };
  }

  publishAccountTypesChanged(): void {
    for (const listener of this.typeListeners) listener();
  }

  onAccountTypesChanged(listener: AccountTypesChangedListener): () => void {
    this.typeListeners = [...this.typeListeners, listener];
    return () => {
      this.typeListeners = this.typeListeners.filter((l) => l !== listener);
    };
  }
}
