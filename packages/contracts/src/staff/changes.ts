import { z } from 'zod';
import { pageParams, textParam } from '../params.ts';

/**
 * The changes queue (issue 29, DESIGN §16 "Insiders"): changes that take effect only once a second staff member
 * approves them: deposit and wire receiving details (a channel's address, a bank's payee), and the adjustment limits
 * (`adjust_approval_usd`, `adjust_self_limit_usd`, a second super admin). Zod-free constants first, for the console.
 */
export const CHANGE_KINDS = ['setting', 'deposit_channel', 'wire_channel'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A change: 0 pending → 1 approved (in effect) | 2 rejected. */
export const CHANGE_PENDING = 0;
export const CHANGE_APPROVED = 1;
export const CHANGE_REJECTED = 2;

/** `GET /admin/api/changes?status=&page=&limit=`: 0 pending, 1 approved, 2 rejected; every status when left out. */
export const changeListParams = z.object({
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
});

/** `POST /admin/api/changes/:id/reject {remark}`. */
export const changeRejectParams = z.object({ remark: textParam('err.remark_required', 1, 500) });

/** The fields of a change, before and after: text, numbers and switches as the setting or channel has them. */
const fields = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** One change, as the queue lists it and as a decision answers it. */
export const changeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CHANGE_KINDS),
  /** The setting keys, or the channel's id ('' for a channel to be added). */
  target: z.string(),
  /** The state when the change was asked for (null: a channel to be added). */
  before: fields.nullable(),
  /** What takes effect on approval. */
  after: fields,
  status: z.number().int().min(0).max(2),
  remark: z.string(),
  created_by: z.number().int(),
  created_by_email: z.string(),
  created_at: z.number().describe('Unix milliseconds.'),
  reviewed_by: z.number().int().nullable(),
  reviewed_by_email: z.string(),
  reviewed_at: z.number().nullable().describe('Unix milliseconds.'),
});
export type Change = z.infer<typeof changeSchema>;
