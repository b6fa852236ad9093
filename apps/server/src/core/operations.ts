import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DbHandle } from '../db/database.ts';
import type { EngineRole } from '../db/engine-lease.ts';
import { mayReadMetrics, type Metrics } from './metrics.ts';
import { openApiText } from './openapi.ts';

/** What the operations endpoints read of the running node. */
export interface NodeState {
  database: Pick<DbHandle, 'kind' | 'db'>;
  /** NODE_ROLE as configured (`all`, `api`, `engine`). */
  nodeRole: string;
  /** Whether this node runs the engine now (`leader`), may take it over (`standby`) or never does (`remote`). */
  engineRole(): EngineRole;
  /** Whether the bus between nodes is up (always, in process). */
  busConnected(): boolean;
  /** The open instruments without a live quote, on the node that runs the feed. */
  unquoted(): string[];
  /** The age in seconds of each open instrument's last quote, by symbol (see NodeReadings). */
  quoteAges(): Iterable<readonly [string, number]>;
  websocketCount(): number;
  /** The traders listening to their account figures on any node (see NodeReadings). */
  accountListeners(): number;
  /** The node's metrics, made with the infrastructure; its gauges read the rest of this state at scrape time. */
  metrics: Metrics;
  metricsToken: string | undefined;
}

/**
 * The endpoints operators and load balancers read, outside the API's envelope: `/healthz` (the process and its
 * database), `/readyz` (ready to serve: DESIGN §10), `/metrics` (Prometheus, to this machine or a bearer token) and
 * `/api/openapi.json`.
 */
export function registerOperations(app: FastifyInstance, node: NodeState): void {
  const { database } = node;
  const ping = () => sql`select 1`.execute(database.db);
  const { metrics } = node;
  metrics.read({
    leads: () => node.engineRole() === 'leader',
    busConnected: () => node.busConnected(),
    quoteAges: () => node.quoteAges(),
    websocketCount: () => node.websocketCount(),
    accountListeners: () => node.accountListeners(),
  });
  metrics.countHttp(app);
  app.get('/healthz', async (_req, reply) => {
    try {
      await ping();
      return { status: 'ok', database: database.kind, role: node.nodeRole };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: database.kind });
    }
  });
  // Readiness for load balancers (DESIGN §10): the database answers and, where this node runs the engine, its books
  // are loaded (they are before the server listens) and every open instrument has a live quote.
  // A standby or API node is ready once its database answers: it serves REST and websockets, trading through the
  // leader (issue 19).
  app.get('/readyz', async (_req, reply) => {
    const role = node.engineRole();
    const base = { role: node.nodeRole, engine: role };
    try {
      await ping();
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'database', ...base });
    }
    // Scale-out: without its Redis connection a node can neither forward orders nor follow quotes and pushes, so a
    // load balancer should send its traders elsewhere; the leader still trades and quotes on its own (DESIGN §15), so
    // it stays ready and takes them.
    if (!node.busConnected() && role !== 'leader') return reply.code(503).send({ status: 'unavailable', reason: 'bus', ...base });
    const unquoted = role === 'leader' ? node.unquoted() : [];
    if (unquoted.length > 0)
      return reply.code(503).send({ status: 'unavailable', reason: `no live quote: ${unquoted.join(',')}`, ...base });
    return { status: 'ready', ...base };
  });
  app.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req, node.metricsToken)) return reply.code(403).type('text/plain').send('Forbidden');
    return reply.type(metrics.contentType).send(await metrics.render());
  });

  const openapi = openApiText('public');
  app.get('/api/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(openapi));
}
