import { z } from 'zod';

/**
 * Building blocks of the response schemas (the envelope's `data` of each call). Money, lots and rates travel as
 * decimal strings so no float ever holds them; prices as numbers in the instrument's precision; times either as unix
 * milliseconds or as display text.
 */

/** A whole-number id or count. */
export const count = z.number().int();

/** A decimal number written as a string ('12.5', '-0.30', '100000'): money, lots, rates. */
export const decimal = (description: string) =>
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .describe(description);

/** A USD amount with 2 decimals, as the balance is shown. */
export const usd2 = (description: string) =>
  z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .describe(`${description} USD, decimal string with 2 decimals.`);

/** A record's time as the app shows it: `YYYY-MM-DD HH:mm:ss` in UTC. */
export const timeText = (description = 'When, `YYYY-MM-DD HH:mm:ss` UTC.') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    .describe(description);

/** A record's time as `timeText`, or '' while it has none (not reviewed yet, nothing applied for). */
export const timeTextOrEmpty = (description: string) =>
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/)
    .describe(`${description} \`YYYY-MM-DD HH:mm:ss\` UTC, or '' when none.`);

/** Unix milliseconds. */
export const unixMs = (description: string) => z.number().int().describe(`${description} Unix milliseconds.`);

/** A page of a paged list (DESIGN §3): `{data: […], total}` where `total` counts every row, not just this page. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: count.describe('Rows in the whole list.'),
  });

/** Calls that answer only with their message. */
export const noData = z.null().describe('No data: the message says what happened.');
