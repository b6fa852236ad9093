import type { FastifyRequest } from 'fastify';
import { sessionExpired } from '../../core/errors.ts';
import type { Authenticated } from '../../core/access.ts';
import type { SessionsService } from './sessions.service.ts';

export type { Authenticated };

/** Resolves the trader behind a request's `authorization` header (DESIGN §3); code 999 when there is none. */
export class UserAuth {
  constructor(private readonly sessions: SessionsService) {}

  async require(req: FastifyRequest): Promise<Authenticated> {
    const found = await this.optional(req);
    if (!found) throw sessionExpired();
    return found;
  }

  async optional(req: FastifyRequest): Promise<Authenticated | undefined> {
    return this.fromToken(req.headers.authorization);
  }

  /** Also used by the websocket's login message. The session and the user are one look-up on the read connection. */
  async fromToken(token: unknown): Promise<Authenticated | undefined> {
    const found = await this.sessions.authenticateUser(token);
    if (!found || found.user.status !== 1) return undefined;
    return { user: found.user, sessionId: found.session.id };
  }

  /** The websocket gateway's periodic check: which of these sessions are over (see SessionsService.checkSockets). */
  checkSockets(sessionIds: readonly number[], active: ReadonlySet<number>): Promise<number[]> {
    return this.sessions.checkSockets(sessionIds, active);
  }
}
