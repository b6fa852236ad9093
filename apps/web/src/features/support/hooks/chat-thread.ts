import type { SupportMessage } from '@tradepad/contracts/support/schemas';

/** A message the trader sent that the server has not stored yet (or that failed). */
export interface OutgoingMessage {
  /** Its Idempotency-Key: made once when sent, the same for every retry (never a second copy on the server). */
  key: string;
  text: string;
  /** The uploaded image's name once uploaded. */
  image?: string;
  /** A local preview of the image while it is uploaded and sent. */
  file?: File;
  preview?: string;
  status: 'sending' | 'failed';
  at: number;
}

/**
 * The thread as shown, oldest first: the pages loaded (newest first, possibly overlapping when messages arrived
 * between two page loads) and the messages heard live or answered to a send, each message once.
 */
export function threadOf(pages: readonly (readonly SupportMessage[])[], live: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map<number, SupportMessage>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  for (const m of live) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Adds `m` to the live list unless it is there already (a push and a send's answer can both bring it). */
export function withMessage(live: readonly SupportMessage[], m: SupportMessage): SupportMessage[] {
  return live.some((x) => x.id === m.id) ? [...live] : [...live, m];
}
