import { readJson, writeStorage } from '../../../shared/lib/storage.ts';

/**
 * The lots and leverage last chosen on an instrument (issue 20 point 4), remembered on this device per user (a
 * visitor as "guest") and restored when the ticket opens. Only what the instrument still accepts is restored: the
 * ticket checks the lots against its rules and the leverage against its choices.
 */

const KEY = 'tradepad.ticket';
/** At most this many instruments × users are kept; the oldest go first. */
const LIMIT = 200;

export interface TicketMemory {
  lots?: string;
  leverage?: number;
}

type Stored = Record<string, TicketMemory>;

const slot = (userId: number | undefined, forexId: number): string => `${userId ?? 'guest'}:${forexId}`;

function stored(): Stored {
  const all = readJson<unknown>(KEY);
  return all && typeof all === 'object' && !Array.isArray(all) ? (all as Stored) : {};
}

/** What was last chosen for this instrument by this user, with anything malformed dropped. */
export function recallTicket(userId: number | undefined, forexId: number): TicketMemory {
  const m = stored()[slot(userId, forexId)];
  if (!m || typeof m !== 'object') return {};
  return {
    ...(typeof m.lots === 'string' && /^\d{1,9}(\.\d{1,4})?$/.test(m.lots) ? { lots: m.lots } : {}),
    ...(typeof m.leverage === 'number' && Number.isSafeInteger(m.leverage) && m.leverage > 0 ? { leverage: m.leverage } : {}),
  };
}

/** Remembers the lots and/or leverage chosen (merged with what is kept for the instrument). */
export function rememberTicket(userId: number | undefined, forexId: number, change: TicketMemory): void {
  const all = stored();
  const key = slot(userId, forexId);
  const next = { ...(all[key] ?? {}), ...change };
  delete all[key];
  const keys = Object.keys(all);
  for (const old of keys.slice(0, Math.max(0, keys.length - LIMIT + 1))) delete all[old];
  writeStorage(KEY, JSON.stringify({ ...all, [key]: next }));
}
