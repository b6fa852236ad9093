import { LANG_TAGS, type Lang } from '@tradepad/contracts/languages';
import { formatNumber } from './number-format.ts';
import { NUMBER_STYLES } from './number-styles.ts';

/**
 * Numbers, money and dates in the reader's conventions (DESIGN §8). Numbers go through the app's own formatter with
 * each language's symbols (read from Intl at build time, see build/number-styles.ts): the first screens show nothing
 * but numbers, and a page's first Intl call costs 13–43 ms of main thread. Dates and region names use Intl with the
 * language's BCP 47 tag, its formatters cached per language and options because Intl constructors are slow on phones.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.DisplayNames>();

function cached<T extends Intl.DateTimeFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/**
 * A decimal amount with exactly `digits` fraction digits. Strings (as the server sends money) are formatted without
 * going through a float.
 */
export function formatDecimal(value: string | number, lang: Lang, digits = 2): string {
  return formatNumber(value, NUMBER_STYLES[lang], { digits });
}

/** A balance: 2 decimals (spec §9). */
export function formatMoney(value: string | number, lang: Lang): string {
  return formatDecimal(value, lang, 2);
}

/** Date and time, medium date and short time, in the reader's conventions. */
export function formatDateTime(value: Date | number | string, lang: Lang): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  const f = cached(`d:${lang}`, () => new Intl.DateTimeFormat(LANG_TAGS[lang], { dateStyle: 'medium', timeStyle: 'short' }));
  return f.format(date);
}

/** A country or region's name from its ISO alpha-2 code, in the reader's language; `fallback` if Intl lacks it. */
export function regionName(areaCode: string, lang: Lang, fallback: string): string {
  try {
    const names = cached(`r:${lang}`, () => new Intl.DisplayNames([LANG_TAGS[lang]], { type: 'region' }));
    const name = names.of(areaCode.toUpperCase());
    return name && name !== areaCode.toUpperCase() ? name : fallback || areaCode;
  } catch {
    return fallback || areaCode;
  }
}

/**
 * A price in an instrument's precision (DESIGN §9): exactly `precision` fraction digits, the language's separators,
 * and always Latin digits so traders read every price the same way. `--` when there is no price.
 */
export function formatPrice(value: number | null | undefined, precision: number, lang: Lang): string {
  if (value === null || value === undefined) return '--';
  return formatNumber(value, NUMBER_STYLES[lang], { digits: Math.min(precision, 10) });
}

/**
 * A percent change as the server sends it (`0.25` means +0.25 %): signed, 2 decimals, in the language's percent
 * style (`+0,25 %` in German, `+%0,25` in Turkish), Latin digits like the prices beside it. Rounded as sent (1.005
 * is 1.01 %), not after a division by 100 in floating point.
 */
export function formatPercent(change: number | null | undefined, lang: Lang): string {
  if (change === null || change === undefined) return '--';
  return formatNumber(change, NUMBER_STYLES[lang], { digits: 2, percent: true, signed: true });
}

/** Which way a change points: 1 up, -1 down, 0 flat (a change that rounds to 0.00 % is flat). */
export function directionOf(change: number | null | undefined): 1 | -1 | 0 {
  if (change === null || change === undefined || !Number.isFinite(change)) return 0;
  const rounded = Math.round(change * 100);
  return rounded > 0 ? 1 : rounded < 0 ? -1 : 0;
}

/** A level in percent as the server sends it (`152.3` means 152.30 %), unsigned, in the language's percent style. */
export function formatPercentValue(percent: number | null | undefined, lang: Lang): string {
  if (percent === null || percent === undefined) return '--';
  return formatNumber(percent, NUMBER_STYLES[lang], { digits: 2, percent: true });
}

/** A decimal string (lots) with as many decimals as it carries, in the language's separators: "0.05" → "0,05". */
export function formatQuantity(value: string, lang: Lang): string {
  const decimals = /\.(\d+)$/.exec(value.trim())?.[1]?.length ?? 0;
  return formatDecimal(value, lang, Math.min(decimals, 8));
}

/**
 * A time as the server sends it ("2024-05-01 08:00:00", an ISO string or unix ms) as a Date; null when unreadable.
 * The space-separated form is the server's local wall time, read the way the browser reads a local ISO time.
 */
export function parseServerTime(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const input = typeof value === 'string' && /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value;
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date in the reader's conventions ("22 Nov 2026", "2026年11月22日"), `--` when unreadable. */
export function formatDate(value: string | number | Date | null | undefined, lang: Lang): string {
  const date = value instanceof Date ? value : parseServerTime(value);
  if (!date) return '--';
  const f = cached(`dd:${lang}`, () => new Intl.DateTimeFormat(LANG_TAGS[lang], { dateStyle: 'medium' }));
  return f.format(date);
}

/** A plain count (orders, followers) with the language's grouping: 12,345 / 12.345 / 12 345. */
export function formatCount(value: number, lang: Lang): string {
  return formatNumber(value, NUMBER_STYLES[lang], { digits: 0 });
}

/** An amount with its sign (`+1,234.50`, `-12.00`), exact for decimal strings; `--` for garbage. */
export function formatSignedDecimal(value: string | number, lang: Lang, digits = 2): string {
  return formatNumber(value, NUMBER_STYLES[lang], { digits, signed: true });
}
