/**
 * One FIX 4.4 initiator session to a liquidity provider or prime broker (DESIGN §14), on the jspurefix engine
 * (`fix-engine.ts`): connect, log on, keep it up, reconnect with backoff (1 s doubling to 30 s) and tell what happens.
 * The market-data feed (`fix-feed.ts`) and hedging both sit on this: they see a state, a stream of application
 * messages read by tag, and `send`.
 *
 * One engine session object lives as long as this one, across connections, so sequence numbers survive a reconnect
 * unless `resetSeqNumOnLogon` resets them at each Logon (141=Y).
 */
import net from 'node:net';
import tls from 'node:tls';
import {
  fixEngine,
  readView,
  sessionConfig,
  transportOn,
  type FixLog,
  type FixMessage,
  type IJsFixConfig,
  type MsgView,
} from './fix-engine.ts';

export type { FixLog, FixMessage } from './fix-engine.ts';

/** What DESIGN §14's session entry holds (the feed file's `sessions[]`, the hedge file's `session`). */
export interface FixSessionOptions {
  name: string;
  host: string;
  port: number;
  senderCompId: string;
  targetCompId: string;
  username?: string | undefined;
  password?: string | undefined;
  heartbeatSeconds: number;
  resetSeqNumOnLogon: boolean;
  tls: boolean;
}

export type FixSessionState = 'connecting' | 'connected' | 'down';

export interface FixSessionStatus {
  name: string;
  state: FixSessionState;
  /** Unix ms of the last change of state. */
  since: number;
  /** Unix ms of the last message received (any, heartbeats too), or null. */
  lastMessageAt: number | null;
  /** Why it is down, or what last went wrong; null after a clean logon. */
  error: string | null;
}

export interface FixSessionTimings {
  /** The first wait before reconnecting; each failed attempt doubles it up to `maxBackoffMs`. */
  firstBackoffMs: number;
  maxBackoffMs: number;
  /** A TCP (and TLS) connection not made within this is a failed attempt. */
  connectTimeoutMs: number;
  /** A Logon not answered within this is a failed attempt. */
  logonTimeoutMs: number;
}

export const FIX_TIMINGS: FixSessionTimings = {
  firstBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  connectTimeoutMs: 10_000,
  logonTimeoutMs: 10_000,
};

/** The wait before the next attempt: the first after a session that logged on, else double the last, at most max. */
export function nextBackoff(lastMs: number | undefined, t: Pick<FixSessionTimings, 'firstBackoffMs' | 'maxBackoffMs'>) {
  return lastMs === undefined ? t.firstBackoffMs : Math.min(t.maxBackoffMs, lastMs * 2);
}

/** What the engine session reports to its owner. */
interface Hooks {
  ready(): void;
  message(msgType: string, view: MsgView): void;
  received(): void;
  stopped(error?: Error): void;
}

/**
 * The engine's ASCII session with its callbacks handed to us: its class is made when the first session is, since the
 * engine it extends loads on first use (fix-engine.ts).
 */
function defineHookedSession() {
  return class HookedSession extends fixEngine().AsciiSession {
    constructor(
      config: IJsFixConfig,
      private readonly hooks: Hooks,
    ) {
      super(config);
    }

    sendApp(msgType: string, body: object, done?: (err: Error | null) => void): void {
      this.send(msgType, body, done ? (err) => done(err) : null);
    }

    protected override onApplicationMsg(msgType: string, view: MsgView): void {
      this.hooks.message(msgType, view);
    }

    protected override onReady(): void {
      this.hooks.ready();
    }

    protected override onStopped(error?: Error): void {
      this.hooks.stopped(error);
    }

    /** An initiator is answered by the counterparty it called: accept it. */
    protected override onLogon(): boolean {
      return true;
    }

    protected override onDecoded(): void {
      this.hooks.received();
    }

    protected override onEncoded(): void {}
  };
}

type HookedSession = InstanceType<ReturnType<typeof defineHookedSession>>;
let HookedSessionClass: ReturnType<typeof defineHookedSession> | undefined;

export class FixSession {
  private session: HookedSession | undefined;
  private config: IJsFixConfig | undefined;
  private current: FixSessionStatus;
  private socket: net.Socket | undefined;
  private timer: NodeJS.Timeout | undefined;
  private backoffMs: number | undefined;
  private loggedOn = false;
  private running = false;
  /** Counts connections, so a late event of an earlier one is ignored. */
  private attempt = 0;
  private readonly stateListeners: Array<(s: FixSessionStatus) => void> = [];
  private readonly messageListeners: Array<(m: FixMessage) => void> = [];

  constructor(
    readonly options: FixSessionOptions,
    private readonly d: { log: FixLog; now?: () => number; timings?: Partial<FixSessionTimings> },
  ) {
    this.current = { name: options.name, state: 'down', since: this.now(), lastMessageAt: null, error: null };
  }

  get name(): string {
    return this.options.name;
  }

  status(): FixSessionStatus {
    return { ...this.current };
  }

  /** Hears every change of state (connecting, connected, down), with the status after it. */
  onState(listener: (s: FixSessionStatus) => void): void {
    this.stateListeners.push(listener);
  }

  /** Hears every application message (not the session layer's); read it during the call (see `FixMessage`). */
  onMessage(listener: (m: FixMessage) => void): void {
    this.messageListeners.push(listener);
  }

  /** Connects, and keeps reconnecting until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /**
   * Sends an application message (body fields by the dictionary's names, prices as decimal text); false when the
   * session is not logged on, so nothing was sent. `done` hears whether it reached the socket.
   */
  send(msgType: string, body: object, done?: (err: Error | null) => void): boolean {
    if (this.current.state !== 'connected' || !this.session) return false;
    this.session.sendApp(msgType, body, done);
    return true;
  }

  /** Logs out (waiting up to 2 s for the answer), closes the connection and stops reconnecting. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.timer);
    const session = this.session;
    if (session && this.current.state === 'connected') {
      const ended = new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 2_000);
        this.onceDown = () => {
          clearTimeout(t);
          resolve();
        };
      });
      session.done();
      await ended;
    }
    this.onceDown = undefined;
    this.attempt++;
    if (session && session.getState() !== fixEngine().SessionState.Stopped) session.requestStop('stopped by Tradepad');
    this.socket?.destroy();
    this.setState('down', null);
  }

  private onceDown: (() => void) | undefined;

  private get timings(): FixSessionTimings {
    return { ...FIX_TIMINGS, ...this.d.timings };
  }

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  private setState(state: FixSessionState, error: string | null): void {
    if (this.current.state === state && this.current.error === error) return;
    this.current = { ...this.current, state, error, since: this.now() };
    for (const l of this.stateListeners) l(this.status());
  }

  /** The engine session, made once: it keeps the sequence numbers between connections. */
  private async engineSession(): Promise<HookedSession> {
    if (this.session) return this.session;
    const o = this.options;
    this.config = await sessionConfig({ ...o, role: 'initiator' }, this.d.log);
    HookedSessionClass ??= defineHookedSession();
    const session = new HookedSessionClass(this.config, {
      ready: () => this.onLoggedOn(),
      message: (msgType, view) => {
        const m = readView(msgType, view);
        for (const l of this.messageListeners) l(m);
      },
      received: () => {
        this.current.lastMessageAt = this.now();
      },
      stopped: () => undefined,
    });
    // Between connections nothing else listens: an engine error then must not become an uncaught 'error' event.
    session.on('error', () => undefined);
    this.session = session;
    return session;
  }

  private async connect(): Promise<void> {
    const attempt = ++this.attempt;
    this.setState('connecting', this.current.error);
    let session: HookedSession;
    try {
      session = await this.engineSession();
    } catch (err) {
      this.lost(attempt, err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (attempt !== this.attempt || !this.running) return;
    const o = this.options;
    const t = this.timings;
    const socket = o.tls
      ? tls.connect({ host: o.host, port: o.port, servername: net.isIP(o.host) ? undefined : o.host })
      : net.createConnection({ host: o.host, port: o.port });
    this.socket = socket;
    socket.setNoDelay(true);
    const connectTimer = setTimeout(
      () => socket.destroy(new Error(`no connection within ${t.connectTimeoutMs} ms`)),
      t.connectTimeoutMs,
    );
    let handedOver = false;
    // Kept for the socket's life: once the engine runs on it, the engine hears its errors and ends its run.
    socket.on('error', (err) => {
      clearTimeout(connectTimer);
      if (!handedOver) this.lost(attempt, err);
    });
    socket.once(o.tls ? 'secureConnect' : 'connect', () => {
      clearTimeout(connectTimer);
      if (attempt !== this.attempt || !this.running) {
        socket.destroy();
        return;
      }
      handedOver = true;
      this.runOn(attempt, session, socket);
    });
  }

  private runOn(attempt: number, session: HookedSession, socket: net.Socket): void {
    const config = this.config!;
    this.loggedOn = false;
    // A fresh start for the connection; without 141=Y the sequence numbers carry on from the last one.
    session.reset();
    const logonTimer = setTimeout(() => {
      if (!this.loggedOn && attempt === this.attempt)
        session.requestStop(`no Logon answer within ${this.timings.logonTimeoutMs} ms`);
    }, this.timings.logonTimeoutMs);
    session
      .run(transportOn(config, socket))
      .then(() => this.lost(attempt, new Error('logged out')))
      .catch((err: unknown) => this.lost(attempt, err instanceof Error ? err : new Error(String(err))))
      .finally(() => clearTimeout(logonTimer));
  }

  private onLoggedOn(): void {
    this.loggedOn = true;
    this.backoffMs = undefined;
    this.d.log.info({ fix: this.name }, 'FIX session logged on');
    this.setState('connected', null);
  }

  /** A connection ended (or never came): down, and another attempt after the backoff. */
  private lost(attempt: number, err: Error): void {
    if (attempt !== this.attempt) return;
    this.attempt++;
    this.socket?.destroy();
    this.socket = undefined;
    const wasUp = this.loggedOn;
    this.loggedOn = false;
    this.onceDown?.();
    if (!this.running) return;
    this.backoffMs = wasUp ? undefined : this.backoffMs;
    this.backoffMs = nextBackoff(this.backoffMs, this.timings);
    this.d.log.warn({ fix: this.name, err: err.message, retryInMs: this.backoffMs }, 'FIX session down');
    this.setState('down', err.message);
    const retryAttempt = this.attempt;
    this.timer = setTimeout(() => {
      if (this.running && retryAttempt === this.attempt) void this.connect();
    }, this.backoffMs);
  }
}
