import type { Db, DbKind, Tx } from '../../db/database.ts';
import { RawQuery } from '../../db/raw-query.ts';
import type { SessionsTable, UserRow } from '../../db/schema.ts';

export type Actor = SessionsTable['actor'];

export interface SessionRow {
  id: number;
  actor: Actor;
  actor_id: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  /** When the session passed TOTP (staff sessions, migration 029); null or absent when it has not. */
  factor_passed_at?: number | null;
}

/** A session as its owner sees it listed: when and where it signed in, and with what. */
export interface SessionListing {
  id: number;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

/** A session as the periodic check of open sockets needs it: with its user's status (a disabled user's is over). */
export interface SessionState extends SessionRow {
  user_status: number | null;
}

type UserSessionRow = UserRow & {
  session_id: number;
  session_actor_id: number;
  session_created_at: number;
  session_last_seen_at: number;
  session_revoked_at: number | null;
};

export interface UserSession {
  readonly session: Readonly<SessionRow>;
  readonly user: Readonly<UserRow>;
}

/**
 * How long a trader's session and row may be served from memory. Every write to sessions goes through this repository
 * and forgets what it changed at once, and so does every write to a user's row (`forgetUser`); the limit only bounds
 * how long a write that forgot to do so could go unseen.
 */
const CACHE_MS = 5_000;
const CACHE_MAX = 20_000;

/** Sessions of traders and staff; only token hashes are stored. */
export class SessionsRepository {
  private readonly byTokenHash: RawQuery<SessionRow>;
  private readonly userByTokenHash: RawQuery<UserSessionRow>;
  /**
   * Traders' sessions with their rows by token hash. Every request of a trader needs them, and reading them costs
   * more than an order's own statements: the read connection's page cache is emptied by every commit of the writer.
   */
  private readonly cache = new Map<string, { until: number; value: UserSession }>();
  /** Counts the forgets: a read that started before one must not fill the cache with what it read. */
  private epoch = 0;

  constructor(
    private readonly db: Db,
    /** Where the per-request token look-up reads (see DbHandle.read). */
    private readonly read: Db = db,
    kind: DbKind = 'sqlite',
  ) {
    // Every authenticated request runs it: written once, not built per call (see RawQuery).
    this.byTokenHash = new RawQuery(
      kind,
      'select id, actor, actor_id, created_at, last_seen_at, revoked_at, factor_passed_at from sessions where token_hash = ?',
    );
    // A trader's request needs the session and the trader's row: one statement instead of two.
    this.userByTokenHash = new RawQuery(
      kind,
      'select u.*, s.id as session_id, s.actor_id as session_actor_id, s.created_at as session_created_at, ' +
        's.last_seen_at as session_last_seen_at, ' +
        "s.revoked_at as session_revoked_at from sessions s join users u on u.id = s.actor_id where s.token_hash = ? and s.actor = 'user'",
    );
  }

  async create(s: {
    tokenHash: string;
    actor: Actor;
    actorId: number;
    at: number;
    ip: string;
    peer?: string;
    userAgent: string;
    /** A demo session switched to from this real account (issue 21): it may switch back. */
    viaUserId?: number | undefined;
    /** The session passed TOTP at its sign-in (migration 029). */
    factorPassed?: boolean | undefined;
  }) {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        actor: s.actor,
        actor_id: s.actorId,
        created_at: s.at,
        last_seen_at: s.at,
        revoked_at: null,
        ip: s.ip.slice(0, 64),
        peer_ip: (s.peer ?? '').slice(0, 64),
        user_agent: s.userAgent.slice(0, 256),
        via_user_id: s.viaUserId ?? null,
        factor_passed_at: s.factorPassed ? s.at : null,
      })
      .execute();
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return (await this.byTokenHash.run(this.read, [tokenHash])).rows[0];
  }

  /**
   * A trader's session by token hash, with the trader's row; undefined without one (or when the user is gone). Served
   * from memory for a few seconds after a read (see `cache`), so both are read-only.
   */
  async findUserSession(tokenHash: string): Promise<UserSession | undefined> {
    const now = performance.now();
    const hit = this.cache.get(tokenHash);
    if (hit && hit.until > now) return hit.value;
    const epoch = this.epoch;
    const row = (await this.userByTokenHash.run(this.read, [tokenHash])).rows[0];
    if (!row) return undefined;
    const { session_id, session_actor_id, session_created_at, session_last_seen_at, session_revoked_at, ...user } = row;
    const value: UserSession = {
      session: Object.freeze({
        id: session_id,
        actor: 'user',
        actor_id: session_actor_id,
        created_at: session_created_at,
        last_seen_at: session_last_seen_at,
        revoked_at: session_revoked_at,
      }),
      user: Object.freeze(user),
    };
    if (this.epoch === epoch) {
      this.cache.delete(tokenHash);
      if (this.cache.size >= CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(tokenHash, { until: now + CACHE_MS, value });
    }
    return value;
  }

  /**
   * Forgets what memory holds of a user's sessions and row. Every write to a user's row calls it after the write; a
   * write inside a transaction calls it again after the commit (a read in between still saw the old row).
   */
  forgetUser(userId: number): void {
    this.forget((v) => v.user.id === userId);
  }

  private forget(match: (v: UserSession) => boolean): void {
    this.epoch += 1;
    for (const [key, { value }] of this.cache) if (match(value)) this.cache.delete(key);
  }

  /** Records activity on sessions at `at` (never moving a last-seen time back). */
  async touch(ids: number | readonly number[], at: number): Promise<void> {
    const list = typeof ids === 'number' ? [ids] : ids;
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('id', 'in', chunk)
        .where('last_seen_at', '<', at)
        .execute();
    }
    this.forgetSessions(list);
  }

  /**
   * Records that a live session passed TOTP (its enrolment was confirmed in it), inside the caller's transaction;
   * false when the session is over.
   */
  async markFactorPassed(id: number, at: number, db: Db | Tx = this.db): Promise<boolean> {
    const r = await db
      .updateTable('sessions')
      .set({ factor_passed_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    this.forgetSessions([id]);
    return Number(r.numUpdatedRows) === 1;
  }

  /** Forgets what memory holds of these sessions (they ended, here or on another node). */
  forgetSessions(ids: readonly number[]): void {
    if (ids.length === 0) return;
    const set = new Set(ids);
    this.forget((v) => set.has(v.session.id));
  }

  /** Revokes one session; answers the ids it ended (none when it was already revoked). */
  /** The unrevoked sessions of one actor (lifetimes aside), most recently used first; never from memory. */
  unrevoked(actor: Actor, actorId: number): Promise<SessionListing[]> {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('actor', '=', actor)
      .where('actor_id', '=', actorId)
      .where('revoked_at', 'is', null)
      .orderBy('last_seen_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }

  /**
   * Revokes session `id` if it is live; with `owner`, only when it belongs to that actor (a trader ending one of their
   * own sessions never ends another's). Answers the ids it ended.
   */
  async revoke(id: number, at: number, db: Db | Tx = this.db, owner?: { actor: Actor; actorId: number }): Promise<number[]> {
    let q = db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null);
    if (owner) q = q.where('actor', '=', owner.actor).where('actor_id', '=', owner.actorId);
    const rows = await q.returning('id').execute();
    this.forget((v) => v.session.id === id);
    return rows.map((r) => r.id);
  }

  /**
   * Revokes every live session of an actor, except `keepId` when given; answers the ids it ended. A trader's demo
   * sessions switched to from this account (`via_user_id`, issue 21) end with it: they could switch back.
   */
  async revokeAll(actor: Actor, actorId: number, at: number, keepId?: number, db: Db | Tx = this.db): Promise<number[]> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('actor', '=', actor)
      .where((eb) =>
        actor === 'user' ? eb.or([eb('actor_id', '=', actorId), eb('via_user_id', '=', actorId)]) : eb('actor_id', '=', actorId),
      )
      .where('revoked_at', 'is', null);
    if (keepId !== undefined) q = q.where('id', '!=', keepId);
    const rows = await q.returning('id').execute();
    // Inside a caller's transaction the caller forgets again after its commit (see forgetUser).
    if (actor === 'user') this.forgetUser(actorId);
    const ids = rows.map((r) => r.id);
    this.forgetSessions(ids);
    return ids;
  }

  /** The real account a trader session was switched to from (issue 21), null when none; never from memory. */
  async viaUserOf(id: number): Promise<number | null> {
    const row = await this.db.selectFrom('sessions').select('via_user_id').where('id', '=', id).executeTakeFirst();
    return row?.via_user_id == null ? null : Number(row.via_user_id);
  }

  /**
   * Ends one live trader session and answers its `via_user_id` (null when it has none), or undefined when it was
   * already over: one statement, so of two switches from one session at once only one goes on (issue 21).
   */
  async claimForSwitch(id: number, at: number, db: Db | Tx = this.db): Promise<{ via_user_id: number | null } | undefined> {
    const row = await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('actor', '=', 'user')
      .where('revoked_at', 'is', null)
      .returning('via_user_id')
      .executeTakeFirst();
    this.forgetSessions([id]);
    return row ? { via_user_id: row.via_user_id === null ? null : Number(row.via_user_id) } : undefined;
  }

  /**
   * The sessions of these ids as they are now, with their users' status: read from the database, never from memory,
   * so the periodic check of open sockets sees every revocation and every other node's last-seen write (the read
   * connection sees every commit).
   */
  async states(ids: readonly number[]): Promise<SessionState[]> {
    const out: SessionState[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows = await this.read
        .selectFrom('sessions as s')
        .leftJoin('users as u', (j) => j.onRef('u.id', '=', 's.actor_id').on('s.actor', '=', 'user'))
        .select(['s.id', 's.actor', 's.actor_id', 's.created_at', 's.last_seen_at', 's.revoked_at', 'u.status as user_status'])
        .where('s.id', 'in', chunk)
        .execute();
      out.push(...rows);
    }
    return out;
  }
}
