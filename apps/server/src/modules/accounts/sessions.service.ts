import { newSessionToken, sha256 } from '../../core/security.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Actor, SessionRow, SessionsRepository, UserSession } from './sessions.repository.ts';

/** Last-seen times are written at most this often, so a busy client does not write on every request. */
const TOUCH_EVERY_MS = 60_000;

/** Issues, checks and revokes session tokens for one kind of actor. */
export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly clock: Clock,
    private readonly actor: Actor,
    private readonly idleMs: number,
  ) {}

  /** A new session from client address `ip` (validated), with the socket peer `peer` kept beside it. */
  async issue(actorId: number, ip: string, userAgent: string, peer = ''): Promise<string> {
    const token = newSessionToken();
    await this.repo.create({ tokenHash: sha256(token), actor: this.actor, actorId, at: this.clock.now(), ip, peer, userAgent });
    return token;
  }

  /** The live session of a token (a `Bearer ` prefix is accepted), or undefined when missing, revoked or idle. */
  async authenticate(authorization: unknown): Promise<SessionRow | undefined> {
    const token = tokenFrom(authorization);
    if (!token) return undefined;
    const s = await this.repo.findByTokenHash(sha256(token));
    return s && (await this.live(s)) ? s : undefined;
  }

  /**
   * A trader's live session with the trader's row, read in one statement (every trader request runs it); undefined
   * as `authenticate` would be, or when the user is gone. Only for the service of actor `user`.
   */
  async authenticateUser(authorization: unknown): Promise<UserSession | undefined> {
    if (this.actor !== 'user') throw new Error('authenticateUser is for trader sessions');
    const token = tokenFrom(authorization);
    if (!token) return undefined;
    const found = await this.repo.findUserSession(sha256(token));
    return found && (await this.live(found.session)) ? found : undefined;
  }

  /** Whether a session is this service's, unrevoked and not idle; touches it when its last-seen time is old. */
  private async live(s: SessionRow): Promise<boolean> {
    const now = this.clock.now();
    if (s.actor !== this.actor || s.revoked_at !== null || now - s.last_seen_at > this.idleMs) return false;
    if (now - s.last_seen_at > TOUCH_EVERY_MS) await this.repo.touch(s.id, now);
    return true;
  }

  /** Forgets what memory holds of a user's sessions and row: call it after any write to the user's row commits. */
  forgetUser(userId: number): void {
    this.repo.forgetUser(userId);
  }

  revoke(sessionId: number): Promise<void> {
    return this.repo.revoke(sessionId, this.clock.now());
  }

  /**
   * Signs out every session of an actor but `keepSessionId`, inside the caller's transaction when given (then call
   * `forgetUser` after the commit).
   */
  revokeAll(actorId: number, keepSessionId?: number, db?: Db | Tx): Promise<void> {
    return this.repo.revokeAll(this.actor, actorId, this.clock.now(), keepSessionId, db);
  }
}

export function tokenFrom(authorization: unknown): string | undefined {
  const raw = Array.isArray(authorization) ? authorization[0] : authorization;
  if (typeof raw !== 'string') return undefined;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}
