import type { Harness } from './harness.ts';

/**
 * The messages kept in the outbox for `recipient`, newest first, in clear, read from the database directly: the
 * test-only way to a code that went to the outbox. The API masks codes for every role (DESIGN §10), and tests must
 * not need a weaker production path to read them.
 */
export async function outboxInClear(h: Harness, recipient: string) {
  return h.app.tradepad.database.db
    .selectFrom('outbox')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'secret'])
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();
}

/** The newest code kept in the outbox for `recipient` (a mail's or an SMS's), or a failure naming the recipient. */
export async function outboxCode(h: Harness, recipient: string): Promise<string> {
  const [newest] = await outboxInClear(h, recipient);
  if (!newest?.secret) throw new Error(`no code was kept in the outbox for ${recipient}`);
  return newest.secret;
}
