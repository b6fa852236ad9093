/**
 * The road from a node that does not run the engine to the one that does (issue 19 point 3). A trading command is
 * plain data (its operation's name and JSON arguments) with a deadline; the leader answers with plain data too. On
 * the leader itself no channel is used: the call is made in process.
 */
export interface EngineCommand {
  /** Unique per command: its answer is matched by it. */
  id: string;
  /** The operation (`trading.submit`, `desk.close`, …), resolved by the leader's handlers. */
  op: string;
  args: unknown[];
  /**
   * Unix ms after which the leader must not start it (set ~2 s after the API node received the request): a command
   * its caller gave up on is never executed, by this leader or by a new one after a failover.
   */
  deadline: number;
  /**
   * The caller's Idempotency-Key, when the call has one (core/idempotency.ts KeyTicket): the leader runs the command
   * with it, so its writer stamps the key in the transaction of the effect, and stores the answer itself.
   */
  ticket?: { scope: string; key: string; claim: string; lang: string; done: string } | undefined;
}

/** The leader's answer: the value, a refusal (message key and parameters), or "dropped" (its deadline had passed). */
export type CommandAnswer =
  | { ok: true; value: unknown }
  | { ok: false; refusal: { key: string; params: Record<string, string | number>; code: number; data: unknown } }
  | { ok: false; dropped: true };

/** The answer did not come back within the caller's wait: whether the leader ran the command is not known. */
export class CommandUnanswered extends Error {
  constructor(readonly op: string) {
    super(`no answer to ${op} from the engine leader`);
    this.name = 'CommandUnanswered';
  }
}

/**
 * The command never left this node (Redis unreachable): certainly not run, by any leader, so the caller may say "try
 * again" at once and release its Idempotency-Key.
 */
export class CommandNotSent extends Error {
  constructor(
    readonly op: string,
    options?: ErrorOptions,
  ) {
    super(`${op} could not be sent to the engine leader`, options);
    this.name = 'CommandNotSent';
  }
}

export interface CommandChannel {
  /**
   * Sends to whoever leads; resolves with its answer. Rejects with CommandNotSent when it could not be sent, and with
   * CommandUnanswered when no answer came within `waitMs` (it may or may not have run). Never leaves a rejection
   * unhandled, whenever Redis goes away.
   */
  send(command: Omit<EngineCommand, 'id'>, waitMs: number): Promise<CommandAnswer>;
  /** The leader: starts taking commands (and answering them); also picks up those left by a leader that died. */
  serve(handler: (command: EngineCommand) => Promise<CommandAnswer>): Promise<void>;
  /** Stops taking commands (a step-down); commands already taken are still answered. */
  unserve(): Promise<void>;
  close(): Promise<void>;
}

/** The pure deadline rule: a command may start only until its deadline (inclusive), on the leader's clock. */
export function mayStart(deadline: number, now: number): boolean {
  return Number.isFinite(deadline) && now <= deadline;
}

/**
 * How long the caller waits for an answer: until the deadline plus a grace for a command that started just before it
 * to finish and be answered. Past that, its fate is unknown (CommandUnanswered).
 */
export function answerWait(deadline: number, now: number, graceMs: number): number {
  return Math.max(0, deadline - now) + graceMs;
}
