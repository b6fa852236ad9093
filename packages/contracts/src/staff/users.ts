import { z } from 'zod';
import { dayOrUnixMsParam, exportFormatParam, intParam, pageParams, textParam } from '../params.ts';

/**
 * The back office's users (DESIGN §11): search, the profile, the actions on an account and balance adjustments with
 * their second-staff approval. Money is a decimal USD string with 2 places, as the app writes it.
 */

/** A switch as `true`/`false`, `1`/`0` or their text; anything else is refused, never read as off (DESIGN §10). */
const switchParam = z.preprocess(
  (v) =>
    v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean({ error: 'err.field_invalid' }),
);

/** An optional filter: absent, null and '' all read as "any". */
const anyOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/**
 * `GET /admin/api/users?q=&country=&kyc_status=&account_type_id=&is_demo=&from=&to=&page=&limit=[&format=csv]`: `q` matches any part
 * of e-mail, phone, uid, real name, invite code; `country` the ISO 3166 code given at sign-up; `kyc_status` the newest
 * real-name application's status (0 none, 1 waiting, 2 approved, 3 rejected); `is_demo` real or demo accounts;
 * `from`/`to` the sign-up day (UTC, inclusive) or unix ms (DESIGN §16).
 */
export const userSearchParams = z.object({
  ...pageParams,
  ...exportFormatParam,
  q: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string({ error: 'err.field_invalid' }).trim().max(100, { error: 'err.field_invalid' }),
  ),
  country: anyOf(
    z
      .string({ error: 'err.field_invalid' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'err.field_invalid' }),
  ),
  kyc_status: anyOf(intParam('err.field_invalid', 0, 4)),
  /** The account type's id (DESIGN §16); a user without one is in the default type. */
  account_type_id: anyOf(intParam('err.field_invalid', 1, 1_000_000_000)),
  is_demo: anyOf(switchParam),
  from: dayOrUnixMsParam,
  to: dayOrUnixMsParam,
});
export type UserSearchParams = z.infer<typeof userSearchParams>;

/** `POST /admin/api/users/:id/status {login_enabled?, trading_enabled?}`: at least one; no other key. */
export const userStatusParams = z
  .object({ login_enabled: switchParam, trading_enabled: switchParam })
  .partial()
  .extend({ t: z.unknown().optional() })
  .strict()
  .transform(({ t: _t, ...change }) => change)
  .refine((c) => c.login_enabled !== undefined || c.trading_enabled !== undefined, { error: 'err.field_invalid' });
export type UserStatusParams = z.infer<typeof userStatusParams>;

/** Kinds of balance adjustment; each is a ledger entry type `adjust_<kind>` with its own label in the money history. */
export const ADJUSTMENT_KINDS = ['correction', 'bonus', 'compensation'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/**
 * `POST /admin/api/users/:id/adjust {amount, kind, reason}`: `amount` USD with at most 2 decimals, negative for a
 * debit, never zero, at most 1,000,000,000 either way; `reason` 1 to 500 characters.
 */
export const adjustParams = z.object({
  amount: z
    .string({ error: 'err.amount_invalid' })
    .trim()
    .regex(/^-?\d{1,10}(\.\d{1,2})?$/, { error: 'err.amount_invalid' })
    .refine((v) => !/^-?0+(\.0+)?$/.test(v), { error: 'err.amount_invalid' }),
  kind: z.enum(ADJUSTMENT_KINDS, { error: 'err.field_invalid' }),
  reason: textParam('err.remark_required', 1, 500),
});
export type AdjustParams = z.infer<typeof adjustParams>;

/** `POST /admin/api/users/:id/notes {text}`. */
export const userNoteParams = z.object({ text: textParam('err.field_invalid', 1, 2000) });

/** `GET /admin/api/adjustments?status=&user_id=&page=&limit=`: 0 waiting, 1 credited, 2 rejected. */
export const adjustmentListParams = z.object({
  ...pageParams,
  status: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'err.field_invalid' })
      .int()
      .min(0, { error: 'err.field_invalid' })
      .max(2, { error: 'err.field_invalid' })
      .optional(),
  ),
  user_id: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v),
    z.number({ error: 'err.field_invalid' }).int().positive({ error: 'err.field_invalid' }).optional(),
  ),
});

/** `POST /admin/api/adjustments/:id/reject {remark}`. */
export const adjustmentRejectParams = z.object({ remark: textParam('err.remark_required', 1, 500) });

const usd = z.string().describe('USD, 2 decimals.');
const when = z.number().describe('Unix milliseconds.');

/** One user as the search lists them. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  email: z.string(),
  phone: z.string(),
  is_demo: z.boolean(),
  login_enabled: z.boolean(),
  trading_enabled: z.boolean(),
  balance: usd,
  /** Real-name: 0 none, 1 waiting, 2 approved, 3 rejected. */
  kyc_status: z.number().int(),
  /** The country of residence given at sign-up (ISO 3166 alpha-2), '' when none was asked. */
  country: z.string(),
  created_at: when,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminSessionSchema = z.object({
  id: z.number().int(),
  created_at: when,
  last_seen_at: when,
  /** The validated client address, and the socket peer beside it (DESIGN §10). */
  ip: z.string(),
  peer_ip: z.string(),
  user_agent: z.string(),
  /** False once signed out or expired by revocation. */
  live: z.boolean(),
});

export const adminLedgerRowSchema = z.object({
  id: z.number().int(),
  /** Entry type code (`deposit`, `order_open`, `adjust_bonus`, …). */
  type: z.string(),
  /** Signed change of the cash balance. */
  value: usd,
  /** What the entry was, in the staff member's language. */
  memo: z.string(),
  created_at: when,
});

export const adminNoteSchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int(),
  staff_email: z.string(),
  text: z.string(),
  created_at: when,
});
export type AdminNote = z.infer<typeof adminNoteSchema>;

/** One balance adjustment: status 0 waiting for a second staff member, 1 credited, 2 rejected. */
export const adjustmentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_account: z.string(),
  /** Signed USD, 2 decimals: negative for a debit. */
  amount: usd,
  kind: z.enum(ADJUSTMENT_KINDS),
  reason: z.string(),
  status: z.number().int().min(0).max(2),
  remark: z.string(),
  created_by: z.number().int(),
  created_by_email: z.string(),
  created_at: when,
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.number().nullable(),
  /** Which balance it moves: `credit` for a bonus (issue 32), `cash` otherwise and for bonuses made before credit. */
  balance: z.enum(['cash', 'credit']),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** `GET /admin/api/users/:id`: the list's figures plus everything staff look at on a profile. */
export const adminUserDetailSchema = adminUserSchema.extend({
  lock_balance: usd,
  /** Credit (bonuses, issue 32): counted in equity, never withdrawable. */
  credit: usd,
  equity: usd,
  /** Equity ÷ used margin in %, 2 decimals; 0 without open positions. */
  margin_level: z.number(),
  used_margin: usd,
  free_margin: usd,
  invite_code: z.string(),
  invited_by: z.number().int().nullable(),
  lang: z.string(),
  totp_enabled: z.boolean(),
  /** The user's account type (DESIGN §16): its id and name. */
  account_type: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  sessions: z.array(adminSessionSchema),
  /** Devices and addresses signed in from, first seen (`dev:<hash>` or `ip:<address>`). */
  devices: z.array(z.object({ device_key: z.string(), first_seen_at: when })),
  invitees: z.array(z.object({ id: z.number().int(), uid: z.string(), account: z.string(), created_at: when })),
  kyc: z
    .object({
      id: z.number().int(),
      name: z.string(),
      card_id: z.string(),
      status: z.number().int(),
      remark: z.string(),
      /** Signed links to the images, valid for a few minutes. */
      front_url: z.string(),
      reverse_url: z.string(),
      created_at: when,
    })
    .nullable(),
  ledger: z.array(adminLedgerRowSchema),
  orders: z.array(
    z.object({
      id: z.number().int(),
      symbol: z.string(),
      /** 1 buy, 2 sell. */
      side: z.number().int(),
      lots: z.string(),
      /** 1 holding, 2 pending, 3 closed, … (the app's order status). */
      status: z.number().int(),
      margin: usd,
      profit: usd,
      created_at: when,
    }),
  ),
  deposits: z.array(
    z.object({
      id: z.number().int(),
      amount: z.string(),
      currency: z.string(),
      usd_amount: usd,
      status: z.number().int(),
      created_at: when,
    }),
  ),
  withdrawals: z.array(
    z.object({ id: z.number().int(), amount: usd, code: z.string(), status: z.number().int(), created_at: when }),
  ),
  adjustments: z.array(adjustmentSchema),
  notes: z.array(adminNoteSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
