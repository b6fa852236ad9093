import { z } from 'zod';
import { pageParams } from '../params.ts';
import { count } from '../answers.ts';
import { NOTICE_KINDS } from './constants.ts';

/**
 * In-app notices and web push (issue 21 points 1 and 2, DESIGN §13): what happened to the trader's account, kept in
 * a notification centre, pushed live to every socket as `NOTICE`, and as a web push where the trader opted in for
 * that kind.
 */

export { FILL_TRIGGERS, NOTICE_KINDS, PUSH_SUBSCRIPTIONS_MAX, type FillTrigger, type NoticeKind } from './constants.ts';

/** A notice as the centre lists it; `title` and `body` in the request's language. */
export const noticeSchema = z.object({
  id: count,
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** The screen that shows what the notice is about (an app path). */
  link: z.string(),
  /** The figures behind the text (order id, symbol, amounts…), by kind. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  read: z.boolean(),
  created_at: z.number().int().describe('Unix milliseconds.'),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticePage = z.object({ data: z.array(noticeSchema), total: count, unread: count });
export type NoticePage = z.infer<typeof noticePage>;

/** `GET /api/notices?page=&limit=`: newest first. */
export const noticesParams = z.object(pageParams);

/** `POST /api/notices/read {id?}`: one notice read, or every notice when `id` is left out. */
export const noticesReadParams = z.object({
  id: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: 'err.record_unknown' })
      .int({ error: 'err.record_unknown' })
      .positive({ error: 'err.record_unknown' })
      .optional(),
  ),
});

export const unreadCount = z.object({ unread: count });
export type UnreadCount = z.infer<typeof unreadCount>;

/** base64url without padding, as PushSubscription.toJSON() writes keys. */
const b64url = (len: number) =>
  z
    .string({ error: 'err.push_subscription_invalid' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'err.push_subscription_invalid' })
    .length(len, { error: 'err.push_subscription_invalid' });

/**
 * The browser's PushSubscription JSON: an endpoint URL (https; the server may allow http on loopback for tests),
 * `keys.p256dh` (an uncompressed P-256 point, 65 bytes = 87 base64url characters) and `keys.auth` (16 bytes = 22).
 * As a JSON object, or as its JSON text (form posts).
 */
export const pushSubscriptionSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.object(
    {
      endpoint: z
        .string({ error: 'err.push_subscription_invalid' })
        .max(1000, { error: 'err.push_subscription_invalid' })
        .url({ error: 'err.push_subscription_invalid' }),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: b64url(87), auth: b64url(22) }, { error: 'err.push_subscription_invalid' }),
    },
    { error: 'err.push_subscription_invalid' },
  ),
);
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** `POST /api/push/subscribe {subscription}`. */
export const pushSubscribeParams = z.object({ subscription: pushSubscriptionSchema });
/** `POST /api/push/unsubscribe {endpoint}`. */
export const pushUnsubscribeParams = z.object({
  endpoint: z
    .string({ error: 'err.push_subscription_invalid' })
    .min(1, { error: 'err.push_subscription_invalid' })
    .max(1000, { error: 'err.push_subscription_invalid' }),
});

/** `GET /api/push/vapid_key` → the server's VAPID public key (base64url), the browser's `applicationServerKey`. */
export const vapidKey = z.object({ key: z.string() });

/** The kinds pushed to this user's subscribed devices (all by default). */
export const pushPrefs = z.object({ kinds: z.array(z.enum(NOTICE_KINDS)), subscriptions: count });
export type PushPrefs = z.infer<typeof pushPrefs>;

/** `POST /api/push/prefs {kinds}`: a comma-separated list (or an array) of kinds; empty = none. */
export const pushPrefsParams = z.object({
  kinds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v === undefined
          ? []
          : v,
    z
      .array(z.enum(NOTICE_KINDS, { error: 'err.push_kind_invalid' }), { error: 'err.push_kind_invalid' })
      .max(NOTICE_KINDS.length),
  ),
});
