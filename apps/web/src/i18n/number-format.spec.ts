import { LANG_TAGS, type Lang } from '@tradepad/contracts/languages';
import { describe, expect, it } from 'vitest';
import { readNumberStyle } from '../../build/number-styles.ts';
import { formatNumber } from './number-format.ts';
import { NUMBER_STYLES } from './number-styles.ts';

const LANGS = Object.keys(LANG_TAGS) as Lang[];

/**
 * Intl's writing of the same value (what the table was read from). A percentage goes to Intl as an exact decimal
 * string (`1.005e-2`): value / 100 in floating point would round 1.005 % down to 1.00 %.
 */
function intl(lang: Lang, value: number | string, digits: number, percent = false, signed = false): string {
  return new Intl.NumberFormat(LANG_TAGS[lang], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    numberingSystem: 'latn',
    ...(percent ? { style: 'percent' } : {}),
    ...(signed ? { signDisplay: 'exceptZero' } : {}),
  }).format((percent ? `${value}e-2` : value) as number);
}

/** Numbers with few decimals (so value / 100 is what Intl's percent style sees), every sign, size and rounding case. */
function samples(): number[] {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const fixed = [0, 1, -1, 0.5, 0.005, -0.005, 0.0049, 1.005, 2.675, 999.995, -999.995, 1234, 9999.5, 12345.678];
  const drawn = Array.from({ length: 300 }, () => {
    const scale = 10 ** Math.floor(random() * 5);
    // + 0: no negative zero here (its own test below; as a string it would lose its sign).
    return ((random() < 0.3 ? -1 : 1) * Math.round(random() * 10 ** (2 + Math.floor(random() * 8)))) / scale + 0;
  });
  return [...fixed, ...drawn];
}

describe('number styles', () => {
  it('are what Intl says for each language (regenerate with build/number-styles.ts after a Node upgrade)', () => {
    for (const lang of LANGS) expect(NUMBER_STYLES[lang], lang).toEqual(readNumberStyle(LANG_TAGS[lang]));
  });
});

describe('formatNumber', () => {
  it('writes numbers exactly as Intl does, in every language, digit count and sign display', () => {
    for (const lang of LANGS) {
      const style = NUMBER_STYLES[lang];
      for (const v of samples()) {
        for (const digits of [0, 2, 5]) {
          expect(formatNumber(v, style, { digits }), `${lang} ${v} ${digits}`).toBe(intl(lang, v, digits));
          expect(formatNumber(v, style, { digits, signed: true }), `${lang} ${v} ±`).toBe(intl(lang, v, digits, false, true));
        }
        expect(formatNumber(v, style, { digits: 2, percent: true }), `${lang} ${v} %`).toBe(intl(lang, v, 2, true));
        expect(formatNumber(v, style, { digits: 2, percent: true, signed: true }), `${lang} ${v} ±%`).toBe(
          intl(lang, v, 2, true, true),
        );
      }
    }
  });

  it('formats decimal strings without going through a float', () => {
    const en = NUMBER_STYLES.en;
    for (const s of ['12345678901234567.89', '0.1', '-0.001', '100000.5', '999.995', '0', '-12.345', '  7.5 ']) {
      expect(formatNumber(s, en, { digits: 2 }), s).toBe(intl('en', s.trim(), 2));
    }
    expect(formatNumber('12345678901234567.89', NUMBER_STYLES.de, { digits: 2 })).toBe('12.345.678.901.234.567,89');
    expect(formatNumber('99999999999999999.995', en, { digits: 2 })).toBe('100,000,000,000,000,000.00');
  });

  it('keeps the sign of negative zero as Intl does, and shows none on a zero with the sign displayed', () => {
    const en = NUMBER_STYLES.en;
    expect(formatNumber(-0, en, { digits: 2 })).toBe(intl('en', -0, 2));
    expect(formatNumber(-0.001, en, { digits: 2 })).toBe('-0.00');
    expect(formatNumber(-0.001, en, { digits: 2, signed: true })).toBe('0.00');
  });

  it('writes numbers that JavaScript prints with an exponent in full', () => {
    for (const [v, digits] of [
      [1e21, 0],
      [1.5e-7, 8],
      [-2.5e-7, 7],
      [1e-7, 2],
    ] as const) {
      expect(formatNumber(v, NUMBER_STYLES.en, { digits }), String(v)).toBe(intl('en', v, digits));
    }
  });

  it('answers -- for what is not a number', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, 'abc', '1e5', '1.', '.5', '--1', '']) {
      expect(formatNumber(v, NUMBER_STYLES.en, { digits: 2 }), String(v)).toBe('--');
    }
  });
});
