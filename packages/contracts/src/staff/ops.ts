import { z } from 'zod';
import { MAX_MARKUP_POINTS, PRICING_MODES, sessionsProblem } from '@tradepad/domain';
import { HEDGE_MODES } from '@tradepad/domain';
import { LANGS } from '../languages.ts';
import { exportFormatParam, pageParams } from '../params.ts';

/**
 * Back office, issue 18 points 6, 8 and 9: instruments, the settings' impact preview, the audit log and the reports
 * (DESIGN §10 settings rules, §11).
 */

/** A value from a form field or JSON: numbers as JSON numbers or numeric strings, switches as true/false or 1/0. */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);
const asSwitch = (v: unknown) =>
  v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : v;
const invalid = { error: 'err.field_invalid' } as const;
/** A decimal of at most `places` decimals, unsigned unless `signed`, kept as text (exact). */
const decimal = (places: number, signed = false) =>
  z.preprocess(
    asText,
    z
      .string(invalid)
      .regex(new RegExp(`^${signed ? '-?' : ''}\\d{1,9}(\\.\\d{1,${places}})?$`), invalid)
      .transform((v) => normaliseDecimal(v)),
  );
/** A whole number in range, as a JSON number or numeric text. */
const whole = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number(invalid).int(invalid).min(min, invalid).max(max, invalid),
  );

/** The largest swap rate staff may set, USD per lot per night either way (a typo guard; real rates are a few dollars). */
export const MAX_SWAP_RATE = 10_000;
const swapRateInvalid = { error: 'err.swap_rate' } as const;
/** A swap rate: signed, at most 6 decimals, within ±MAX_SWAP_RATE, kept as text (exact). */
const swapRate = z.preprocess(
  asText,
  z
    .string(swapRateInvalid)
    .regex(/^-?\d{1,9}(\.\d{1,6})?$/, swapRateInvalid)
    .refine((v) => Math.abs(Number(v)) <= MAX_SWAP_RATE, swapRateInvalid)
    .transform((v) => normaliseDecimal(v)),
);

/** `"01.500"` → `"1.5"`, `"-0"` → `"0"`: the same value always reads the same in the database and the audit log. */
export function normaliseDecimal(v: string): string {
  const negative = v.startsWith('-');
  const [i = '0', f = ''] = (negative ? v.slice(1) : v).split('.');
  const int = i.replace(/^0+(?=\d)/, '');
  const frac = f.replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Leverage options staff may offer on an instrument (DESIGN §5: one of this instrument's `HasForexMultiple`). */
export const ALLOWED_LEVERAGES = [1, 2, 3, 5, 10, 20, 25, 30, 33, 50, 66, 100, 200, 300, 400, 500] as const;

/** The sessions rule (ranges inside the day, none overlapping), for the console's editor to check as the server does. */
export { sessionsProblem } from '@tradepad/domain';

/** One weekly session of an instrument's market hours, in its time zone's wall time (0 = Sunday). */
export const sessionSchema = z.object({
  day: z.number().int().min(0).max(6),
  open: z.number().int().min(0).max(1439),
  close: z.number().int().min(1).max(1440),
});

/** An instrument's market hours: an IANA time zone, weekly sessions, and the trading day's rollover minute. */
export const marketHoursSchema = z.object({
  timeZone: z.string(),
  sessions: z.array(sessionSchema),
  rollover: z.number().int().min(0).max(1439),
});
export type MarketHours = z.infer<typeof marketHoursSchema>;

/** `GET /admin/api/instruments`: one instrument's terms as staff edit them (the same for every trader). */
export const adminInstrumentSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  /** Its names by language code (those given when it was created; empty for the seeded ones, shown by code). */
  names: z.record(z.string(), z.string()),
  /** Base units per lot. */
  contract_size: z.number().int(),
  /** The trade list's `ShowCode`. */
  show_code: z.string(),
  category_id: z.number().int(),
  precision: z.number().int(),
  /** In points, the unit of the trade list's `Spread`. */
  spread: z.number().int(),
  /** As `ForexFeeRate`: per lot when `trade_fee_type` is 1, else a fraction of the margin. */
  fee_rate: z.string(),
  /** The leverage options (`HasForexMultiple`), ascending. */
  leverage: z.array(z.number().int()),
  min_lots: z.string(),
  max_lots: z.string(),
  lot_step: z.string(),
  enabled: z.boolean(),
  /** New orders are refused; closing (and stops on open positions) goes on. */
  close_only: z.boolean(),
  /** USD per lot per night (negative: charged). */
  swap_long: z.string(),
  swap_short: z.string(),
  /** Weekday 1–5 (Monday … Friday) whose 17:00 New York rollover charges three nights; FX: 3, Wednesday; indices and commodities: 5, Friday. */
  swap_triple_day: z.number().int(),
  hours: marketHoursSchema,
  /** Published pricing (DESIGN §14): `fixed` (bid = source mid − spread/2, ask = bid + spread) or `markup`. */
  pricing: z.enum(PRICING_MODES),
  /** `markup` pricing: points added to each side of the source's quote. */
  markup: z.number().int(),
  /** Hedging (DESIGN §14): none, every real client fill ('all'), or the real clients' net position ('net'). */
  hedge_mode: z.enum(HEDGE_MODES),
  /** Net mode: the least difference between the clients' net and the hedged position that sends an order, lots. */
  hedge_threshold_lots: z.string(),
  /** Points beyond the client's fill price a hedge order's limit accepts (added for a buy, taken for a sell). */
  hedge_tolerance: z.number().int(),
});
export type AdminInstrument = z.infer<typeof adminInstrumentSchema>;

/**
 * `POST /admin/api/instruments/:id`: any non-empty subset; an unknown or malformed key refuses the whole body (DESIGN
 * §10). The server checks the merged terms together (min ≤ max, both multiples of the step, …) before saving.
 */
/** The terms staff set on an instrument, each validated alone (the update takes any subset, the creation most). */
const instrumentTerms = {
  spread: whole(0, 1_000_000),
  fee_rate: decimal(6),
  leverage: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()) : v),
    z
      .array(whole(1, 1000), invalid)
      .min(1, invalid)
      .max(ALLOWED_LEVERAGES.length, invalid)
      .refine((l) => l.every((x) => (ALLOWED_LEVERAGES as readonly number[]).includes(x)), invalid)
      .refine((l) => new Set(l).size === l.length, invalid)
      .transform((l) => [...l].sort((a, b) => a - b)),
  ),
  min_lots: decimal(4),
  max_lots: decimal(4),
  lot_step: decimal(4),
  enabled: z.preprocess(asSwitch, z.boolean(invalid)),
  close_only: z.preprocess(asSwitch, z.boolean(invalid)),
  swap_long: swapRate,
  swap_short: swapRate,
  // Rollovers happen Monday to Friday only (Friday's is the last of the week): a weekend day would never charge.
  swap_triple_day: z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: 'err.swap_triple_day' })
      .int({ error: 'err.swap_triple_day' })
      .min(1, { error: 'err.swap_triple_day' })
      .max(5, { error: 'err.swap_triple_day' }),
  ),
  category_id: whole(1, 1000),
  pricing: z.preprocess(asText, z.enum(PRICING_MODES, { error: 'err.pricing_mode' })),
  markup: z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,12}$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: 'err.markup_points' })
      .int({ error: 'err.markup_points' })
      .min(0, { error: 'err.markup_points' })
      .max(MAX_MARKUP_POINTS, { error: 'err.markup_points' }),
  ),
  hedge_mode: z.enum(HEDGE_MODES, invalid),
  hedge_threshold_lots: decimal(4),
  hedge_tolerance: whole(0, 1_000_000),
  hours: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    },
    marketHoursSchema
      .strict()
      .refine((h) => h.sessions.length > 0 && h.sessions.length <= 50, invalid)
      .refine((h) => sessionsProblem(h.sessions) === undefined, { error: 'err.sessions_invalid' })
      .refine((h) => isTimeZone(h.timeZone), invalid),
  ),
};

export const instrumentUpdateParams = z
  .object(instrumentTerms)
  .partial()
  .extend({ t: z.unknown().optional() })
  .strict()
  .transform(({ t: _t, ...change }) => change)
  .refine((c) => Object.keys(c).length > 0, invalid);
export type InstrumentUpdateParams = z.infer<typeof instrumentUpdateParams>;

/** An instrument's code: 2 to 16 capital letters and digits (`EURUSD`, `US30`), unique. */
export const INSTRUMENT_CODE = /^[A-Z0-9]{2,16}$/;

/** A name of the instrument in one language: 1 to 64 characters. */
const instrumentName = z.preprocess(asText, z.string(invalid).min(1, invalid).max(64, invalid));

/**
 * `POST /admin/api/instruments`: a new instrument (issue 32 point 6). `code` unique; `names` in the app's 14 languages,
 * `en` required (a language left out shows the English name); `precision` price decimals; `contract_size` base units per
 * lot; `start_price` where the simulator starts quoting it. The other terms as the update takes them; left out:
 * fee 0, swaps 0 (triple day Wednesday), `fixed` pricing, no hedging, enabled.
 */
export const instrumentCreateParams = z
  .object({
    ...instrumentTerms,
    code: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.string(invalid).regex(INSTRUMENT_CODE, invalid),
    ),
    show_code: z.preprocess(asText, z.string(invalid).min(1, invalid).max(32, invalid)).optional(),
    names: z.preprocess(
      (v) => {
        if (typeof v !== 'string') return v;
        try {
          return JSON.parse(v) as unknown;
        } catch {
          return v;
        }
      },
      z
        .object({
          en: instrumentName,
          ...Object.fromEntries(LANGS.filter((l) => l !== 'en').map((l) => [l, instrumentName.optional()])),
        })
        .strict(),
    ),
    precision: whole(0, 8),
    contract_size: whole(1, 100_000_000),
    start_price: decimal(8),
    base: z.preprocess(asText, z.string(invalid).regex(/^[A-Z0-9]{1,10}$/, invalid)).optional(),
    quote: z.preprocess(asText, z.string(invalid).regex(/^[A-Z]{3}$/, invalid)).optional(),
  })
  .partial({
    fee_rate: true,
    enabled: true,
    close_only: true,
    swap_long: true,
    swap_short: true,
    swap_triple_day: true,
    pricing: true,
    markup: true,
    hedge_mode: true,
    hedge_threshold_lots: true,
    hedge_tolerance: true,
  })
  .extend({ t: z.unknown().optional() })
  .strict()
  .transform(({ t: _t, ...c }) => c)
  .refine((c) => Number(c.start_price) > 0, { error: 'err.field_invalid', path: ['start_price'] });
export type InstrumentCreateParams = z.infer<typeof instrumentCreateParams>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz.length > 0 && tz.length <= 64;
  } catch {
    return false;
  }
}

/** `GET /admin/api/settings/impact?margin_call=&stop_out=`: proposed levels (%), either or both. */
export const settingsImpactParams = z
  .object({ margin_call: whole(1, 1000).optional(), stop_out: whole(1, 1000).optional(), t: z.unknown().optional() })
  .strict();

/** Real accounts with open positions whose current margin level is at or below each proposed level. */
export const settingsImpactSchema = z.object({
  /** Real accounts with used margin (the ones a level can touch). */
  accounts_with_positions: z.number().int(),
  margin_call: z.object({ level: z.number().int(), accounts: z.number().int() }).nullable(),
  stop_out: z.object({ level: z.number().int(), accounts: z.number().int() }).nullable(),
});
export type SettingsImpact = z.infer<typeof settingsImpactSchema>;

const day = z.string(invalid).regex(/^\d{4}-\d{2}-\d{2}$/, invalid);
const unixMsOrDay = z.preprocess(
  asText,
  z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().regex(/^\d{1,15}$/)], invalid),
);

/** `GET /admin/api/audit`: filters, each optional; `from`/`to` a day (UTC) or unix milliseconds, `to` inclusive. */
export const auditQueryParams = z.object({
  ...pageParams,
  ...exportFormatParam,
  staff_id: whole(1, Number.MAX_SAFE_INTEGER).optional(),
  /** An exact action (`instrument.update`) or an object (`instrument`, every action on it). */
  action: z.string(invalid).trim().max(64, invalid).optional(),
  from: unixMsOrDay.optional(),
  to: unixMsOrDay.optional(),
});

/** One record of the audit log (DESIGN §11). */
export const auditRecordSchema = z.object({
  id: z.number().int(),
  staff_id: z.number().int().nullable(),
  /** '' when the record has no staff member (a system action). */
  staff_email: z.string(),
  /** `<object>.<verb>` (DESIGN §11), such as `instrument.update`. */
  action: z.string(),
  /** `<type>:<id>` of what was changed, such as `instrument:1`. */
  object: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  peer_ip: z.string(),
  /** Unix milliseconds. */
  created_at: z.number(),
  /** The same record in the columns the log keeps (older clients read these). */
  target_type: z.string(),
  target_id: z.string(),
  before_json: z.string().nullable(),
  after_json: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** `GET /admin/api/reports/daily|monthly?from=&to=[&format=csv]`: days (UTC) inclusive. */
export const reportParams = z
  .object({
    from: day,
    to: day,
    format: z.enum(['json', 'csv'], invalid).optional(),
    t: z.unknown().optional(),
  })
  .strict();

/**
 * One period's money (real accounts, from the ledger), each an exact USD decimal string: deposits credited,
 * withdrawals paid out, fees kept by the house, the house's trading result (positive: the house won), write-offs
 * (negative balance protection) and staff balance adjustments (credits positive).
 */
const reportFigures = {
  deposits: z.string(),
  withdrawals: z.string(),
  fees: z.string(),
  trading_pnl: z.string(),
  write_offs: z.string(),
  adjustments: z.string(),
};
export const dailyReportRowSchema = z.object({ date: z.string(), ...reportFigures });
export const monthlyReportRowSchema = z.object({ month: z.string(), ...reportFigures });
export const dailyReportSchema = z.object({ data: z.array(dailyReportRowSchema), total: z.number().int() });
export const monthlyReportSchema = z.object({ data: z.array(monthlyReportRowSchema), total: z.number().int() });
export type DailyReportRow = z.infer<typeof dailyReportRowSchema>;
export type MonthlyReportRow = z.infer<typeof monthlyReportRowSchema>;
/** The CSV's columns, machine-readable whatever the language (DESIGN §11). */
export const REPORT_CSV_COLUMNS = ['deposits', 'withdrawals', 'fees', 'trading_pnl', 'write_offs', 'adjustments'] as const;
