import { z } from 'zod';

/** Limits every channel has; amounts and rates are decimal strings. */
const limits = {
  /** Units of this currency one USD buys ('1' for USDT). */
  usd_price: z.string(),
  min_amount: z.string(),
  /** '0' means no maximum. */
  max_amount: z.string(),
  /** Decimal places an amount may have, 0 to 6. */
  precision: z.number().int(),
  /** Shown to users. */
  enabled: z.boolean(),
};

/** `GET /admin/api/deposit-channels` (an array), and what saving one answers: the broker's address on one network. */
export const depositChannelSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  ...limits,
});
export type DepositChannel = z.infer<typeof depositChannelSchema>;

/** `GET /admin/api/wire-channels`: a bank currency with the wire details users send money to. */
export const wireChannelSchema = z.object({
  id: z.number().int(),
  /** The currency code, e.g. EUR. */
  name: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  ...limits,
});
export type WireChannel = z.infer<typeof wireChannelSchema>;

/**
 * What saving a deposit or wire channel answers (issue 29): the channel as it now is, and the change waiting for a
 * second staff member when the save touched receiving details (the address, the bank and payee) or added a channel
 * (`pending_change_id`; nothing took effect yet, and an added channel answers `id` 0); null when it took effect at once.
 */
const pending = { pending_change_id: z.number().int().nullable() };
export const depositChannelSavedSchema = depositChannelSchema.extend(pending);
export const wireChannelSavedSchema = wireChannelSchema.extend(pending);

/** `GET /admin/api/draw-currencies`: a currency users may withdraw in, with its fee. */
export const drawCurrencyConfigSchema = z.object({
  id: z.number().int(),
  /** 1 coin, 2 bank. */
  type: z.number().int().min(1).max(2).describe('1 coin, 2 bank.'),
  code: z.string(),
  /** Coin network; '' for a bank currency. */
  protocol: z.string(),
  /** fee_type 1: a fixed fee in USD; 2: a fraction of the amount ('0.01' is 1 %). */
  draw_rate: z.string(),
  fee_type: z.number().int().min(1).max(2).describe('1 a fixed fee, 2 a rate.'),
  ...limits,
});
export type DrawCurrencyConfig = z.infer<typeof drawCurrencyConfigSchema>;

/** `GET` and `POST /admin/api/wallet-settings`. */
export const walletSettingsSchema = z.object({
  /** Whether a user must pass real-name verification before withdrawing. */
  withdraw_requires_kyc: z.boolean(),
  /** Hours a newly bound withdrawal method waits before it can be used; 0 = at once. */
  withdraw_method_hold_hours: z.number().int(),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;
