import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  CommandNotSent,
  CommandUnanswered,
  type CommandAnswer,
  type CommandChannel,
  type EngineCommand,
} from './command-channel.ts';

export interface RedisCommandChannelOptions {
  url: string;
  /** This node's id: its consumer name when it leads, and its reply channel's name. */
  node: string;
  /** Key prefix of the stream and the reply channels (several deployments may share one Redis). */
  prefix?: string;
  onError: (err: unknown, what: string) => void;
}

const GROUP = 'engine';
/** Commands kept in the stream (a command older than its deadline is worthless; this only bounds memory). */
const STREAM_MAX = 10_000;

interface Waiting {
  resolve: (a: CommandAnswer | undefined) => void;
  timer: NodeJS.Timeout;
}

/**
 * The command channel over Redis (issue 19 point 3): commands go into one stream, read by the leader through a
 * consumer group, so a command sent while no node leads (a failover) waits in the stream and the NEW leader reads it
 * (and drops it if its deadline passed). The leader acknowledges a command as it takes it, before running it: a
 * command taken by a leader that then died is never handed to the next one (it may have run; its caller is told the
 * outcome is unknown). Answers go back on the caller's own pub/sub channel, matched by the command's id.
 */
export class RedisCommandChannel implements CommandChannel {
  private readonly cmd: Redis;
  private readonly sub: Redis;
  /** Whether the reply channel is subscribed (false while its connection is down). */
  private listening = false;
  /** Whether the connections were ever up (until then, a node just started). */
  private wasUp = false;
  private reader: Redis | undefined;
  private loop: Promise<void> | undefined;
  /** Settles when `unserve` is called: the reading loop's waits end with it. */
  private stopped: Promise<null> = new Promise(() => undefined);
  private stop: () => void = () => undefined;
  private serving = false;
  private readonly waiting = new Map<string, Waiting>();
  private readonly stream: string;
  private readonly replyChannel: string;

  constructor(private readonly o: RedisCommandChannelOptions) {
    const prefix = o.prefix ?? 'tradepad:';
    this.stream = `${prefix}engine:commands`;
    this.replyChannel = `${prefix}engine:reply:${o.node}`;
    this.cmd = this.connect('command channel');
    this.sub = this.replyListener();
  }

  async send(command: Omit<EngineCommand, 'id'>, waitMs: number): Promise<CommandAnswer> {
    // Redis lost (DESIGN §15): nothing is queued for later. The command connection keeps no offline queue, so a command
    // that cannot be written now fails at once, certainly unsent; so does one whose reply channel cannot be listened to.
    try {
      await this.listen();
    } catch (err) {
      throw new CommandNotSent(command.op, { cause: err });
    }
    const id = randomUUID();
    // The wait settles with the answer, or with undefined when `waitMs` passed: it never rejects, so no rejection can be
    // left unhandled however the steps below end (a rejected wait nobody awaited yet used to end the process).
    let settle: (a: CommandAnswer | undefined) => void = () => undefined;
    const answer = new Promise<CommandAnswer | undefined>((resolve) => (settle = resolve));
    const timer = setTimeout(() => settle(undefined), waitMs);
    this.waiting.set(id, { resolve: settle, timer });
    const done = () => {
      clearTimeout(timer);
      this.waiting.delete(id);
    };
    const added = this.cmd
      .xadd(
        this.stream,
        'MAXLEN',
        '~',
        String(STREAM_MAX),
        '*',
        'c',
        JSON.stringify({ ...command, id, replyTo: this.replyChannel }),
      )
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    // A write that hangs (the connection dropping under it) is not waited for beyond `waitMs`.
    const first = await Promise.race([added.then((err) => ({ err })), answer.then((a) => ({ a }))]);
    if ('err' in first && first.err !== undefined) {
      done();
      // Refused before it was written (the connection went down meanwhile): unsent. Anything else: unknown.
      if (/writeable|enableOfflineQueue/.test(String(first.err))) throw new CommandNotSent(command.op, { cause: first.err });
      throw new CommandUnanswered(command.op);
    }
    const a = await answer;
    done();
    if (!a) throw new CommandUnanswered(command.op);
    return a;
  }

  /** Starts the reading loop at once; while Redis is unreachable it keeps trying (the engine leads regardless). */
  async serve(handler: (command: EngineCommand) => Promise<CommandAnswer>): Promise<void> {
    if (this.serving) return;
    this.serving = true;
    this.stopped = new Promise<null>((resolve) => (this.stop = () => resolve(null)));
    const reader = this.connect('command reader');
    this.reader = reader;
    this.loop = this.consume(reader, handler);
  }

  async unserve(): Promise<void> {
    this.serving = false;
    const reader = this.reader;
    this.reader = undefined;
    // Ends the loop's wait at once: a blocked XREADGROUP, and also one queued while its connection waits to reconnect
    // (disconnecting such a connection settles nothing, and the loop would wait for ever).
    this.stop();
    reader?.disconnect();
    await this.loop;
    this.loop = undefined;
  }

  async close(): Promise<void> {
    await this.unserve();
    for (const w of this.waiting.values()) {
      clearTimeout(w.timer);
      w.resolve(undefined);
    }
    this.waiting.clear();
    this.sub.disconnect();
    this.cmd.disconnect();
  }

  /**
   * A connection that reconnects for ever (at most every 2 s) and queues nothing while down: a command or an answer
   * written during an outage fails at once instead of waiting, unbounded, for Redis to come back.
   */
  private connect(what: string): Redis {
    const r = new Redis(this.o.url, {
      maxRetriesPerRequest: 1,
      autoResubscribe: false,
      enableOfflineQueue: false,
      retryStrategy: (times: number) => Math.min(times * 100, 2_000),
    });
    r.on('error', (err) => this.o.onError(err, `redis ${what}`));
    return r;
  }

  /**
   * This node's reply channel, listened to from the start and again after each reconnection (subscribed by hand on
   * 'ready': with no offline queue, ioredis's own resubscription could be refused).
   */
  private replyListener(): Redis {
    const sub = this.connect('reply listener');
    sub.on('ready', () => {
      sub.subscribe(this.replyChannel).then(
        () => (this.listening = true),
        (err: unknown) => this.o.onError(err, 'redis reply channel subscribe'),
      );
    });
    sub.on('close', () => (this.listening = false));
    sub.on('message', (_channel: string, text: string) => {
      let reply: { id?: string; answer?: CommandAnswer };
      try {
        reply = JSON.parse(text) as typeof reply;
      } catch {
        return;
      }
      const w = reply.id ? this.waiting.get(reply.id) : undefined;
      if (!w || !reply.answer) return;
      clearTimeout(w.timer);
      this.waiting.delete(reply.id!);
      w.resolve(reply.answer);
    });
    return sub;
  }

  /**
   * Whether a command can go now: both connections up. A node that just started waits a second at most for them; once
   * they have been up, an outage fails at once (the caller answers "try again" without waiting).
   */
  private async listen(): Promise<void> {
    const up = () => this.listening && this.cmd.status === 'ready';
    if (up()) {
      this.wasUp = true;
      return;
    }
    if (this.wasUp) throw new Error('redis is unreachable');
    const until = performance.now() + 1_000;
    while (!up()) {
      if (performance.now() > until) throw new Error('the engine reply channel is not listened to');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** The consumer group, made once for the stream (from its start: what waits there is read, or dropped if late). */
  private async ensureGroup(): Promise<void> {
    try {
      await this.cmd.xgroup('CREATE', this.stream, GROUP, '0', 'MKSTREAM');
    } catch (err) {
      if (!/BUSYGROUP/.test(String(err))) throw err;
    }
  }

  private async consume(reader: Redis, handler: (command: EngineCommand) => Promise<CommandAnswer>): Promise<void> {
    let grouped = false;
    while (this.serving && this.reader === reader) {
      let batch: Array<[string, Array<[string, string[]]>]> | null;
      if (reader.status !== 'ready' || this.cmd.status !== 'ready') {
        // Redis away (or not yet connected): wait for it quietly, the connections reconnect by themselves.
        if ((await Promise.race([new Promise((r) => setTimeout(r, 100)), this.stopped])) === null) break;
        continue;
      }
      try {
        if (!grouped) {
          if ((await Promise.race([this.ensureGroup().then(() => true), this.stopped])) === null) break;
          grouped = true;
        }
        batch = (await Promise.race([
          reader.xreadgroup('GROUP', GROUP, this.o.node, 'COUNT', 100, 'BLOCK', 500, 'STREAMS', this.stream, '>'),
          this.stopped,
        ])) as Array<[string, Array<[string, string[]]>]> | null;
        if (!this.serving || this.reader !== reader) break;
      } catch (err) {
        if (!this.serving || this.reader !== reader) break;
        // The stream or its group was removed (a flushed Redis): made again on the next turn.
        if (/NOGROUP/.test(String(err))) grouped = false;
        this.o.onError(err, 'reading engine commands');
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      for (const [, entries] of batch ?? []) {
        for (const [entryId, fields] of entries) {
          // Taken: acknowledged before it runs, so no other leader is ever handed it.
          await this.cmd.xack(this.stream, GROUP, entryId).catch((err: unknown) => this.o.onError(err, 'xack'));
          const command = parseCommand(fields);
          if (!command) continue;
          void handler(command)
            .then((answer) => this.cmd.publish(command.replyTo, JSON.stringify({ id: command.id, answer })))
            .catch((err: unknown) => this.o.onError(err, 'answering an engine command'));
        }
      }
    }
    reader.disconnect();
  }
}

function parseCommand(fields: string[]): (EngineCommand & { replyTo: string }) | undefined {
  const i = fields.indexOf('c');
  const text = i >= 0 ? fields[i + 1] : undefined;
  if (!text) return undefined;
  try {
    const c = JSON.parse(text) as EngineCommand & { replyTo: string };
    if (typeof c.id !== 'string' || typeof c.op !== 'string' || !Array.isArray(c.args) || typeof c.replyTo !== 'string')
      return undefined;
    return c;
  } catch {
    return undefined;
  }
}
