import { z } from 'zod';
import { pageParams } from '../params.ts';
import { count } from '../answers.ts';
import { SUPPORT_TEXT_MAX } from './constants.ts';

/**
 * The built-in support chat (DESIGN §13): one thread per trader, the trader's messages and the staff's replies.
 * Messages are plain text, stored as written and always rendered as text (never as HTML). Lists are newest first:
 * page 1 holds the latest messages, and a chat screen shows a page bottom-up and loads older pages above it.
 */

export { SUPPORT_MESSAGES_PER_MINUTE, SUPPORT_TEXT_MAX } from './constants.ts';

/** A message's text: trimmed, 1 to {@link SUPPORT_TEXT_MAX} characters. */
const supportText = z
  .string({ error: 'err.support_text_invalid' })
  .trim()
  .min(1, { error: 'err.support_text_invalid' })
  .max(SUPPORT_TEXT_MAX, { error: 'err.support_text_invalid' });

/**
 * `POST /api/support/messages`: `text`, and optionally `image` (the `name` an image upload answered: a screenshot).
 * With an image the text may be empty.
 */
export const supportPostParams = z
  .object({
    text: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'err.support_text_invalid' })),
    image: z.preprocess(
      (v) => (v === null || v === '' ? undefined : v),
      z
        .string({ error: 'err.image_invalid' })
        .regex(/^[A-Za-z0-9._-]{1,128}$/, { error: 'err.image_invalid' })
        .optional(),
    ),
  })
  .transform((p, ctx) => {
    const text = p.text.trim();
    if (text === '' && p.image !== undefined) return { text, image: p.image };
    const r = supportText.safeParse(text);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'err.support_text_invalid' });
      return z.NEVER;
    }
    return { text: r.data, image: p.image };
  });
export type SupportPostParams = z.infer<typeof supportPostParams>;

/** `POST /admin/api/support/threads/:id {text}`: a staff reply, text only. */
export const supportReplyParams = z.object({ text: supportText });

/** `GET /api/support/messages?page=&limit=`. */
export const supportMessagesParams = z.object(pageParams);

/** Which threads the inbox lists: those waiting for an answer (the trader spoke last), answered, or all. */
export const SUPPORT_THREAD_STATUSES = ['waiting', 'answered'] as const;
export type SupportThreadStatus = (typeof SUPPORT_THREAD_STATUSES)[number];

/** `GET /admin/api/support/threads?status=&q=&page=&limit=`. */
export const supportThreadsParams = z.object({
  ...pageParams,
  status: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(SUPPORT_THREAD_STATUSES, { error: 'err.field_invalid' }).optional(),
  ),
});

/** One message of a thread, as the trader and the staff see it. */
export const supportMessageSchema = z.object({
  id: count,
  user_id: count.describe('The trader whose thread it is.'),
  from: z.enum(['user', 'staff']),
  text: z.string().describe('Plain text as written: render it as text, never as HTML.'),
  image: z.string().optional().describe('A signed link to the attached image, valid for a few minutes.'),
  created_at: count.describe('Unix milliseconds.'),
  staff_name: z.string().optional().describe("A staff reply's author, as the staff member's name."),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** A page of a thread, newest first. */
export const supportMessagePage = z.object({ data: z.array(supportMessageSchema), total: count });
export type SupportMessagePage = z.infer<typeof supportMessagePage>;

/** One thread of the staff inbox. */
export const supportThreadSchema = z.object({
  user_id: count,
  /** The trader's e-mail, else phone, else uid. */
  user_account: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_demo: z.boolean(),
  last_from: z.enum(['user', 'staff']),
  last_text: z.string().describe('The last message, cut to 200 characters ("" for an image alone).'),
  unread: count.describe('Messages from the trader the staff have not opened yet.'),
  status: z.enum(SUPPORT_THREAD_STATUSES),
  updated_at: count.describe('The last message, unix milliseconds.'),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;

/** The inbox: threads with the newest activity first. */
export const supportThreadPage = z.object({ data: z.array(supportThreadSchema), total: count });
export type SupportThreadPage = z.infer<typeof supportThreadPage>;

/** A thread opened by staff: its messages (newest first) and whose it is. */
export const supportThreadDetail = supportMessagePage.extend({
  user_id: count,
  user_account: z.string(),
});
export type SupportThreadDetail = z.infer<typeof supportThreadDetail>;
