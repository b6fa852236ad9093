import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CommandUnanswered, type CommandAnswer, type CommandChannel, type EngineCommand } from './command-channel.ts';

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
  resolve: (a: CommandAnswer) => void;
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
  private sub: Redis | undefined;
  private subscribed: Promise<void> | undefined;
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
  }

  async send(command: Omit<EngineCommand, 'id'>, waitMs: number): Promise<CommandAnswer> {
    await this.listen();
    const id = randomUUID();
    const answer = new Promise<CommandAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new CommandUnanswered(command.op));
      }, waitMs);
      this.waiting.set(id, { resolve, timer });
    });
    try {
      await this.cmd.xadd(
        this.stream,
        'MAXLEN',
        '~',
        String(STREAM_MAX),
        '*',
        'c',
        JSON.stringify({ ...command, id, replyTo: this.replyChannel }),
      );
    } catch (err) {
      const w = this.waiting.get(id);
      if (w) clearTimeout(w.timer);
      this.waiting.delete(id);
      void answer.catch(() => undefined);
      throw err;
    }
    return answer;
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
    for (const w of this.waiting.values()) clearTimeout(w.timer);
    this.waiting.clear();
    this.sub?.disconnect();
    this.cmd.disconnect();
  }

  private connect(what: string): Redis {
    const r = new Redis(this.o.url, { maxRetriesPerRequest: 1, lazyConnect: false });
    r.on('error', (err) => this.o.onError(err, `redis ${what}`));
    return r;
  }

  /** Subscribes to this node's reply channel once, before the first command is sent. */
  private listen(): Promise<void> {
    this.subscribed ??= (async () => {
      const sub = this.connect('reply listener');
      this.sub = sub;
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
      await sub.subscribe(this.replyChannel);
    })().catch((err: unknown) => {
      this.subscribed = undefined;
      throw err;
    });
    return this.subscribed;
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
