/**
 * Numbers in a language's conventions without Intl (see build/number-styles.ts for why): the digits are rounded in
 * decimal, as Intl does (half away from zero, on the shortest decimal form of a number, or on a decimal string as
 * given), then grouped and wrapped in the language's symbols and affixes, read from Intl at build time.
 */

/** Text before and after the digits. */
export type Affix = readonly [prefix: string, suffix: string];

export interface NumberStyle {
  decimal: string;
  group: string;
  /** 2 where a four-digit number is not grouped (Spanish, Italian: 1234 but 12.345). */
  minGroup: number;
  /** Affixes of a plain number, positive, negative, and positive with its sign shown. */
  number: { pos: Affix; neg: Affix; plus: Affix };
  percent: { pos: Affix; neg: Affix; plus: Affix };
}

export interface NumberOptions {
  /** Exactly this many fraction digits. */
  digits: number;
  /** The value is a percentage (`1.5` is written 1.5 %). */
  percent?: boolean;
  /** A sign on positive values too, none on zero (Intl's `signDisplay: 'exceptZero'`). */
  signed?: boolean;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A finite number in plain decimal notation: its shortest round-trip form, without an exponent. */
function plain(n: number): string {
  const s = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A string of decimal digits plus one. */
function increment(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
}

function grouped(int: string, style: NumberStyle): string {
  if (int.length < 4 || int.length < 3 + style.minGroup) return int;
  let out = int.slice(-3);
  for (let end = int.length - 3; end > 0; end -= 3) out = int.slice(Math.max(0, end - 3), end) + style.group + out;
  return out;
}

/** `value` (a number, or a decimal string such as the server sends money in) written in `style`; `--` if it is none. */
export function formatNumber(value: number | string, style: NumberStyle, opts: NumberOptions): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '--';
    text = Object.is(value, -0) ? '-0' : plain(value);
  } else {
    text = value.trim();
    if (!DECIMAL.test(text)) return '--';
  }
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = Math.max(0, Math.trunc(opts.digits));
  let int = whole;
  let frac = fraction.padEnd(digits, '0');
  if (fraction.length > digits) {
    frac = fraction.slice(0, digits);
    if (fraction.charCodeAt(digits) >= 53 /* '5': half away from zero */) {
      const up = increment(int + frac);
      int = up.slice(0, up.length - digits);
      frac = up.slice(up.length - digits);
    }
  }
  int = int.replace(/^0+(?=\d)/, '');
  const zero = /^0*$/.test(int + frac);
  const kind = opts.percent ? style.percent : style.number;
  const [prefix, suffix] = negative && !(opts.signed && zero) ? kind.neg : opts.signed && !zero ? kind.plus : kind.pos;
  return prefix + grouped(int, style) + (digits > 0 ? style.decimal + frac : '') + suffix;
}
