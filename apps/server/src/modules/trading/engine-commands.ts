import { micros, type Micros } from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, TryAgain } from '../../core/errors.ts';
import { currentTicket, keyTickets, type Idempotency, type KeyTicket } from '../../core/idempotency.ts';
import type { EngineRole } from '../../db/engine-lease.ts';
import type { MessageKey } from '../../i18n/messages.en.ts';
import {
  answerWait,
  CommandNotSent,
  mayStart,
  type CommandAnswer,
  type CommandChannel,
  type EngineCommand,
} from '../../ports/command-channel.ts';
import type { TradingEngine } from './trading.engine.ts';

export interface EngineCommandsDeps {
  /** What this node is to the engine right now. */
  role: () => EngineRole;
  /** The road to the leader (Redis), when configured; without it a node that does not lead refuses. */
  channel?: CommandChannel | undefined;
  /** How long after receipt a forwarded command may still start on the leader (COMMAND_DEADLINE_MS). */
  deadlineMs: number;
  /** How long past the deadline the caller still waits for the answer of a command that started in time. */
  graceMs?: number;
  /** The stored answers behind Idempotency-Key: settled here when a forwarded call's answer is lost (DESIGN §15). */
  keys?: Pick<Idempotency, 'settle' | 'remember'> | undefined;
  log: FastifyBaseLogger;
}

type Handler = (...args: never[]) => Promise<unknown>;

/**
 * Every call that reaches the engine's state (issue 19 point 3): run in process on the leader (a direct call, nothing
 * added), otherwise sent to the leader through the command channel with a deadline, and its answer (a value or a
 * refusal in the user's language) returned as if it had run here. Without a channel, or when the leader dropped the
 * command, the caller is refused "try again" (nothing was done); when the answer did not come back in time, "check
 * your orders" (the outcome is unknown, and the Idempotency-Key stays pending so a retry cannot double it).
 *
 * Time here is the real clock (Date.now), not the clock port: deadlines are compared across nodes, whose clocks are
 * kept in step by NTP; a test's hand-moved clock must not make a command expire or live forever.
 */
export class EngineCommands {
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly d: EngineCommandsDeps) {}

  /** Registers what the leader runs for `op` (its arguments and answer are JSON). */
  handle<A extends unknown[]>(op: string, fn: (...args: A) => Promise<unknown>): void {
    this.handlers.set(op, fn as unknown as Handler);
  }

  /**
   * `local` on the leader; otherwise `op(args)` on the leader through the channel, to start at the latest `deadlineMs`
   * after the request was received (`elapsedMs` ago: the reply's elapsed time).
   */
  async run<T>(
    local: () => Promise<T>,
    op: string,
    args: unknown[],
    opts: { deadlineMs?: number; elapsedMs?: number } = {},
  ): Promise<T> {
    if (this.d.role() === 'leader') return local();
    const channel = this.d.channel;
    if (!channel) throw new TryAgain('no');
    const now = Date.now();
    const deadline = now - Math.max(0, opts.elapsedMs ?? 0) + (opts.deadlineMs ?? this.d.deadlineMs);
    // Already past it (the request waited here): not worth sending, and certainly not run.
    if (!mayStart(deadline, now)) throw new TryAgain('no');
    const ticket = currentTicket();
    let answer: CommandAnswer;
    try {
      answer = await channel.send({ op, args, deadline, ticket }, answerWait(deadline, now, this.d.graceMs ?? 1000));
    } catch (err) {
      // Never sent (Redis unreachable): certainly not run anywhere, "try again" now (DESIGN §15 "Redis lost").
      if (err instanceof CommandNotSent) throw new TryAgain('no');
      this.d.log.warn({ err, op }, 'engine command unanswered');
      // Its deadline and grace passed: a keyed call is settled on its key's row (released if it never ran, else its
      // stored answer, thrown to the router as StoredAnswer); without a key, its fate stays unknown.
      if (ticket && this.d.keys && (await this.d.keys.settle(ticket)) === 'released') throw new TryAgain('no');
      throw new TryAgain('unknown');
    }
    if (answer.ok) return answer.value as T;
    if ('dropped' in answer) throw new TryAgain('no');
    const r = answer.refusal;
    throw new AppError(r.key as MessageKey, r.params, r.code, r.data);
  }

  /**
   * The leader's side of a forwarded command: dropped past its deadline or when this node no longer leads. A keyed one
   * runs with its ticket (its writer stamps the key with the effect) and its answer is stored here too, as it leaves:
   * the reply may be lost on its way back, the stored answer is not.
   */
  async execute(command: EngineCommand): Promise<CommandAnswer> {
    const t = command.ticket as KeyTicket | undefined;
    if (!t) return this.perform(command);
    try {
      return await keyTickets.run(t, async () => {
        const answer = await this.perform(command);
        if (answer.ok) this.remember(t, { value: answer.value });
        else if ('refusal' in answer) {
          const r = answer.refusal;
          this.remember(t, { refusal: new AppError(r.key as MessageKey, r.params, r.code, r.data) });
        }
        return answer;
      });
    } finally {
      t.over = true;
    }
  }

  private remember(t: KeyTicket, outcome: Parameters<Idempotency['remember']>[1]): void {
    this.d.keys?.remember(t, outcome).catch((err: unknown) => this.d.log.warn({ err }, 'forwarded answer not stored'));
  }

  /** The leader's side of a forwarded command: dropped past its deadline or when this node no longer leads. */
  private async perform(command: EngineCommand): Promise<CommandAnswer> {
    if (!mayStart(command.deadline, Date.now()) || this.d.role() !== 'leader') return { ok: false, dropped: true };
    const fn = this.handlers.get(command.op);
    if (!fn) return refusalAnswer(new AppError('err.internal'));
    try {
      return { ok: true, value: await fn(...(command.args as never[])) };
    } catch (err) {
      // Fenced out (the lease was lost during the command): nothing was written, so the caller may simply retry.
      if (err instanceof TryAgain) return err.executed === 'no' ? { ok: false, dropped: true } : refusalAnswer(err);
      if (err instanceof AppError) return refusalAnswer(err);
      this.d.log.error({ err, op: command.op }, 'engine command failed');
      return refusalAnswer(new AppError('err.internal'));
    }
  }
}

function refusalAnswer(err: AppError): CommandAnswer {
  return {
    ok: false,
    refusal: { key: err.key, params: err.params as Record<string, string | number>, code: err.code, data: err.data },
  };
}

/** An account's live figures as the wallet and the back office's users need them (money in micros). */
export interface AccountFiguresNow {
  equity: Micros;
  usedMargin: Micros;
  floating: Micros;
  freeMargin: Micros;
  level: number;
}

/**
 * The engine's live figures of an account at a given cash (and credit, when given: read as stored by the caller), from the leader's book wherever this runs (issue 19: a
 * withdrawal or a staff debit on a node that does not lead must still count the floating loss of open positions).
 * Money travels as decimal text (JSON has no bigint).
 */
export function engineFigures(
  commands: EngineCommands,
  engine: Pick<TradingEngine, 'figures'>,
): (userId: number, cash: Micros, credit?: Micros) => Promise<AccountFiguresNow> {
  const asText = (userId: number, cash: Micros, credit?: Micros) => {
    const f = engine.figures(userId, cash, credit);
    return {
      equity: String(f.equity),
      usedMargin: String(f.usedMargin),
      floating: String(f.floating),
      freeMargin: String(f.freeMargin),
      level: f.level,
    };
  };
  commands.handle('engine.figures', async (userId: number, cash: string, credit?: string | null) =>
    asText(userId, micros(BigInt(cash)), credit == null ? undefined : micros(BigInt(credit))),
  );
  return async (userId, cash, credit) => {
    const args = [userId, String(cash), credit === undefined ? null : String(credit)];
    const f = await commands.run(async () => asText(userId, cash, credit), 'engine.figures', args);
    return {
      equity: micros(BigInt(f.equity)),
      usedMargin: micros(BigInt(f.usedMargin)),
      floating: micros(BigInt(f.floating)),
      freeMargin: micros(BigInt(f.freeMargin)),
      level: f.level,
    };
  };
}
