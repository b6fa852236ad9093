import type { Db } from '../../db/database.ts';
import type { FastifyRequest } from 'fastify';
import { sessionExpired } from '../../core/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SessionsService } from './sessions.service.ts';

export interface Authenticated {
  user: UserRow;
  sessionId: number;
}

/** Resolves the trader behind a request's `authorization` header (DESIGN §3); code 999 when there is none. */
export class UserAuth {
  constructor(
    private readonly sessions: SessionsService,
    private readonly repo: AccountsRepository,
    /** Where the per-request user look-up reads (see DbHandle.read). */
    private readonly read?: Db,
  ) {}

  async require(req: FastifyRequest): Promise<Authenticated> {
    const found = await this.optional(req);
    if (!found) throw sessionExpired();
    return found;
  }

  async optional(req: FastifyRequest): Promise<Authenticated | undefined> {
    return this.fromToken(req.headers.authorization);
  }

  /** Also used by the websocket's login message. */
  async fromToken(token: unknown): Promise<Authenticated | undefined> {
    const session = await this.sessions.authenticate(token);
    if (!session) return undefined;
    const user = await this.repo.userById(session.actor_id, this.read);
    if (!user || user.status !== 1) return undefined;
    return { user, sessionId: session.id };
  }
}
