import { z } from 'zod';
import { exposureLimitsValue } from './admin-desk.ts';

/**
 * A setting's value as stored (text), from a form field or JSON: numbers as JSON numbers or numeric strings, switches
 * as `true`/`false` or `1`/`0` (DESIGN §10).
 */
const stored = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : v), schema);
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  stored(z.enum(values, { error: 'err.field_invalid' }));
const flag = (key: string) => stored(z.enum(['0', '1'], { error: key }));
const level = stored(
  z
    .string({ error: 'err.field_invalid' })
    .regex(/^\d{1,4}$/, { error: 'err.field_invalid' })
    .refine((v) => Number(v) >= 1 && Number(v) <= 1000, { error: 'err.field_invalid' }),
);
/** Whole minutes within `range`. */
const minutes = (range: { min: number; max: number }) =>
  stored(
    z
      .string({ error: 'err.field_invalid' })
      .regex(/^\d{1,7}$/, { error: 'err.field_invalid' })
      .refine((v) => Number(v) >= range.min && Number(v) <= range.max, { error: 'err.field_invalid' }),
  );
/** A trader's session ends after this many minutes without activity: 5 minutes to a year (setting and variable). */
export const SESSION_IDLE_RANGE = { min: 5, max: 525_600 } as const;
/** A trader's session ends this many minutes after its sign-in, however active: an hour to a year. */
export const SESSION_ABSOLUTE_RANGE = { min: 60, max: 525_600 } as const;
const httpsUrl = z
  .string({ error: 'err.field_invalid' })
  .trim()
  .max(500, { error: 'err.field_invalid' })
  .refine((v) => v === '' || /^https:\/\/[^\s<>"]+$/.test(v), { error: 'err.field_invalid' });

/**
 * Back office: the run-time settings staff may change (any non-empty subset). Each is validated and stored as text; a
 * key that is unknown or malformed refuses the whole body, so nothing is half-written (DESIGN §10). Stop-out must stay
 * below the margin-call level (checked by the server against the stored values). `t`, the clients' cache-buster, is
 * allowed and ignored.
 */
export const settingsParams = z
  .object({
    service_link: httpsUrl,
    service_link_type: choice(['1', '2'] as const),
    verify_reg_type: choice(['1', '2'] as const),
    trade_fee_type: choice(['1', '2'] as const),
    is_show_mobile: choice(['0', '1', '2', '3'] as const),
    complaint_email: z.email({ error: 'err.email_invalid' }).max(254, { error: 'err.email_invalid' }),
    site_name: z
      .string({ error: 'err.field_invalid' })
      .trim()
      .min(1, { error: 'err.field_invalid' })
      .max(60, { error: 'err.field_invalid' }),
    company_status: flag('err.field_invalid'),
    company_type: flag('err.field_invalid'),
    loss_url: httpsUrl,
    margin_call_level: level,
    stop_out_level: level,
    withdraw_requires_kyc: flag('err.field_invalid'),
    session_idle_minutes: minutes(SESSION_IDLE_RANGE),
    session_absolute_minutes: minutes(SESSION_ABSOLUTE_RANGE),
    staff_session_max_hours: stored(
      z
        .string({ error: 'err.field_invalid' })
        .regex(/^\d{1,3}$/, { error: 'err.field_invalid' })
        .refine((v) => Number(v) >= 1 && Number(v) <= 168, { error: 'err.field_invalid' }),
    ),
    /** 0 (at once) to 720 hours (30 days), whole hours. */
    withdraw_method_hold_hours: stored(
      z
        .string({ error: 'err.field_invalid' })
        .regex(/^\d{1,3}$/, { error: 'err.field_invalid' })
        .refine((v) => Number(v) <= 720, { error: 'err.field_invalid' }),
    ),
    /** Risk alerts: a JSON map of instrument code to the largest |net lots| of real accounts (see admin-desk.ts). */
    exposure_limits: exposureLimitsValue,
    /** Virtual USD a new demo account starts with (and a reset restores): above 0, at most 10,000,000, 2 decimals. */
    demo_start_balance: stored(
      z
        .string({ error: 'err.field_invalid' })
        .trim()
        .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'err.field_invalid' })
        .refine((v) => Number(v) > 0 && Number(v) <= 10_000_000, { error: 'err.field_invalid' })
        .transform((v) => v.replace(/^0+(?=\d)/, '')),
    ),
    /**
     * Regions the broker does not serve: ISO 3166-1 alpha-2 codes, comma-separated ('' for none), stored upper-case,
     * sorted and without repeats.
     */
    restricted_regions: z.preprocess(
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
    /** Whole USD, 0 (every adjustment waits for a second staff member) to 1,000,000,000. */
    adjust_approval_usd: stored(
      z
        .string({ error: 'err.field_invalid' })
        .regex(/^\d{1,10}$/, { error: 'err.field_invalid' })
        .refine((v) => Number(v) <= 1_000_000_000, { error: 'err.field_invalid' }),
    ),
  })
  .partial()
  .extend({ t: z.unknown().optional() })
  .strict()
  .transform(({ t: _t, ...settings }) => settings)
  .refine((s) => Object.keys(s).length > 0, { error: 'err.field_invalid' });
export type SettingsParams = z.infer<typeof settingsParams>;
