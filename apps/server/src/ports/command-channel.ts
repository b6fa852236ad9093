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

export interface CommandChannel {
  /** Sends to whoever leads; resolves with its answer, rejects with CommandUnanswered after `waitMs`. */
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
