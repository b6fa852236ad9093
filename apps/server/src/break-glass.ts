import os from 'node:os';
import type { DbHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { SessionsRepository } from './modules/accounts/sessions.repository.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { BackofficeRepository } from './modules/backoffice/backoffice.repository.ts';
import { StaffCredentials } from './modules/backoffice/staff-credentials.ts';
import { TwoFactorRepository } from './modules/twofactor/twofactor.repository.ts';
import { systemClock, type Clock } from './ports/clock.ts';

export { BreakGlassRefused } from './modules/backoffice/staff-credentials.ts';

/**
 * The break-glass reset (DESIGN §16), run on the server machine against the database the server uses: the password
 * and the 2FA of a super admin are reset, every session of theirs ends, and the audit log records it with no staff
 * member as actor (`by`: this machine and its operating-system user). Answers the temporary password, which must be
 * replaced at first sign-in. Running servers silence the ended sessions' sockets at their next session check.
 * Throws BreakGlassRefused for an unknown account or one that is not a super admin.
 */
export async function breakGlassReset(
  database: DbHandle,
  email: string,
  opts: { clock?: Clock; by?: string } = {},
): Promise<string> {
  await migrateToLatest(database);
  const clock = opts.clock ?? systemClock;
  const db = database.db;
  const sessions = new SessionsRepository(db, db, database.kind);
  const factors = new TwoFactorRepository(db);
  const credentials = new StaffCredentials({
    repo: new BackofficeRepository(db, database.kind),
    audit: new AuditRepository(db),
    clock,
    sessions: {
      revokeAll: async (actorId, keep, trx) => {
        await sessions.revokeAll('staff', actorId, clock.now(), keep, trx);
      },
    },
    factor: { removeStaffFactor: (trx, staffId) => factors.remove(trx, 'staff', staffId) },
  });
  const by = opts.by ?? `${os.userInfo().username}@${os.hostname()}`;
  return (await credentials.breakGlass(email, { by })).temporary_password;
}
