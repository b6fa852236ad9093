import { z } from 'zod';

/**
 * Parameter helpers shared by every call's schema. Calls arrive as JSON, as form posts or as query strings, so
 * numbers may come as strings; each helper accepts both. Every refusal carries a message key (`err.*`) that the
 * server translates into the request's language.
 */

/** A whole number given as a number or a decimal string. */
export function intParam(errorKey: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v),
    z.number({ error: errorKey }).int({ error: errorKey }).min(min, { error: errorKey }).max(max, { error: errorKey }),
  );
}

/** One of a fixed set of whole-number codes. */
export function codeParam<const T extends readonly number[]>(values: T, errorKey: string) {
  return intParam(errorKey).refine((v): v is T[number] => values.includes(v), { error: errorKey }) as unknown as z.ZodType<
    T[number]
  >;
}

/** A required text field, trimmed, with a length range. */
export function textParam(requiredKey: string, min: number, max: number, invalidKey = requiredKey) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .min(min, { error: invalidKey })
    .max(max, { error: invalidKey });
}

/** An optional text field: absent, null and empty all read as undefined. */
export function optionalText(max: number, invalidKey: string) {
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: invalidKey }).trim().max(max, { error: invalidKey }).optional(),
  );
}

/** Page number from 1 and page size (default 20, at most 100), as DESIGN §3 fixes for paged lists. */
export const pageParams = {
  page: z.preprocess((v) => (v === undefined || v === '' ? 1 : v), intParam('err.page_invalid', 1, 1_000_000)),
  limit: z.preprocess((v) => (v === undefined || v === '' ? 20 : v), intParam('err.limit_invalid', 1, 100)),
};

/**
 * `format=csv` turns a back-office list into a download of every matching row (DESIGN §16 "Exports"); `json` (the
 * default) is the page.
 */
export const exportFormatParam = {
  format: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['json', 'csv'], { error: 'err.field_invalid' }).optional(),
  ),
};

/** A bound of a date range: a day (`YYYY-MM-DD`, UTC) or unix milliseconds, as text. */
export const dayOrUnixMsParam = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v === '' || v === null ? undefined : v),
  z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().regex(/^\d{1,15}$/)], { error: 'err.field_invalid' }).optional(),
);
