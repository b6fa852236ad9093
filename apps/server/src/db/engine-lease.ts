import { sql } from 'kysely';
import pg from 'pg';
import type { Tx } from './database.ts';

/** What a node is to the engine (DESIGN §10 `/readyz`): it runs it, may take it over, or never runs it (api). */
export type EngineRole = 'leader' | 'standby' | 'remote';

export interface EngineLeaseOptions {
  connectionString: string;
  /** The advisory lock's key (ENGINE_LOCK_KEY): nodes of one deployment share it. */
  lockKey: number;
  /** This node's id (random per start), written beside the epoch. */
  node: string;
  /** Runs once the lock is held and the epoch bumped: start the feed and the engine (rebuilding its books). */
  onElected: (epoch: number) => Promise<void>;
  /** Runs at once when the lock is lost (or on stop): stop the feed and the engine. */
  onDemoted: () => Promise<void>;
  onError: (err: unknown, what: string) => void;
  now: () => number;
  /** How often a standby tries the lock again, and the leader checks its lock connection. */
  retryMs?: number;
}

/**
 * Engine leadership on PostgreSQL (issue 19 point 2). Nodes that may run the engine compete for one advisory lock held
 * on a DEDICATED connection (never the pool: a pooled connection would carry the lock to whoever borrows it next).
 * The holder bumps the fencing token (`engine_lease.epoch`) and runs the engine; the others try again every
 * `retryMs`. When the holder dies (kill -9 included) PostgreSQL closes its connection, which releases the lock, and a
 * standby takes it on its next try. When the holder's lock connection breaks, it steps down at once and competes again.
 *
 * The lock alone cannot stop a leader that was paused (or cut off) from writing after another took over: `fence`,
 * run first in every engine write transaction, reads the epoch `for share` and aborts unless it is still this node's.
 * A new leader's epoch bump waits for such a transaction to end, so no write of the old epoch commits after it.
 */
export class EngineLease {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Every change of state (a try, a check, a step-down) runs after the previous one: one at a time. */
  private chain: Promise<void> = Promise.resolve();
  /** The lock is held (and the epoch bumped): the fence lets this node's writes through. */
  private holding = false;
  /** Holding, and the engine started: this node answers as the leader. */
  private leading = false;
  /** Set at once when the lock connection breaks, before the step-down runs: the fence refuses from then on. */
  private lost = false;
  private myEpoch = 0;
  /** The lock connection's server process id (tests end it with pg_terminate_backend). */
  backendPid = 0;

  constructor(private readonly o: EngineLeaseOptions) {}

  get role(): 'leader' | 'standby' {
    return this.leading ? 'leader' : 'standby';
  }

  get epoch(): number {
    return this.myEpoch;
  }

  /** Tries once (so a lone node is the leader before it listens), then keeps trying every `retryMs`. */
  async start(): Promise<void> {
    await this.serial(() => this.tick());
    this.schedule();
  }

  /** Steps down (stopping the engine) and releases the lock by closing its connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.serial(() => this.demote());
  }

  /**
   * The fencing check (TradeWriter's `fence`): aborts the transaction unless this node leads and the stored epoch is
   * still its own. The row is read `for share`, so a new leader's bump waits for this transaction to end.
   */
  fence = async (trx: Tx, refusal: () => Error): Promise<void> => {
    if (!this.holding || this.lost) throw refusal();
    const row = await sql<{ epoch: string | number }>`select epoch from engine_lease where id = 1 for share`
      .execute(trx)
      .then((r) => r.rows[0]);
    if (!row || Number(row.epoch) !== this.myEpoch) throw refusal();
  };

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.serial(() => this.tick()).finally(() => this.schedule());
    }, this.o.retryMs ?? 1000);
    this.timer.unref();
  }

  private serial(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step, step);
    return this.chain;
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    try {
      if (this.holding) await this.checkAlive();
      else await this.tryAcquire();
    } catch (err) {
      this.o.onError(err, this.holding ? 'engine lock connection lost' : 'engine lock attempt failed');
      await this.demote();
    }
  }

  private async tryAcquire(): Promise<void> {
    const client = this.client ?? (await this.connect());
    const got = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [this.o.lockKey]);
    if (!got.rows[0]?.ok) return;
    // The lock is ours: the new epoch fences every earlier leader out of the engine's writes.
    const bumped = await client.query<{ epoch: string }>(
      'update engine_lease set epoch = epoch + 1, node = $1, acquired_at = $2 where id = 1 returning epoch',
      [this.o.node, this.o.now()],
    );
    this.myEpoch = Number(bumped.rows[0]!.epoch);
    this.holding = true;
    this.lost = false;
    try {
      await this.o.onElected(this.myEpoch);
      this.leading = true;
    } catch (err) {
      this.o.onError(err, 'engine start failed after election');
      await this.demote();
    }
  }

  private async checkAlive(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('no lock connection');
    // The lock is held as long as this session lives; a query that fails (or never answers) means it may be gone.
    await withTimeout(client.query('select 1'), 3000);
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.o.connectionString, keepAlive: true });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      if (err) this.o.onError(err, 'engine lock connection error');
      this.lost = true;
      void this.serial(() => this.demote());
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    this.client = client;
    // If this node vanishes without closing its socket (a network cut, a frozen machine), the server finds the
    // connection dead within ~10 s instead of the system default of hours, and frees the lock for another node.
    await client.query('set tcp_keepalives_idle = 5; set tcp_keepalives_interval = 2; set tcp_keepalives_count = 2');
    const pid = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    this.backendPid = pid.rows[0]!.pid;
    return client;
  }

  /** Stops the engine if it ran here, and drops the lock connection (which releases the lock, if it still exists). */
  private async demote(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    const wasLeading = this.holding;
    this.holding = false;
    this.leading = false;
    if (client) await withTimeout(client.end(), 1000).catch(() => undefined);
    if (wasLeading) {
      try {
        await this.o.onDemoted();
      } catch (err) {
        this.o.onError(err, 'engine stop failed');
      }
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
