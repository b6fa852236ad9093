import type { Db, Tx } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

export type Actor = SessionsTable['actor'];

export interface SessionRow {
  id: number;
  actor: Actor;
  actor_id: number;
  last_seen_at: number;
  revoked_at: number | null;
}

/** Sessions of traders and staff; only token hashes are stored. */
export class SessionsRepository {
  constructor(
    private readonly db: Db,
    /** Where the per-request token look-up reads (see DbHandle.read). */
    private readonly read: Db = db,
  ) {}

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

  findByTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.read
      .selectFrom('sessions')
      .select(['id', 'actor', 'actor_id', 'last_seen_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
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
