import { z } from 'zod';
import { exposureLimitsValue } from '../desk/schemas.ts';
import { LANGS } from '../languages.ts';
import { choice, flag, httpsUrl, SESSION_ABSOLUTE_RANGE, SESSION_IDLE_RANGE, stored, wholeNumber } from './values.ts';

/** The sections of the back office's run-time settings form, in the order it shows them. */
export const SETTING_GROUPS = ['service', 'registration', 'trading', 'company', 'sessions'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** One run-time setting. Every value is stored as text in the `settings` table. */
export interface SettingRow {
  /** Seeded on first start (a few from environment variables: the server's seeds.ts); staff change it afterwards. */
  readonly default: string;
  /** What staff may store: a form field or JSON value, parsed to the stored text. Refusals are `err.*` keys. */
  readonly schema: z.ZodType<string>;
  /** Where the run-time settings form shows it; null: changed on a page of its own (wallet rules, risk). */
  readonly group: SettingGroup | null;
  /**
   * The console's message naming it. On the run-time settings form `<label>_hint` explains it and `<label>_<choice>`
   * names each choice; the console's compiler checks they exist.
   */
  readonly label: string;
  /** The only values it takes, in the order the form offers them. */
  readonly choices?: readonly string[];
  /**
   * A change takes effect only once a second super admin approves it in the changes queue (issue 29, DESIGN §16
   * "Insiders"): the limits that keep one person from creating money alone.
   */
  readonly secondApproval?: true;
}

type Described = Pick<SettingRow, 'group' | 'label'>;

/** A setting taking one of `choices` (listed in this order); the default must be one of them. */
const oneOf = <const C extends readonly [string, ...string[]], const R extends Described & { default: C[number] }>(
  choices: C,
  row: R,
) => ({ ...row, schema: choice(choices), choices });

/** A switch, stored `1` (on) or `0` (off), offered on first. */
const onOff = <const R extends Described & { default: '0' | '1' }>(row: R) => ({
  ...row,
  schema: flag,
  choices: ['1', '0'] as const,
});

/**
 * Every run-time setting: its default, its validation, where the back office shows it and under which label. The
 * server's defaults, the staff calls' parameters and answer, the console's form and the server's typed reads all derive
 * from this table; adding a row (and its label in the console's messages) is all a new setting needs besides the code
 * that reads it. The order is the API document's and the form's within a group.
 */
export const SETTINGS = {
  service_link: { default: '', schema: httpsUrl, group: 'service', label: 'tp.runtime.service_link' },
  /** 1: a page shown in a frame; 2: opened outside the app. */
  service_link_type: oneOf(['1', '2'], { default: '1', group: 'service', label: 'tp.runtime.service_link_type' }),
  /** 1: registration confirmed by a code sent by mail or SMS; 2: by a captcha image. */
  verify_reg_type: oneOf(['1', '2'], { default: '1', group: 'registration', label: 'tp.runtime.verify_reg_type' }),
  /** 1: fee = lots × rate; otherwise margin × rate. */
  trade_fee_type: oneOf(['1', '2'], { default: '1', group: 'trading', label: 'tp.runtime.trade_fee_type' }),
  /** 0 email only; 1 email plus an extra phone field; 2 mobile only; 3 email or mobile. */
  is_show_mobile: oneOf(['0', '1', '2', '3'], { default: '3', group: 'registration', label: 'tp.runtime.is_show_mobile' }),
  complaint_email: {
    default: 'complaints@tradepad.example',
    schema: z.email({ error: 'err.email_invalid' }).max(254, { error: 'err.email_invalid' }),
    group: 'service',
    label: 'tp.runtime.complaint_email',
  },
  site_name: {
    default: 'Tradepad',
    schema: z
      .string({ error: 'err.field_invalid' })
      .trim()
      .min(1, { error: 'err.field_invalid' })
      .max(60, { error: 'err.field_invalid' }),
    group: 'service',
    label: 'tp.runtime.site_name',
  },
  /**
   * The app's language on a first visit whose browser speaks none of the 14 (DESIGN §17 "First visit"); a browser in
   * one of them opens in its own, and a trader's choice wins over both.
   */
  default_language: oneOf(LANGS, { default: 'hk', group: 'service', label: 'tp.runtime.default_language' }),
  /** Company status: 0 sends the app to `loss_url`. */
  company_status: onOff({ default: '1', group: 'company', label: 'tp.runtime.company_status' }),
  /** Company type: 0 turns on main-site mode. */
  company_type: onOff({ default: '1', group: 'company', label: 'tp.runtime.company_type' }),
  loss_url: { default: '', schema: httpsUrl, group: 'company', label: 'tp.runtime.loss_url' },
  /** Margin level (equity ÷ used margin, %) at which new orders that add margin are refused and the trader warned. */
  margin_call_level: {
    default: '100',
    schema: wholeNumber(4, { min: 1, max: 1000 }),
    group: 'trading',
    label: 'tp.runtime.margin_call_level',
  },
  /**
   * Margin level (%) at which pending orders are cancelled and positions closed, largest loss first. Must stay below
   * the margin-call level (checked by the server against the stored values).
   */
  stop_out_level: {
    default: '50',
    schema: wholeNumber(4, { min: 1, max: 1000 }),
    group: 'trading',
    label: 'tp.runtime.stop_out_level',
  },
  /** 1: withdrawals need an approved real-name verification. */
  withdraw_requires_kyc: onOff({ default: '1', group: null, label: 'tp.settings.require_kyc' }),
  /** A trader's session ends after this many minutes without activity (7 days); seeded from SESSION_IDLE_MINUTES. */
  session_idle_minutes: {
    default: '10080',
    schema: wholeNumber(7, SESSION_IDLE_RANGE),
    group: 'sessions',
    label: 'tp.runtime.session_idle_minutes',
  },
  /** A trader's session ends this many minutes after its sign-in, however active (30 days). */
  session_absolute_minutes: {
    default: '43200',
    schema: wholeNumber(7, SESSION_ABSOLUTE_RANGE),
    group: 'sessions',
    label: 'tp.runtime.session_absolute_minutes',
  },
  /** Hours a staff session lasts at most from sign-in, however active (1 to 168); the idle limit applies as well. */
  staff_session_max_hours: {
    default: '12',
    schema: wholeNumber(3, { min: 1, max: 168 }),
    group: 'sessions',
    label: 'tp.runtime.staff_session_max_hours',
  },
  /** Hours a newly bound withdrawal method waits before it can be used (DESIGN §10): 0 (at once) to 720 (30 days). */
  withdraw_method_hold_hours: {
    default: '24',
    schema: wholeNumber(3, { max: 720 }),
    group: null,
    label: 'tp.settings.hold_hours',
  },
  /** Risk alerts: JSON map of instrument code to the largest |net lots| of real accounts, e.g. {"EURUSD":"50"}. */
  exposure_limits: { default: '{}', schema: exposureLimitsValue, group: null, label: 'tp.risk.limit' },
  /** Hedging paused by the dealer (DESIGN §14): client fills are not hedged while 1. Set on the hedge orders page. */
  hedging_paused: onOff({ default: '0', group: null, label: 'tp.hedge.paused' }),
  /**
   * Virtual USD a new demo account starts with and a reset restores: above 0, at most 10,000,000, 2 decimals; seeded
   * from DEMO_START_BALANCE.
   */
  demo_start_balance: {
    default: '100000',
    schema: stored(
      z
        .string({ error: 'err.field_invalid' })
        .trim()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'err.field_invalid' })
        .refine((v) => Number(v) > 0 && Number(v) <= 10_000_000, { error: 'err.field_invalid' })
        .transform((v) => v.replace(/^0+(?=\d)/, '')),
    ),
    group: 'trading',
    label: 'tp.runtime.demo_start_balance',
  },
  /**
   * Regions not served (sign-up refused): ISO 3166-1 alpha-2 codes, comma-separated ('' for none), stored upper-case,
   * sorted and without repeats; seeded from RESTRICTED_REGIONS.
   */
  restricted_regions: {
    default: 'CN,CU,IL,KP,VU',
    schema: z.preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : v),
      z
        .string({ error: 'err.field_invalid' })
        .max(1000, { error: 'err.field_invalid' })
        .transform((v) =>
          v
            .split(',')
            .map((c) => c.trim().toUpperCase())
            .filter((c) => c !== ''),
        )
        .refine((codes) => codes.every((c) => /^[A-Z]{2}$/.test(c)), { error: 'err.field_invalid' })
        .transform((codes) => [...new Set(codes)].sort().join(',')),
    ),
    group: 'registration',
    label: 'tp.runtime.restricted_regions',
  },
  /**
   * Balance adjustments wait for a second staff member's approval once those one author credited alone to one user in
   * the last 24 h, this one included, exceed this many whole USD (either sign; DESIGN §11, §16): 0 (every one waits)
   * to 1,000,000,000. Changed only with a second super admin's approval.
   */
  adjust_approval_usd: {
    default: '1000',
    schema: wholeNumber(10, { max: 1_000_000_000 }),
    group: 'trading',
    label: 'tp.runtime.adjust_approval_usd',
    secondApproval: true,
  },
  /**
   * Bonuses and compensations wait for a second staff member once those one author credited alone in the last 24 h
   * (to anyone), this one included, exceed this many whole USD (DESIGN §16 "Insiders"). Changed only with a second
   * super admin's approval.
   */
  adjust_self_limit_usd: {
    default: '100',
    schema: wholeNumber(10, { max: 1_000_000_000 }),
    group: 'trading',
    label: 'tp.runtime.adjust_self_limit_usd',
    secondApproval: true,
  },
} as const satisfies Record<string, SettingRow>;

export type SettingKey = keyof typeof SETTINGS;

/** Whether `key` names a run-time setting. */
export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(SETTINGS, key);

/** Whether a change of `key` waits for a second super admin (its row's `secondApproval`). */
export const needsSecondApproval = (key: SettingKey): boolean => (SETTINGS[key] as SettingRow).secondApproval === true;

/** Every setting's key, in the table's order. */
export const SETTING_KEYS: readonly SettingKey[] = Object.keys(SETTINGS).filter(isSettingKey);

/** `value` of every setting, keyed as the table (in its order). */
export function mapSettings<T>(value: (row: SettingRow, key: SettingKey) => T): Record<SettingKey, T> {
  // Object.fromEntries forgets which keys it was given; they are exactly the table's.
  return Object.fromEntries(SETTING_KEYS.map((key) => [key, value(SETTINGS[key], key)])) as Record<SettingKey, T>;
}
