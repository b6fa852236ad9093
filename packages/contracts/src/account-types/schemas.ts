import { FREE_MARGIN_MODES, PENDING_MARGIN_MODES } from '@tradepad/domain';
import { z } from 'zod';
import { textParam } from '../params.ts';

/**
 * Account types (DESIGN §16, MT5's groups): published terms a trader's account follows. `spread_markup` in points
 * each side on top of the instrument's published quote (§14), `commission_per_lot` USD per lot per side as exact
 * decimal text, levels in percent.
 */
export const accountTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  spread_markup: z.number().int().describe('Points added to each side of the published quote.'),
  commission_per_lot: z.string().describe('USD per lot per side, charged at open and at close (decimal text).'),
  fee_on_margin: z.boolean().describe("Whether the instrument's ForexFeeRate fee applies."),
  max_leverage: z.number().int().nullable().describe('The highest leverage allowed; null: no cap.'),
  margin_call_level: z.number().int(),
  stop_out_level: z.number().int(),
  free_margin_mode: z.enum(FREE_MARGIN_MODES),
  swap_free: z.boolean(),
  pending_margin: z.enum(PENDING_MARGIN_MODES),
  is_default: z.boolean(),
  is_public: z.boolean().describe('Listed to traders, who may choose it themselves.'),
});
export type AccountType = z.infer<typeof accountTypeSchema>;
export const accountTypeListSchema = z.object({ data: z.array(accountTypeSchema) });
export type AccountTypeList = z.infer<typeof accountTypeListSchema>;

const flag = z.preprocess(
  (v) =>
    v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean({ error: 'err.field_invalid' }),
);
const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: 'err.field_invalid' })
    .int({ error: 'err.field_invalid' })
    .min(min, { error: 'err.field_invalid' })
    .max(max, { error: 'err.field_invalid' });

/** The terms staff set; every field optional on an update, names and levels checked together by the service. */
const termsShape = {
  name: textParam('err.field_invalid', 1, 60),
  description: z.string({ error: 'err.field_invalid' }).trim().max(1000, { error: 'err.field_invalid' }),
  spread_markup: whole(0, 100_000),
  commission_per_lot: z
    .string({ error: 'err.field_invalid' })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,6})?$/, { error: 'err.commission_invalid' }),
  fee_on_margin: flag,
  max_leverage: z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), whole(1, 10_000).nullable()),
  margin_call_level: whole(1, 1000),
  stop_out_level: whole(1, 1000),
  free_margin_mode: z.enum(FREE_MARGIN_MODES, { error: 'err.field_invalid' }),
  swap_free: flag,
  pending_margin: z.enum(PENDING_MARGIN_MODES, { error: 'err.field_invalid' }),
  is_default: flag,
  is_public: flag,
};

/** `POST /admin/api/account-types`: a new type; left-out terms take the default type's values of today (DESIGN §16). */
export const accountTypeCreateParams = z.object({ ...termsShape, name: termsShape.name }).partial({
  description: true,
  spread_markup: true,
  commission_per_lot: true,
  fee_on_margin: true,
  max_leverage: true,
  margin_call_level: true,
  stop_out_level: true,
  free_margin_mode: true,
  swap_free: true,
  pending_margin: true,
  is_default: true,
  is_public: true,
});
export type AccountTypeCreateParams = z.infer<typeof accountTypeCreateParams>;

/** `POST /admin/api/account-types/:id`: any subset of the terms. */
export const accountTypeUpdateParams = z.object(termsShape).partial();
export type AccountTypeUpdateParams = z.infer<typeof accountTypeUpdateParams>;

const typeId = z.coerce.number({ error: 'err.account_type_unknown' }).int({ error: 'err.account_type_unknown' }).positive({
  error: 'err.account_type_unknown',
});

/** `POST /v1/api/main/account_type {account_type_id}`: the trader's own choice among the public types. */
export const chooseAccountTypeParams = z.object({ account_type_id: typeId });
export type ChooseAccountTypeParams = z.infer<typeof chooseAccountTypeParams>;

/** `POST /admin/api/users/:id/account-type {account_type_id, reason}`: staff put a trader in a type (audited, told). */
export const userAccountTypeParams = z.object({
  account_type_id: typeId,
  reason: textParam('err.remark_required', 1, 500),
});
export type UserAccountTypeParams = z.infer<typeof userAccountTypeParams>;
