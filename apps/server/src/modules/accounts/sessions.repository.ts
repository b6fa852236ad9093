import type { Db, DbKind, Tx } from '../../db/database.ts';
import { RawQuery } from '../../db/raw-query.ts';
import type { SessionsTable, UserRow } from '../../db/schema.ts';

export type Actor = SessionsTable['actor'];

export interface SessionRow {
  id: number;
  actor: Actor;
  actor_id: number;
  last_seen_at: number;
  revoked_at: number | null;
}

type UserSessionRow = UserRow & {
  session_id: number;
  session_actor_id: number;
  session_last_seen_at: number;
  session_revoked_at: number | null;
};

/** Sessions of traders and staff; only token hashes are stored. */
export class SessionsRepository {
  private readonly byTokenHash: RawQuery<SessionRow>;
  private readonly userByTokenHash: RawQuery<UserSessionRow>;

  constructor(
    private readonly db: Db,
    /** Where the per-request token look-up reads (see DbHandle.read). */
    private readonly read: Db = db,
    kind: DbKind = 'sqlite',
  ) {
    // Every authenticated request runs it: written once, not built per call (see RawQuery).
    this.byTokenHash = new RawQuery(
      kind,
      'select id, actor, actor_id, last_seen_at, revoked_at from sessions where token_hash = ?',
    );
    // A trader's request needs the session and the trader's row: one statement instead of two.
    this.userByTokenHash = new RawQuery(
      kind,
      'select u.*, s.id as session_id, s.actor_id as session_actor_id, s.last_seen_at as session_last_seen_at, ' +
        "s.revoked_at as session_revoked_at from sessions s join users u on u.id = s.actor_id where s.token_hash = ? and s.actor = 'user'",
    );
  }

  async create(s: { tokenHash: string; actor: Actor; actorId: number; at: number; ip: string; userAgent: string }) {
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
        user_agent: s.userAgent.slice(0, 256),
      })
      .execute();
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return (await this.byTokenHash.run(this.read, [tokenHash])).rows[0];
  }

  /** A trader's session by token hash, with the trader's row; undefined without one (or when the user is gone). */
  async findUserSession(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const row = (await this.userByTokenHash.run(this.read, [tokenHash])).rows[0];
    if (!row) return undefined;
    const { session_id, session_actor_id, session_last_seen_at, session_revoked_at, ...user } = row;
    return {
      session: {
        id: session_id,
        actor: 'user',
        actor_id: session_actor_id,
        last_seen_at: session_last_seen_at,
        revoked_at: session_revoked_at,
      },
      user,
    };
  }

  async touch(id: number, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async revoke(id: number, at: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  }

  /** Revokes every live session of an actor, except `keepId` when given. */
  async revokeAll(actor: Actor, actorId: number, at: number, keepId?: number, db: Db | Tx = this.db): Promise<void> {
    let q = db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('actor', '=', actor)
      .where('actor_id', '=', actorId)
      .where('revoked_at', 'is', null);
    if (keepId !== undefined) q = q.where('id', '!=', keepId);
    await q.execute();
  }
}
