import type { Actor } from '../../core/access.ts';
import type { AuditRepository } from './audit.repository.ts';

/** What the back office exports as CSV (DESIGN §16 "Exports"): each audited as `<what>.export`. */
export type ExportSubject = 'user' | 'position' | 'deposit' | 'withdrawal' | 'audit';

/**
 * Records that a staff member exported a list (who, which list, with which filters), before the first row is sent:
 * an export that fails halfway was still asked for. Filters left out are not recorded.
 */
export function recordExport(
  audit: AuditRepository,
  actor: Actor,
  at: number,
  what: ExportSubject,
  filters: Record<string, unknown>,
): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(filters).filter(([k, v]) => v !== undefined && v !== '' && !['page', 'limit', 'format'].includes(k)),
  );
  return audit.record({
    staffId: actor.staffId,
    action: `${what}.export`,
    targetType: what,
    targetId: 'csv',
    after: { format: 'csv', filters: given },
    ip: actor.ip,
    peer: actor.peer,
    at,
  });
}
