import { z } from 'zod';

/**
 * `GET /admin/api/outbox?channel=&recipient=&page=&limit=`: one mail or SMS kept because no provider is configured
 * (DESIGN §2), newest first. Verification codes in `subject` and `body` are masked (`••••••`) for every role;
 * `POST /admin/api/outbox/:id/reveal` (super admin, audited) answers one message in clear (DESIGN §10).
 */
export const outboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Whether a code was masked in this answer (a reveal answers false). */
  masked: z.boolean(),
  /** Unix milliseconds. */
  created_at: z.number(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** What stands for a verification code in the outbox unless a super admin reveals the message. */
export const OUTBOX_MASK = '••••••';
