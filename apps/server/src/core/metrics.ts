import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { safeEqual } from './security.ts';

/**
 * What `tradepad_orders_total{result}` counts an order the engine took as (README "Operations"): `filled` a market
 * order opened, `placed` a pending order accepted, `refused` refused by a trading rule with a message to the trader
 * (validation, market closed, stale quote, margin), `failed` not taken for another reason (the engine's lease lost, a
 * database error). A fixed set: each is a child bound once, so counting an order builds nothing.
 */
export const ORDER_RESULTS = ['filled', 'placed', 'refused', 'failed'] as const;
export type OrderResult = (typeof ORDER_RESULTS)[number];

export interface Tally {
  inc(): void;
}
export type OrderTally = Readonly<Record<OrderResult, Tally>>;
export interface Timing {
  observe(seconds: number): void;
}

/** What the scrape-time gauges read of the running node, handed over once the modules are registered. */
export interface NodeReadings {
  /** Whether this node runs the engine now. */
  leads(): boolean;
  /** Whether the bus between nodes is up (always, in process). */
  busConnected(): boolean;
  /** The age in seconds of the last quote of each instrument whose market is open now, by symbol (+Inf if none). */
  quoteAges(): Iterable<readonly [string, number]>;
  websocketCount(): number;
  /** The traders listening to their account figures (FOREX_TRADE) on any node, as the bus knows them. */
  accountListeners(): number;
}

/** 0.5 ms to 1 s: a group commit on SQLite is an fsync (about a millisecond), on PostgreSQL a few round trips. */
const COMMIT_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1];
/** How often the event loop's delay is sampled: each sample is this interval plus the lag, which is what is reported. */
const LOOP_SAMPLE_MS = 10;

/**
 * The node's Prometheus metrics (DESIGN §15), every one registered as the node starts, so that a scrape shows each
 * one's HELP and TYPE before its first event: process defaults, HTTP latency per route, and the platform's own (README
 * "Operations" lists them). Made once by the infrastructure; the modules that count are handed the part they count
 * (`orders`, `commitSeconds`), and the operations endpoints hand in what the gauges read at scrape time (`read`).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly orders: OrderTally;
  /** Observes the engine writer's batch transactions, begin to commit. */
  readonly commitSeconds: Timing;
  /** FIX sessions to liquidity providers, 1 while logged on: no series until real markets land. */
  readonly fixSessionUp: Gauge<'name'>;
  /** Hedge orders sent to liquidity providers, by status: no series until real markets land. */
  readonly hedgeOrders: Counter<'status'>;
  /** Counts each trader's figures (FOREX_TRADE) the engine pushes. */
  readonly accountPushes: Tally;
  private node: NodeReadings | undefined;
  private readonly loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly httpErrors: Counter<'route'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'tradepad_' });
    this.httpDuration = new Histogram({
      name: 'tradepad_http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.httpErrors = new Counter({
      name: 'tradepad_http_errors_total',
      help: 'Answers with HTTP status 500 or above',
      labelNames: ['route'],
      registers,
    });

    const orders = new Counter({
      name: 'tradepad_orders_total',
      help: 'Orders submitted to the engine, by result: filled (market), placed (pending), refused, failed',
      labelNames: ['result'],
      registers,
    });
    // Each result's series is shown at 0 from the start, so a rate over it never starts from nothing.
    const bound = (result: OrderResult) => {
      const child = orders.labels(result);
      child.inc(0);
      return child;
    };
    this.orders = { filled: bound('filled'), placed: bound('placed'), refused: bound('refused'), failed: bound('failed') };
    this.commitSeconds = new Histogram({
      name: 'tradepad_db_commit_seconds',
      help: 'Duration of the engine writer’s group-commit transactions, begin to commit',
      buckets: COMMIT_BUCKETS,
      registers,
    });
    this.fixSessionUp = new Gauge({
      name: 'tradepad_fix_session_up',
      help: 'Whether each FIX session to a liquidity provider is logged on (1) or not (0)',
      labelNames: ['name'],
      registers,
    });
    this.hedgeOrders = new Counter({
      name: 'tradepad_hedge_orders_total',
      help: 'Hedge orders sent to liquidity providers, by status',
      labelNames: ['status'],
      registers,
    });

    this.accountPushes = new Counter({
      name: 'tradepad_account_pushes_total',
      help: 'Pushes of a trader’s account figures (FOREX_TRADE) by the engine on this node, to traders on any node',
      registers,
    });

    // Read at scrape time: nothing on the order or quote path keeps them up to date.
    const node = () => this.node;
    new Gauge({
      name: 'tradepad_account_listeners',
      help: 'Traders listening to their account figures (FOREX_TRADE) on any node, as this node’s bus knows them',
      registers,
      collect() {
        this.set(node()?.accountListeners() ?? 0);
      },
    });
    new Gauge({
      name: 'tradepad_engine_leader',
      help: 'Whether this node runs the engine (1) or not (0)',
      registers,
      collect() {
        this.set(node()?.leads() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tradepad_bus_connected',
      help: 'Whether the bus between nodes is up (1) or not (0); always 1 in process',
      registers,
      collect() {
        this.set(node()?.busConnected() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'tradepad_quote_age_seconds',
      help: 'Age of the last quote of each instrument whose market is open now (+Inf without one); closed ones have none',
      labelNames: ['symbol'],
      registers,
      collect() {
        // Instruments whose market closed since the last scrape drop out.
        this.reset();
        for (const [symbol, age] of node()?.quoteAges() ?? []) this.set({ symbol }, age);
      },
    });
    const websockets = (name: string, help: string) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(node()?.websocketCount() ?? 0);
        },
      });
    websockets('tradepad_ws_clients', 'Open websocket connections');
    // The name before DESIGN §15, kept for the dashboards that read it.
    websockets('tradepad_websocket_connections', 'Open websocket connections (same as tradepad_ws_clients)');
    const loopDelay = this.loopDelay;
    loopDelay.enable();
    new Gauge({
      name: 'tradepad_event_loop_lag_seconds',
      help: `99th percentile of the event loop's delay since the previous scrape (sampled every ${LOOP_SAMPLE_MS} ms)`,
      registers,
      collect() {
        // Each sample is the sampling interval plus the lag; no sample yet (two scrapes at once) reads as no lag.
        const p99 = loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 - LOOP_SAMPLE_MS : 0;
        this.set(Math.max(0, p99) / 1000);
        loopDelay.reset();
      },
    });
  }

  /** Hands in what the scrape-time gauges read (the operations endpoints, once every module is registered). */
  read(node: NodeReadings): void {
    this.node = node;
  }

  /** Times every HTTP answer by route, and counts those with status 500 or above. */
  countHttp(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      if (reply.statusCode >= 500) this.httpErrors.inc({ route });
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  /** Stops sampling the event loop (the server closes). */
  close(): void {
    this.loopDelay.disable();
  }
}

/** Whether a socket peer is this machine (127.0.0.0/8, ::1, or either mapped into the other family). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (net.isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * Who may read `/metrics` (DESIGN §10): with METRICS_TOKEN set, a request bearing it; without, only a peer on this
 * machine (the socket's, never a forwarded address).
 */
export function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return isLoopback(req.socket.remoteAddress);
  const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  return safeEqual(given, token);
}
