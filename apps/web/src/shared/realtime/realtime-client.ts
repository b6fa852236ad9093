import {
  CHANNEL_KLINE_PREFIX,
  CHANNEL_ROWS,
  type ClientMessage,
  type MessageOn,
  type ServerMessage,
  type SubscribableChannel,
} from '@tradepad/contracts/realtime/channels';
import {
  RESULT_TYPES,
  WS_CONNECT_TIMEOUT_MS,
  WS_MAX_MISSED_PONGS,
  WS_PING_INTERVAL_MS,
  WS_SESSION_REVOKED,
} from '@tradepad/contracts/realtime/protocol';

/**
 * The live socket of spec §4/§9 and DESIGN §4: one connection, text ping every 5 s, reconnect after more than two
 * unanswered pings or a 5 s connect time-out, exponential back-off capped at a few seconds. The session login and the
 * channel subscriptions are state, not messages: they are (re)sent on every open, so a reconnect restores them.
 * Control messages (`login`, `logout`, `sub`, `unsub`) sent while the socket is not open wait in a queue and go out
 * on the next open; anything else is dropped, never sent late (issue 17: nothing the user did goes out by itself
 * when a lost connection comes back).
 */

/** The messages that describe the socket's state rather than an action: the only ones kept for the next open. */
const CONTROL_TYPES: ReadonlySet<string> = new Set(['login', 'logout', 'sub', 'unsub']);

/** Whether a serialised client message is a control message (see CONTROL_TYPES). */
export function isControlMessage(data: string): boolean {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && CONTROL_TYPES.has(String((parsed as { type?: unknown }).type));
  } catch {
    return false;
  }
}

/** The part of the browser WebSocket this client uses, so the `ws` package can stand in for it in Node tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';
/** A decoded server message, told apart by `type` (what each channel carries is contracts' CHANNELS). */
export type RealtimeMessage = ServerMessage;
export type ChannelListener = (message: RealtimeMessage) => void;

export interface RealtimeOptions {
  /** The socket URL, or a function giving it (read on every connect). */
  url: string | (() => string);
  /** Creates a socket; defaults to the global WebSocket. */
  createSocket?: SocketFactory;
  pingIntervalMs?: number;
  connectTimeoutMs?: number;
  maxMissedPongs?: number;
  /** First reconnect delay; doubles each failed attempt up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Called with each login_result: whether the server accepted the session on this socket. */
  onLoginResult?: (ok: boolean) => void;
  onStatus?: (status: RealtimeStatus) => void;
}

/** The `type`s the server sends: its answers, and what the channels of the table carry. */
const SERVER_TYPES: ReadonlySet<string> = new Set([...RESULT_TYPES, ...CHANNEL_ROWS.flatMap((row) => row.types)]);

/** The channel named in the table for each pushed `type` (the margin-call notice rides on FOREX_TRADE). */
const CHANNEL_BY_TYPE: ReadonlyMap<string, string> = new Map(
  CHANNEL_ROWS.flatMap((row) => row.types.map((type) => [type, row.name] as const)),
);

/** Whether a decoded frame is a message of the protocol: an object whose `type` the server sends. */
export function isServerMessage(value: unknown): value is ServerMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    typeof value.type === 'string' &&
    SERVER_TYPES.has(value.type)
  );
}

/**
 * Which channel a push belongs to, by the table: `KLINE` messages go to `KLINE.<symbol>`, the rest to the channel whose
 * row lists their `type` (a `MARGIN_CALL` notice to `FOREX_TRADE`, where it is sent); an answer to its `type`.
 */
export function channelOf(message: RealtimeMessage): string {
  if (message.type === 'KLINE') return `${CHANNEL_KLINE_PREFIX}${message.symbol}`;
  return CHANNEL_BY_TYPE.get(message.type) ?? message.type;
}

/** Whether `message` belongs to `channel` (what the listeners of `channel` are told, typed by the table). */
function carries<C extends SubscribableChannel>(
  channel: C,
  message: RealtimeMessage,
): message is Extract<RealtimeMessage, MessageOn<C>> {
  return channelOf(message) === channel;
}

export interface SubscribeOptions {
  /**
   * A user channel (FOREX_TRADE, FOREX_CLOSED): the server refuses it before the socket's login is accepted, and the
   * login is checked asynchronously, so `sub` goes out after each accepted `login_result`, never before.
   */
  afterLogin?: boolean;
}

export class RealtimeClient {
  private readonly opts: Required<Omit<RealtimeOptions, 'onLoginResult' | 'onStatus'>> &
    Pick<RealtimeOptions, 'onLoginResult' | 'onStatus'>;
  private socket: SocketLike | null = null;
  private statusValue: RealtimeStatus = 'idle';
  private token: string | null = null;
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  /** Channels that are subscribed only once the session login is accepted. */
  private readonly userChannels = new Set<string>();
  private readonly anyListeners = new Set<ChannelListener>();
  private readonly revokedListeners = new Set<() => void>();
  private queue: string[] = [];
  private missedPongs = 0;
  private attempt = 0;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private connectTimer: ReturnType<typeof setTimeout> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** A login the server could not check just then (`retry`), sent again after a backoff on the same socket. */
  private reloginTimer: ReturnType<typeof setTimeout> | null = null;
  private reloginAttempt = 0;
  private stopped = true;
  private sessionAccepted = false;
  /**
   * A login sent and not answered yet. A `session_revoked` then is about the session the socket had before (the
   * server tells only sockets logged in with the ended session, and answers this login after it): a switch between
   * one's real and demo account (issue 21) ends the old session as the new one logs in, and must not end the new one.
   */
  private loginPending = false;

  constructor(options: RealtimeOptions) {
    this.opts = {
      pingIntervalMs: WS_PING_INTERVAL_MS,
      connectTimeoutMs: WS_CONNECT_TIMEOUT_MS,
      maxMissedPongs: WS_MAX_MISSED_PONGS,
      baseBackoffMs: 500,
      maxBackoffMs: 4000,
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      ...options,
    };
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** Whether the server accepted the session login on the current socket. */
  get loggedIn(): boolean {
    return this.sessionAccepted;
  }

  /** Makes sure a connection is open or on its way. Safe to call on every navigation. */
  connect(): void {
    this.stopped = false;
    if (this.socket || this.reconnectTimer) return;
    this.open();
  }

  /** Closes for good (until the next `connect`), dropping the queue. Subscriptions and the token are kept. */
  close(): void {
    this.stopped = true;
    this.queue = [];
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    this.sessionAccepted = false;
    this.loginPending = false;
    if (socket) {
      detach(socket);
      safeClose(socket);
    }
    this.setStatus('closed');
  }

  /** Logs the socket in with this session token now (if open) and after every reconnect. */
  login(token: string): void {
    this.token = token;
    if (this.isOpen()) {
      this.loginPending = true;
      this.sendNow({ type: 'login', params: token });
    }
  }

  /** Ends the session on the socket: sends `logout` if open; later reconnects no longer log in. */
  logout(): void {
    const had = this.token !== null;
    this.token = null;
    this.sessionAccepted = false;
    this.loginPending = false;
    if (had && this.isOpen()) this.sendNow({ type: 'logout', params: '' });
  }

  /**
   * Listens to a channel. The first listener of a channel sends `sub`, the removal of the last one sends `unsub`;
   * both only when open (a subscription made while closed goes out on open). A user channel (`afterLogin`) waits for
   * an accepted login instead, and is subscribed again after every later one. Returns the unsubscribe function.
   */
  subscribe<C extends SubscribableChannel>(
    channel: C,
    listener: (message: MessageOn<C>) => void,
    options: SubscribeOptions = {},
  ): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      if (options.afterLogin) this.userChannels.add(channel);
      if (this.canSubscribe(channel)) this.sendNow({ type: 'sub', params: channel });
    }
    // A wrapper so the same function can be subscribed twice and removed once per call; it also narrows the message
    // to what the channel carries (always so: messages are routed by channelOf).
    const entry: ChannelListener = (m) => {
      if (carries(channel, m)) listener(m);
    };
    set.add(entry);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(entry);
      if (current.size === 0) {
        this.listeners.delete(channel);
        const sent = this.canSubscribe(channel);
        this.userChannels.delete(channel);
        if (sent) this.sendNow({ type: 'unsub', params: channel });
      }
    };
  }

  /** Listens to every message (results and pushes). Returns the remover. */
  onMessage(listener: ChannelListener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  /**
   * Listens to the server ending the session this socket is logged in with (`session_revoked`: a logout elsewhere, a
   * password change or reset, expiry). Not called once `logout` was sent: then the end was ours. Returns the remover.
   */
  onSessionRevoked(listener: () => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /** Channels with at least one listener. */
  channels(): string[] {
    return [...this.listeners.keys()];
  }

  /**
   * Sends a message now. While the socket is not open a control message is queued until it opens; anything else is
   * dropped. Returns whether the message was sent or queued.
   */
  send(message: ClientMessage | string): boolean {
    const data = typeof message === 'string' ? message : JSON.stringify(message);
    if (this.isOpen() && this.socket) {
      this.socket.send(data);
      return true;
    }
    if (!isControlMessage(data)) return false;
    this.queue.push(data);
    return true;
  }

  /**
   * The network is back (the browser's `online` event): try at once instead of waiting out the back-off, unless a
   * socket is already open or on its way.
   */
  retryNow(): void {
    if (this.stopped || this.socket) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.attempt = 0;
    this.open();
  }

  /**
   * The network is gone (the browser's `offline` event): give up on the current socket now rather than after the
   * missed pongs, so the app shows it is reconnecting; attempts go on with the back-off.
   */
  networkLost(): void {
    if (this.socket) this.drop(this.socket);
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN && this.statusValue === 'open';
  }

  /** Whether `sub` for `channel` may go out now: open, and for a user channel, logged in on this socket. */
  private canSubscribe(channel: string): boolean {
    return this.isOpen() && (!this.userChannels.has(channel) || this.sessionAccepted);
  }

  private sendNow(message: ClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    this.opts.onStatus?.(status);
  }

  private open(): void {
    this.reconnectTimer = null;
    const url = typeof this.opts.url === 'function' ? this.opts.url() : this.opts.url;
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    this.connectTimer = setTimeout(() => {
      this.connectTimer = null;
      if (this.socket === socket && this.statusValue !== 'open') this.drop(socket);
    }, this.opts.connectTimeoutMs);

    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.clearConnectTimer();
      this.attempt = 0;
      this.missedPongs = 0;
      this.setStatus('open');
      if (this.token) {
        this.loginPending = true;
        this.sendNow({ type: 'login', params: this.token });
      }
      for (const channel of this.listeners.keys()) {
        if (!this.userChannels.has(channel)) this.sendNow({ type: 'sub', params: channel });
      }
      const pending = this.queue;
      this.queue = [];
      for (const data of pending) socket.send(data);
      this.pingTimer = setInterval(() => this.tick(socket), this.opts.pingIntervalMs);
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.receive(ev.data);
    };
    socket.onerror = () => {
      // A close event follows; that is where reconnection happens.
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.drop(socket);
    };
  }

  /** Every ping interval: give up on the socket after too many unanswered pings, else ping again. */
  private tick(socket: SocketLike): void {
    if (this.socket !== socket) return;
    if (this.missedPongs > this.opts.maxMissedPongs) {
      this.drop(socket);
      return;
    }
    this.missedPongs += 1;
    socket.send('ping');
  }

  private receive(data: unknown): void {
    const text = typeof data === 'string' ? data : String(data);
    if (text === 'pong') {
      this.missedPongs = 0;
      return;
    }
    let message: RealtimeMessage;
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isServerMessage(parsed)) return;
      message = parsed;
    } catch {
      return;
    }
    if (message.type === 'login_result') {
      this.loginPending = false;
      this.sessionAccepted = message.code === 1 && this.token !== null;
      if (this.sessionAccepted) {
        this.reloginAttempt = 0;
        for (const channel of this.userChannels) this.sendNow({ type: 'sub', params: channel });
      } else if (message.retry === true) {
        // Not a refusal: without another login this socket would bring prices and never the account.
        this.scheduleRelogin();
      }
      this.opts.onLoginResult?.(this.sessionAccepted);
    }
    if (message.type === WS_SESSION_REVOKED && !this.loginPending) {
      // The token is dead: the server stopped this socket's private channels, and a reconnect must not send it again.
      const had = this.token !== null;
      this.token = null;
      this.sessionAccepted = false;
      this.loginPending = false;
      if (had) for (const listener of [...this.revokedListeners]) listener();
    }
    for (const listener of this.anyListeners) listener(message);
    const set = this.listeners.get(channelOf(message));
    if (set) for (const listener of [...set]) listener(message);
  }

  /** Forgets a dead or stuck socket and schedules the next attempt. */
  private drop(socket: SocketLike): void {
    if (this.socket !== socket) return;
    this.clearTimers();
    this.socket = null;
    this.sessionAccepted = false;
    this.loginPending = false;
    detach(socket);
    safeClose(socket);
    this.setStatus('closed');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = Math.min(this.opts.maxBackoffMs, this.opts.baseBackoffMs * 2 ** this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.open(), delay);
  }

  private scheduleRelogin(): void {
    if (this.reloginTimer || this.token === null) return;
    const delay = Math.min(this.opts.maxBackoffMs, this.opts.baseBackoffMs * 2 ** this.reloginAttempt);
    this.reloginAttempt += 1;
    this.reloginTimer = setTimeout(() => {
      this.reloginTimer = null;
      if (this.token !== null && this.isOpen() && !this.sessionAccepted && !this.loginPending) this.login(this.token);
    }, delay);
  }

  private clearConnectTimer(): void {
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
  }

  private clearTimers(): void {
    this.clearConnectTimer();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.reloginTimer) clearTimeout(this.reloginTimer);
    this.reloginTimer = null;
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = () => {};
}

function safeClose(socket: SocketLike): void {
  try {
    socket.close();
  } catch {
    // Closing a socket that never connected may throw in some runtimes.
  }
}
