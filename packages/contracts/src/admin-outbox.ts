import { z } from 'zod';

/**
 * `GET /admin/api/outbox?channel=&recipient=&page=&limit=`: one mail or SMS kept because no provider is configured
 * (DESIGN §2), newest first.
 */
export const outboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Unix milliseconds. */
  created_at: z.number(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;
