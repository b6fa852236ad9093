import { randomUUID } from 'node:crypto';
import { CHANNEL_DAY_MARKET } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { TryAgain } from '../../core/errors.ts';
import type { Idempotency } from '../../core/idempotency.ts';
import type { Tx } from '../../db/database.ts';
import { EngineLease, type EngineRole } from '../../db/engine-lease.ts';
import type { DbKind } from '../../db/database.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CommandChannel } from '../../ports/command-channel.ts';
import { RedisCommandChannel } from '../../ports/redis-command-channel.ts';
import { EngineCommands } from './engine-commands.ts';

/** Who runs the engine (issue 19 points 2 and 3): this node's role, its lease (PostgreSQL) and the command road. */
export interface Leadership {
  /** This node's id (random per start). */
  node: string;
  /** `leader` runs the engine here, `standby` may take it over, `remote` (NODE_ROLE=api) never runs it. */
  role(): EngineRole;
  /** The advisory-lock lease, on PostgreSQL for nodes that may run the engine. */
  lease: EngineLease | undefined;
  commands: EngineCommands;
  /** The channel to the leader (Redis), when REDIS_URL is set on PostgreSQL. */
  channel: CommandChannel | undefined;
  /**
   * Stops leading and competing for good, the lock released first (then the engine stops): a node going away calls it
   * before it drains its requests, so a standby takes over at once instead of after the drain.
   */
  stepDown(): Promise<void>;
}

/** What leading means on this node: rebuild the books and start the feed, and the reverse. */
export interface EngineRun {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The feed alone (a node stepping down as the server closes stops it after the lease). */
  stopFeed(): Promise<void>;
}

/**
 * Engine leadership. On SQLite this one node always runs the engine. On PostgreSQL the nodes that may run it
 * (NODE_ROLE all or engine) compete for an advisory lock; the holder runs the feed and the engine, and every engine
 * write transaction first checks the lease's fencing token. API nodes never run either. Every call that reads or
 * changes the engine's state goes through `commands`: in process on the leader, else forwarded on the channel.
 */
export class EngineLeadership implements Leadership {
  readonly node = randomUUID();
  readonly lease: EngineLease | undefined;
  readonly channel: CommandChannel | undefined;
  readonly commands: EngineCommands;
  private run: EngineRun | undefined;

  constructor(
    private readonly d: {
      app: FastifyInstance;
      config: Config;
      kind: DbKind;
      bus: Bus;
      clock: Clock;
      /** The stored answers behind Idempotency-Key, settled by the commands after a lost answer (DESIGN §15). */
      keys: Idempotency;
    },
  ) {
    const { app, config, kind } = d;
    const log = app.log;
    const node = this.node;
    this.lease =
      kind === 'postgres' && config.NODE_ROLE !== 'api' && config.DATABASE_URL
        ? new EngineLease({
            connectionString: config.DATABASE_URL,
            lockKey: config.ENGINE_LOCK_KEY,
            node,
            onElected: async (epoch) => {
              log.info({ epoch, node }, 'engine leader: rebuilding the books and starting the feed');
              await this.running().start();
              await this.channel?.serve((c) => this.commands.execute(c));
              d.bus.noteInterest(CHANNEL_DAY_MARKET);
            },
            onDemoted: async () => {
              log.warn({ node }, 'engine leadership lost: stopping the feed and the engine');
              await this.channel?.unserve();
              await this.running().stop();
              d.bus.noteInterest(CHANNEL_DAY_MARKET);
            },
            onError: (err, what) => log.warn({ err }, what),
            now: () => d.clock.now(),
          })
        : undefined;
    this.channel =
      kind === 'postgres' && config.REDIS_URL
        ? new RedisCommandChannel({ url: config.REDIS_URL, node, onError: (err, what) => log.warn({ err }, what) })
        : undefined;
    const channel = this.channel;
    if (channel) app.addHook('onClose', async () => channel.close());
    this.commands = new EngineCommands({
      role: () => (this.leads() ? 'leader' : this.role()),
      channel,
      deadlineMs: config.COMMAND_DEADLINE_MS,
      keys: d.keys,
      log,
    });
  }

  /** Whether this node runs the engine right now. */
  leads(): boolean {
    return this.lease ? this.lease.role === 'leader' : this.d.kind === 'sqlite';
  }

  role(): EngineRole {
    return this.d.config.NODE_ROLE === 'api' ? 'remote' : this.d.kind === 'sqlite' ? 'leader' : this.lease!.role;
  }

  /** The trade writer's fence: a leader that lost its lock aborts its writes instead of committing them. */
  fence(): ((trx: Tx) => Promise<void>) | undefined {
    const lease = this.lease;
    return lease ? (trx) => lease.fence(trx, () => new TryAgain('no')) : undefined;
  }

  /**
   * Starts leading or competing, once every route and command handler is in place: on SQLite the engine and the
   * feed start now (a lone node leads before it listens); on PostgreSQL the lease competes. Leaving, a leader steps
   * down first (the lock goes with its connection, a standby takes over at once).
   */
  async begin(run: EngineRun): Promise<void> {
    this.run = run;
    const { app } = this.d;
    if (this.d.kind === 'sqlite') {
      await run.start();
      app.addHook('preClose', async () => run.stop());
      return;
    }
    app.addHook('preClose', async () => {
      await this.lease?.stop();
      await run.stopFeed();
    });
    if (this.lease) await this.lease.start();
  }

  async stepDown(): Promise<void> {
    await this.lease?.stop();
  }

  private running(): EngineRun {
    if (!this.run) throw new Error('engine leadership elected before it began');
    return this.run;
  }
}
