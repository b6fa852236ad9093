import { z } from 'zod';

/**
 * A setting's value as stored (text), from a form field or JSON: numbers as JSON numbers or numeric strings, switches
 * as `true`/`false` or `1`/`0` (DESIGN §10).
 */
export const stored = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'boolean' ? (v ? '1' : '0') : typeof v === 'number' ? String(v) : v), schema);

/** One of fixed values, in the order the API document lists them. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  stored(z.enum(values, { error: 'err.field_invalid' }));

/** A switch: `1` on, `0` off. */
export const flag = choice(['0', '1']);

/** Whole numbers up to `max` and from `min` (0 without it: the digits allow no sign), at most `digits` digits. */
export const wholeNumber = (digits: number, range: { min?: number; max: number }) =>
  stored(
    z
      .string({ error: 'err.field_invalid' })
      .regex(new RegExp(`^\\d{1,${digits}}$`), { error: 'err.field_invalid' })
      .refine((v) => (range.min === undefined || Number(v) >= range.min) && Number(v) <= range.max, {
        error: 'err.field_invalid',
      }),
  );

/** A trader's session ends after this many minutes without activity: 5 minutes to a year (setting and variable). */
export const SESSION_IDLE_RANGE = { min: 5, max: 525_600 } as const;
/** A trader's session ends this many minutes after its sign-in, however active: an hour to a year. */
export const SESSION_ABSOLUTE_RANGE = { min: 60, max: 525_600 } as const;

/** An https address, or '' for none. */
export const httpsUrl = z
  .string({ error: 'err.field_invalid' })
  .trim()
  .max(500, { error: 'err.field_invalid' })
  .refine((v) => v === '' || /^https:\/\/[^\s<>"]+$/.test(v), { error: 'err.field_invalid' });
