import { LANG_TAGS, type Lang } from '@tradepad/contracts/languages';

/**
 * Numbers, money and dates in the reader's conventions (DESIGN §8), through Intl with the language's BCP 47 tag.
 * Formatters are cached per language and options because Intl constructors are slow on phones.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

type Decimal = `${number}`;

function toDecimal(value: string | number): number | Decimal {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? (trimmed as Decimal) : Number.NaN;
}

/**
 * A decimal amount with exactly `digits` fraction digits. Strings (as the server sends money) are formatted without
 * going through a float.
 */
export function formatDecimal(value: string | number, lang: Lang, digits = 2): string {
  const n = toDecimal(value);
  if (typeof n === 'number' && !Number.isFinite(n)) return '--';
  const f = cached(
    `n:${lang}:${digits}`,
    () => new Intl.NumberFormat(LANG_TAGS[lang], { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
  return f.format(n);
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
