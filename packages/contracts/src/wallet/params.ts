import { z } from 'zod';
import { codeParam, intParam, optionalText, pageParams, textParam } from '../params.ts';
import { isoDate } from '@tradepad/domain';
import { decimalParam } from '../trading/params.ts';
import {
  DEPOSIT_BANK,
  DEPOSIT_COIN,
  DRAW_BANK,
  DRAW_COIN,
  KYC_DOC_TYPES,
  RECORD_COMPLETED,
  RECORD_INVALID,
  RECORD_REJECTED,
  RECORD_UNREVIEWED,
} from './constants.ts';

/** An uploaded image's stored name: 32 random base64url characters and the extension of its re-encoded format. */
export const UPLOAD_NAME_RE = /^[A-Za-z0-9_-]{32}\.(?:jpg|png|webp)$/;

/**
 * An image field (`proofImg`, `front_pic`, `reverse_pic`): the `url` or `name` that `common/image_upload` returned.
 * Reads as the stored name; the server then checks the image belongs to the caller.
 */
export function imageParam(requiredKey: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const path = v.trim().split(/[?#]/)[0] ?? '';
      return path.slice(path.lastIndexOf('/') + 1);
    },
    z.string({ error: requiredKey }).min(1, { error: requiredKey }).regex(UPLOAD_NAME_RE, { error: 'err.image_invalid' }),
  );
}

const id = (key: string) => intParam(key, 1, Number.MAX_SAFE_INTEGER);
const amount = decimalParam('err.amount_invalid');

/** `quickCharge/submit`: a coin deposit. `address` is the sender's address, optional. */
export const coinDepositParams = z.object({
  charge_id: id('err.channel_unknown'),
  number: amount,
  proofImg: imageParam('err.proof_required'),
  address: optionalText(128, 'err.address_invalid'),
});

/** `quickCharge/wire_submit`: a bank wire deposit. */
export const wireDepositParams = z.object({
  wire_id: id('err.channel_unknown'),
  number: amount,
  proofImg: imageParam('err.proof_required'),
});

/** `quickCharge/wire_info`. */
export const wireInfoParams = z.object({ bank_coin: id('err.channel_unknown') });

/** `quickCharge/quick_ist`: `type` 0 coin, 1 bank; absent lists both. */
export const depositListParams = z.object({
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    codeParam([DEPOSIT_COIN, DEPOSIT_BANK] as const, 'err.type_invalid').optional(),
  ),
  ...pageParams,
});

const drawType = codeParam([DRAW_COIN, DRAW_BANK] as const, 'err.type_invalid');

/** `account/draw_symbol_list`. */
export const drawSymbolParams = z.object({ type: drawType });

/**
 * The owner's confirmation of a money movement (DESIGN §10): `auth_code`, a type-4 code sent to the account's own
 * address, or `totp` when the user has two-factor on. Which one is needed is the server's to say.
 */
const ownerProof = {
  auth_code: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: 'err.code_wrong' }).trim().max(12, { error: 'err.code_wrong' }).optional(),
  ),
  totp: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string({ error: 'err.code_wrong' }).trim().max(12, { error: 'err.code_wrong' }).optional(),
  ),
};

/** `account/draw`. */
export const drawParams = z.object({
  draw_currency_id: id('err.channel_unknown'),
  number: amount,
  draw_method_id: id('err.method_required'),
  memo: optionalText(200, 'err.memo_invalid'),
  ...ownerProof,
});

/** `account/draw_list`: `type` 1 coin, 2 bank; absent lists both. */
export const drawListParams = z.object({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), drawType.optional()),
  ...pageParams,
});

/** `wallet/get_draw_method`: the methods of one type, or of one currency with `draw_id`. */
export const getDrawMethodParams = z.object({
  draw_type: drawType,
  draw_id: z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v),
    id('err.channel_unknown').optional(),
  ),
});

/**
 * `wallet/bind_draw_method`: a coin address (`dc_address`, checked for the currency's network by the server) or the
 * bank fields. Which ones are required follows `type`.
 */
export const bindDrawMethodParams = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal(DRAW_COIN),
      draw_id: id('err.channel_unknown'),
      dc_address: textParam('err.address_required', 1, 128, 'err.address_invalid'),
      ...ownerProof,
    }),
    z.object({
      type: z.literal(DRAW_BANK),
      draw_id: id('err.channel_unknown'),
      bank_name: textParam('err.bank_name_required', 1, 120),
      bank_address: textParam('err.bank_address_required', 1, 200),
      bank_swift: z
        .string({ error: 'err.bank_swift_invalid' })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: 'err.bank_swift_invalid' }),
      payee_name: textParam('err.payee_name_required', 1, 120),
      payee_account: z
        .string({ error: 'err.payee_account_required' })
        .trim()
        .transform((s) => s.replace(/\s+/g, '').toUpperCase())
        .pipe(
          z
            .string()
            .min(1, { error: 'err.payee_account_required' })
            .regex(/^[A-Z0-9-]{4,40}$/, { error: 'err.payee_account_invalid' }),
        ),
      remark: optionalText(200, 'err.memo_invalid'),
      ...ownerProof,
    }),
  ],
  { error: 'err.type_invalid' },
);

/** What a client sends to bind a method: the union's input (`type` as a number, the owner's proof with it). */
export type BindDrawMethodInput = z.input<typeof bindDrawMethodParams>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A method's fields as the server binds them, once parsed: the owner's proof (code or TOTP) is checked apart. */
export type DrawMethodFields = DistributiveOmit<z.output<typeof bindDrawMethodParams>, 'auth_code' | 'totp'>;

/** Form posts send numbers as strings: `type` is read as a number before the union picks its branch. */
export const bindDrawMethodInput = z.preprocess((v) => {
  if (v && typeof v === 'object' && 'type' in v) {
    const t = (v as { type: unknown }).type;
    return { ...v, type: typeof t === 'string' && /^\d+$/.test(t.trim()) ? Number(t) : t };
  }
  return v;
}, bindDrawMethodParams);

/** `wallet/del_draw_method`. */
export const delDrawMethodParams = z.object({ id: id('err.method_unknown') });

/** `user_real/real_name`. */
export const realNameParams = z.object({
  name: textParam('err.real_name_required', 2, 100, 'err.real_name_invalid'),
  card_id: z
    .string({ error: 'err.card_id_required' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'err.card_id_required' })
    .regex(/^[A-Z0-9-]{5,32}$/, { error: 'err.card_id_invalid' }),
  front_pic: imageParam('err.front_pic_required'),
  reverse_pic: imageParam('err.reverse_pic_required'),
  // DESIGN §16 "Real-name depth": all optional. Whether the date of birth is an adult's and the document still valid
  // depends on today, so the service checks those against its clock (`birthDateProblem`, `documentExpired`).
  birth_date: optionalIsoDate('err.birth_date_invalid'),
  address: optionalText(300, 'err.kyc_address_invalid'),
  address_proof: optional(imageParam('err.image_invalid')),
  selfie: optional(imageParam('err.image_invalid')),
  doc_type: optional(z.enum(KYC_DOC_TYPES, { error: 'err.doc_type_invalid' })),
  doc_expiry: optionalIsoDate('err.doc_expiry_invalid'),
});

/** An optional field: absent, null and '' all read as undefined. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());
}

/** An optional calendar date, `YYYY-MM-DD`. */
function optionalIsoDate(invalidKey: string) {
  return optional(
    z
      .string({ error: invalidKey })
      .trim()
      .refine((v) => isoDate(v) !== undefined, { error: invalidKey }),
  );
}

/** `user/invite_list`. */
export const inviteListParams = z.object({ ...pageParams });

/** Back office: a list filtered by status. */
export const reviewListParams = z.object({
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    codeParam([RECORD_UNREVIEWED, RECORD_COMPLETED, RECORD_REJECTED, RECORD_INVALID] as const, 'err.status_invalid').optional(),
  ),
  user_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('err.field_invalid').optional()),
  ...pageParams,
});

/** Back office: reject (or mark invalid) with a remark the user sees. */
export const rejectParams = z.object({
  remark: textParam('err.remark_required', 1, 500),
  /** Deposits only: 3 marks it invalid (for example a duplicate proof) instead of rejected. */
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    codeParam([RECORD_REJECTED, RECORD_INVALID] as const, 'err.status_invalid').optional(),
  ),
});

/** Back office: approve a withdrawal with the payout's transfer reference (a transaction hash or bank reference). */
export const approveWithdrawalParams = z.object({ transfer_ref: optionalText(200, 'err.field_invalid') });

const limits = {
  min_amount: decimalParam('err.amount_invalid'),
  max_amount: decimalParam('err.amount_invalid'),
  precision: intParam('err.field_invalid', 0, 8),
  usd_price: decimalParam('err.rate_invalid'),
  enabled: z.preprocess((v) => (v === undefined ? true : v === true || v === 1 || v === '1' || v === 'true'), z.boolean()),
};

/** Back office: a coin deposit channel. */
export const depositChannelParams = z.object({
  currency_code: textParam('err.field_invalid', 2, 16),
  protocol_code: textParam('err.field_invalid', 2, 16),
  address: textParam('err.address_required', 10, 128, 'err.address_invalid'),
  ...limits,
});

/** Back office: a bank currency with the wire details users send money to. */
export const wireChannelParams = z.object({
  name: textParam('err.field_invalid', 2, 16),
  bank_name: textParam('err.bank_name_required', 1, 120),
  bank_address: textParam('err.bank_address_required', 1, 200),
  bank_swift: textParam('err.bank_swift_invalid', 8, 11),
  payee_name: textParam('err.payee_name_required', 1, 120),
  payee_account: textParam('err.payee_account_required', 4, 40),
  bank_remark: optionalText(500, 'err.field_invalid'),
  ...limits,
});

/** Back office: a withdrawal currency. */
export const drawCurrencyParams = z.object({
  type: codeParam([DRAW_COIN, DRAW_BANK] as const, 'err.type_invalid'),
  code: textParam('err.field_invalid', 2, 16),
  protocol: optionalText(16, 'err.field_invalid'),
  draw_rate: decimalParam('err.rate_invalid'),
  fee_type: codeParam([1, 2] as const, 'err.field_invalid'),
  ...limits,
});

/** What the app sends for each call (the parsed shape: the fields and their types after validation). */
export type CoinDepositParams = z.infer<typeof coinDepositParams>;
export type WireDepositParams = z.infer<typeof wireDepositParams>;
export type DrawParams = z.infer<typeof drawParams>;
export type RealNameParams = z.infer<typeof realNameParams>;
