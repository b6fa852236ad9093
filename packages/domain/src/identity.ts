/**
 * Real-name rules (DESIGN §16 "Real-name depth"): a date of birth and an identity document's expiry, as calendar dates
 * written `YYYY-MM-DD` (ISO 8601, no time, no zone). "Today" always comes in as an argument (the caller's clock, read
 * as a UTC date), so the rules never read the clock themselves.
 */

/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string & { readonly __isoDate: unique symbol };

const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The youngest a trader may be, in full years. */
export const ADULT_AGE = 18;
/** An age beyond which a date of birth is a typing mistake, in full years. */
export const OLDEST_AGE = 120;
/** Days before a document's expiry on which its holder is reminded, longest first (each told once). */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;
export type ExpiryReminder = (typeof EXPIRY_REMINDER_DAYS)[number];

const DAY_MS = 86_400_000;

/** `text` as a calendar date when it is one (`2024-02-30` and `2024-2-3` are not), else undefined. */
export function isoDate(text: string): IsoDate | undefined {
  const m = ISO_DATE_RE.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1000 || mo < 1 || mo > 12 || d < 1) return undefined;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= last ? (text as IsoDate) : undefined;
}

/** The UTC calendar date of a unix time in milliseconds. */
export function utcDateOf(unixMs: number): IsoDate {
  return new Date(unixMs).toISOString().slice(0, 10) as IsoDate;
}

const parts = (date: IsoDate): [number, number, number] => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
};

/** Full years from `birth` to `today` (a birthday on 29 February is reached on 1 March in other years). */
export function fullYears(birth: IsoDate, today: IsoDate): number {
  const [by, bm, bd] = parts(birth);
  const [ty, tm, td] = parts(today);
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

/** Whole days from `today` to `date`: 0 on the day itself, negative once it has passed. */
export function daysUntil(date: IsoDate, today: IsoDate): number {
  const at = (d: IsoDate) => {
    const [y, m, dd] = parts(d);
    return Date.UTC(y, m - 1, dd);
  };
  return Math.round((at(date) - at(today)) / DAY_MS);
}

/** Why a date of birth is refused, as a message key, or undefined when it is fine: not in the future, and 18 or over. */
export function birthDateProblem(
  birth: IsoDate,
  today: IsoDate,
): 'err.birth_date_future' | 'err.birth_date_minor' | 'err.birth_date_invalid' | undefined {
  if (birth > today) return 'err.birth_date_future';
  const age = fullYears(birth, today);
  if (age < ADULT_AGE) return 'err.birth_date_minor';
  if (age > OLDEST_AGE) return 'err.birth_date_invalid';
  return undefined;
}

/** Whether a document expiring on `expiry` has expired by `today` (it is still valid on its expiry day). */
export function documentExpired(expiry: IsoDate, today: IsoDate): boolean {
  return expiry < today;
}

/**
 * The reminder due today for a document expiring on `expiry`, given those already told: the shortest of 30 and 7 days
 * whose time has come and that was not told yet (a document found 5 days from expiry is told "7 days" once, and never
 * "30 days" after it), or undefined. Nothing once it has expired.
 */
export function expiryReminderDue(
  expiry: IsoDate,
  today: IsoDate,
  told: ReadonlySet<ExpiryReminder>,
): ExpiryReminder | undefined {
  const left = daysUntil(expiry, today);
  if (left < 0) return undefined;
  const due = EXPIRY_REMINDER_DAYS.filter((d) => left <= d);
  const shortest = due[due.length - 1];
  return shortest === undefined || told.has(shortest) ? undefined : shortest;
}
