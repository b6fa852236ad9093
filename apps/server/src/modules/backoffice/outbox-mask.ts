import { OUTBOX_MASK } from '@tradepad/contracts';

/** An outbox row as stored: the message and, when it carries one, its code. */
export interface StoredMessage {
  subject: string;
  body: string;
  secret: string | null;
}

/** A 6-digit run standing alone: how a code looks in a message that was kept without naming it. */
const CODE_LIKE = /(?<!\d)\d{6}(?!\d)/g;

/**
 * A kept message as staff may read it (DESIGN §10): its code masked wherever it appears in subject and body. The code
 * is known from the `secret` stored with the message, not guessed; a message kept without one (written before the
 * column existed, or by a sender that did not name its code) has every lone 6-digit run masked instead, so an unnamed
 * code is never shown by mistake.
 */
export function maskMessage(m: StoredMessage): { subject: string; body: string; masked: boolean } {
  const mask = (text: string) => (m.secret ? text.split(m.secret).join(OUTBOX_MASK) : text.replace(CODE_LIKE, OUTBOX_MASK));
  const subject = mask(m.subject);
  const body = mask(m.body);
  return { subject, body, masked: subject !== m.subject || body !== m.body };
}
