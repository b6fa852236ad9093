import { newSessionToken, sha256 } from '../../core/security.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Actor, SessionListing, SessionRow, SessionsRepository, UserSession } from './sessions.repository.ts';

/**
 * Last-seen times are written at most this often, so a busy client does not write on every request. The time stored
 * is therefore up to this much older than the last activity, and a session counts as idle only once it is older than
 * the idle lifetime plus this: an active session never expires as idle, at the price of living up to a minute longer.
 */
export const TOUCH_EVERY_MS = 60_000;

/** How long a session may live: without activity (idle), and from its sign-in (absolute; none when undefined). */
export interface SessionLifetimes {
  idleMs: number;
  absoluteMs?: number | undefined;
}

/** Fixed lifetimes, or a source asked on every check (run-time settings, which keep their own short cache). */
export type LifetimesSource = SessionLifetimes | (() => Promise<SessionLifetimes>);

/** Whether a session is over at `now` by its lifetimes (revocation aside). */
export function expired(s: Pick<SessionRow, 'created_at' | 'last_seen_at'>, now: number, l: SessionLifetimes): boolean {
  if (now - s.last_seen_at > l.idleMs + TOUCH_EVERY_MS) return true;
  return l.absoluteMs !== undefined && now - s.created_at > l.absoluteMs;
}

/**
 * Issues, checks and revokes session tokens for one kind of actor. Every revocation is announced on the bus once it
 * is committed, whoever asked for it: each node's gateway then silences the sockets logged in with those sessions
 * (`session_revoked`) and each node's session cache forgets them.
 */
export class SessionsService {
  constructor(
    private readonly repo: SessionsRepository,
    private readonly clock: Clock,
    private readonly actor: Actor,
    private readonly lifetimesSource: LifetimesSource,
    private readonly bus?: Bus,
  ) {
    // A session ended on another node may still be in this node's memory: forget it (the repository is shared by
    // both actors' services; forgetting twice is harmless).
    bus?.onSessionsRevoked(({ sessionIds }) => repo.forgetSessions(sessionIds));
    // Likewise a trader's row changed on another node (trading switched off): forgotten here at once.
    if (actor === 'user') bus?.onUsersChanged(({ userIds }) => userIds.forEach((id) => repo.forgetUser(id)));
  }

  /**
   * A new session from client address `ip` (validated), with the socket peer `peer` kept beside it; `factorPassed`
   * when its sign-in passed TOTP (a staff session is bound to it, DESIGN §16).
   */
  async issue(
    actorId: number,
    ip: string,
    userAgent: string,
    peer = '',
    viaUserId?: number,
    factorPassed = false,
  ): Promise<string> {
    const token = newSessionToken();
    await this.repo.create({
      tokenHash: sha256(token),
      actor: this.actor,
      actorId,
      at: this.clock.now(),
      ip,
      peer,
      userAgent,
      viaUserId,
      factorPassed,
    });
    return token;
  }

  /** The real account a demo session was switched to from (issue 21), null when none. */
  viaUserOf(sessionId: number): Promise<number | null> {
    return this.repo.viaUserOf(sessionId);
  }

  /**
   * Ends the caller's session for a switch to the linked account (issue 21) and answers the real account it was
   * switched to from (`via`, null for a demo sign-in or a real session), or undefined when it was already over. The
   * session's sockets are told at once, like a sign-out.
   */
  async endForSwitch(sessionId: number): Promise<{ via: number | null } | undefined> {
    const claimed = await this.repo.claimForSwitch(sessionId, this.clock.now());
    if (!claimed) return undefined;
    this.announce([sessionId], undefined);
    return { via: claimed.via_user_id };
  }

  /** The live session of a token (a `Bearer ` prefix is accepted), or undefined when missing, revoked or expired. */
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

  /** The lifetimes now in force. */
  lifetimes(): SessionLifetimes | Promise<SessionLifetimes> {
    const source = this.lifetimesSource;
    return typeof source === 'function' ? source() : source;
  }

  /**
   * Whether a session is this service's, unrevoked and within its lifetimes; records the activity when its last-seen
   * time is old. Every authenticated request is activity, and so is a socket's (see `checkSockets`).
   */
  private async live(s: SessionRow): Promise<boolean> {
    const now = this.clock.now();
    if (s.actor !== this.actor || s.revoked_at !== null) return false;
    if (expired(s, now, await this.lifetimes())) return false;
    if (now - s.last_seen_at >= TOUCH_EVERY_MS) await this.repo.touch(s.id, now);
    return true;
  }

  /**
   * The periodic check of this node's open sockets: of the sessions they are logged in with, answers those that are
   * over (revoked, expired, or their user disabled or gone). `active` are the sessions whose sockets the client used
   * since the last check: that is activity, recorded like a request's.
   */
  async checkSockets(sessionIds: readonly number[], active: ReadonlySet<number>): Promise<number[]> {
    if (sessionIds.length === 0) return [];
    const now = this.clock.now();
    const lifetimes = await this.lifetimes();
    const states = new Map((await this.repo.states(sessionIds)).map((s) => [s.id, s]));
    const over: number[] = [];
    const touch: number[] = [];
    for (const id of sessionIds) {
      const s = states.get(id);
      if (
        !s ||
        s.actor !== this.actor ||
        s.revoked_at !== null ||
        (this.actor === 'user' && s.user_status !== 1) ||
        expired(s, now, lifetimes)
      )
        over.push(id);
      else if (active.has(id) && now - s.last_seen_at >= TOUCH_EVERY_MS) touch.push(id);
    }
    if (touch.length) await this.repo.touch(touch, now);
    return over;
  }

  /** Forgets what memory holds of a user's sessions and row: call it after any write to the user's row commits. */
  forgetUser(userId: number): void {
    // Through the bus, every node forgets, this one too (synchronously, by the listener above).
    if (this.bus && this.actor === 'user') this.bus.publishUsersChanged({ userIds: [userId] });
    else this.repo.forgetUser(userId);
  }

  /** Records that a live session passed TOTP, inside the caller's transaction; false when the session is over. */
  markFactorPassed(sessionId: number, db?: Db | Tx): Promise<boolean> {
    return this.repo.markFactorPassed(sessionId, this.clock.now(), db);
  }

  /** Signs out one session; its sockets are told (`session_revoked`) once the revocation is committed. */
  async revoke(sessionId: number, db?: Db | Tx): Promise<void> {
    this.announce(await this.repo.revoke(sessionId, this.clock.now(), db), db);
  }

  /** The live sessions of one of this service's actors (revoked and expired ones left out), most recently used first. */
  async liveOf(actorId: number): Promise<SessionListing[]> {
    const [rows, lifetimes] = await Promise.all([this.repo.unrevoked(this.actor, actorId), this.lifetimes()]);
    const now = this.clock.now();
    return rows.filter((s) => !expired(s, now, lifetimes));
  }

  /** Signs out one of the actor's own sessions (ASVS 7.5.2); false when it is not theirs or already over. */
  async revokeOwn(actorId: number, sessionId: number): Promise<boolean> {
    const ended = await this.repo.revoke(sessionId, this.clock.now(), undefined, { actor: this.actor, actorId });
    this.announce(ended, undefined);
    return ended.length > 0;
  }

  /**
   * Signs out every session of an actor but `keepSessionId`, inside the caller's transaction when given: open it with
   * `transaction()` of db/after-commit.ts, so the sockets are told right after its commit (in any other transaction
   * they are silenced by the periodic session check, within SESSION_CHECK_MS); call `forgetUser` after the commit too.
   */
  async revokeAll(actorId: number, keepSessionId?: number, db?: Db | Tx): Promise<void> {
    this.announce(await this.repo.revokeAll(this.actor, actorId, this.clock.now(), keepSessionId, db), db);
  }

  /** Publishes ended sessions on the bus, after the commit of the caller's transaction when there is one. */
  private announce(sessionIds: number[], db: Db | Tx | undefined): void {
    if (sessionIds.length === 0 || !this.bus) return;
    const bus = this.bus;
    const publish = () => bus.publishSessionsRevoked({ sessionIds });
    if (!db?.isTransaction) return publish();
    try {
      afterCommit(db as Tx, publish);
    } catch {
      // A transaction opened without transaction(): its commit cannot be awaited here, and telling sockets before it
      // could end a session that a rollback keeps. The sockets' periodic session check silences them instead.
      process.emitWarning(
        'sessions revoked inside a transaction not opened with transaction() (db/after-commit.ts): their sockets are ' +
          'silenced at the next session check instead of at once',
        'SessionRevocationDeferred',
      );
    }
  }
}

export function tokenFrom(authorization: unknown): string | undefined {
  const raw = Array.isArray(authorization) ? authorization[0] : authorization;
  if (typeof raw !== 'string') return undefined;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}
