import type { Actor } from './access.ts';

/** One refused staff attempt, as the audit log keeps it (`<object>.<verb>.denied`). */
export interface DeniedAttempt {
  actor: Actor;
  /** `<object>.<verb>.denied`, e.g. `withdrawal.approve.denied`. */
  action: string;
  targetType: string;
  /** The `:id` of the call, '' when it has none. */
  targetId: string;
  /** The refusal's message key and the call (method and path) that was refused. */
  detail: { refused: string; method: string; path: string };
}

/** Where the router writes refused staff attempts: the audit log (infrastructure.ts), on a connection of its own. */
export interface DenialLog {
  denied(attempt: DeniedAttempt): Promise<void>;
}

/** Objects whose path is already singular (or a singleton). */
const SINGULAR = new Set([
  'news',
  'settings',
  'wallet_settings',
  'audit',
  'exposure',
  'risk',
  'dashboard',
  'staff',
  'kyc',
  'me',
  'outbox',
]);
/** Objects of one record, changed without an id. */
const SINGLETONS = new Set(['settings', 'wallet_settings']);
/** Where the audit log's established name differs from the path's (`user.note` for `users/:id/notes`). */
const NAMED: Readonly<Record<string, string>> = { 'POST /admin/api/users/:id/notes': 'user.note' };

const singular = (word: string) =>
  SINGULAR.has(word) ? word : word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') ? word.slice(0, -1) : word;

/**
 * The audit name of a staff call, `<object>.<verb>` as the actions it would have written are named (DESIGN §11):
 * `POST /admin/api/withdrawals/:id/approve` → `withdrawal.approve`, `POST /admin/api/deposit-channels/:id` →
 * `deposit_channel.update`, `POST /admin/api/deposit-channels` → `deposit_channel.create`, `POST /admin/api/settings` →
 * `settings.update`, `GET /admin/api/users/:id` → `user.view`, `GET /admin/api/reports/daily` → `report_daily.view`.
 */
export function staffCallName(method: string, path: string): { action: string; object: string } {
  const named = NAMED[`${method} ${path}`];
  const segments = path
    .replace(/^\/admin\/api\//, '')
    .split('/')
    .filter((s) => s !== '' && s !== ':id')
    .map((s) => s.replace(/-/g, '_'));
  const object = singular(segments[0] ?? 'admin');
  const rest = segments.slice(1).join('_');
  if (named) return { action: named, object };
  if (method === 'GET') return { action: `${rest ? `${object}_${rest}` : object}.view`, object };
  if (rest) return { action: `${object}.${rest}`, object };
  const singleton = SINGLETONS.has(object);
  return { action: `${object}.${path.includes(':id') || singleton ? 'update' : 'create'}`, object };
}
