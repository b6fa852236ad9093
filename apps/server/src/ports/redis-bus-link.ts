import { Redis } from 'ioredis';
import { joinTurn } from './redis-bus-wire.ts';

/** What the bus logs through (Fastify's logger fits). */
export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RedisLinkOptions {
  url: string;
  log: BusLog;
  nodeId: string;
  /** The Redis channel every node of the deployment shares. */
  channel: string;
  /** The publisher connection is (again) up: whatever was announced while it was down was lost. */
  onPublisherReady(): void;
  /** The subscriber connection is (again) up and subscribed: messages may have been missed meanwhile. */
  onSubscribed(): void;
  /** A message on the shared channel (this node's own included). */
  onMessage(text: string): void;
}

/**
 * The Redis bus's two connections (one publishes, one subscribes) and their outages: ioredis reconnects for ever;
 * nothing is queued meanwhile (what is sent while the publisher is down is dropped, so memory never grows). What one
 * event-loop turn sends leaves as one Redis publish right after the turn.
 */
export class RedisLink {
  readonly channel: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly nodeId: string;
  private readonly log: BusLog;
  /** Whether the subscriber connection is subscribed to the bus's channel (false again when it drops). */
  private subscribed = false;
  /** Closed for good: nothing more is sent, and reconnections are ignored. */
  closed = false;
  private lastErrorLog = 0;
  /** What this turn sends, in order, published as one message right after the turn. */
  private outbox: string[] = [];
  private outboxScheduled: NodeJS.Immediate | undefined;

  constructor(private readonly options: RedisLinkOptions) {
    this.channel = options.channel;
    this.nodeId = options.nodeId;
    this.log = options.log;
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
    this.pub.on('ready', () => {
      if (!this.closed) options.onPublisherReady();
    });
    this.sub.on('ready', () => void this.subscriberReady());
    this.sub.on('message', (_channel: string, text: string) => options.onMessage(text));
    this.sub.on('close', () => {
      this.subscribed = false;
    });
  }

  /** Whether both connections to Redis are up. */
  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready' && this.subscribed;
  }

  private async subscriberReady(): Promise<void> {
    if (this.closed) return;
    try {
      await this.sub.subscribe(this.channel);
      this.subscribed = true;
      this.options.onSubscribed();
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
  send(kind: string, body: string): void {
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
    this.pub.publish(this.channel, joinTurn(this.nodeId, out)).catch((err: unknown) => {
      this.logError(err as Error, 'redis bus publish');
    });
  }

  logError(err: Error, what: string): void {
    const now = performance.now();
    // One line per outage rather than one per reconnection attempt or dropped message.
    if (now - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now;
    this.log.warn({ err: { message: err.message }, node: this.nodeId }, `${what} failed; local sockets are still served`);
  }

  /** Sends what this turn queued, then `farewell` (when connected), and closes both connections. */
  async close(farewell: string): Promise<void> {
    if (this.outboxScheduled) {
      clearImmediate(this.outboxScheduled);
      this.flushOutbox();
    }
    if (this.pub.status === 'ready') {
      await this.pub.publish(this.channel, farewell).catch(() => undefined);
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
