// Written by apps/web/build/number-styles.ts from Intl (ICU 78.2, CLDR 48.0): do not edit.
import type { Lang } from '@tradepad/contracts/languages';
import type { NumberStyle } from './number-format.ts';

const AFFIXES_0: NumberStyle['number'] = { pos: ['', ''], neg: ['-', ''], plus: ['+', ''] };

const AFFIXES_1: NumberStyle['number'] = { pos: ['', '%'], neg: ['-', '%'], plus: ['+', '%'] };

const AFFIXES_2: NumberStyle['number'] = { pos: ['', '\u00a0%'], neg: ['-', '\u00a0%'], plus: ['+', '\u00a0%'] };

const AFFIXES_3: NumberStyle['number'] = { pos: ['', ''], neg: ['\u200e-', ''], plus: ['\u200e+', ''] };

const AFFIXES_4: NumberStyle['number'] = {
  pos: ['', '\u200e%\u200e'],
  neg: ['\u200e-', '\u200e%\u200e'],
  plus: ['\u200e+', '\u200e%\u200e'],
};

const AFFIXES_5: NumberStyle['number'] = { pos: ['%', ''], neg: ['-%', ''], plus: ['+%', ''] };

const STYLE_0: NumberStyle = { decimal: '.', group: ',', minGroup: 1, number: AFFIXES_0, percent: AFFIXES_1 };

const STYLE_1: NumberStyle = { decimal: ',', group: '.', minGroup: 1, number: AFFIXES_0, percent: AFFIXES_1 };

const STYLE_2: NumberStyle = { decimal: ',', group: '\u202f', minGroup: 1, number: AFFIXES_0, percent: AFFIXES_2 };

const STYLE_3: NumberStyle = { decimal: ',', group: '.', minGroup: 1, number: AFFIXES_0, percent: AFFIXES_2 };

const STYLE_4: NumberStyle = { decimal: ',', group: '\u00a0', minGroup: 1, number: AFFIXES_0, percent: AFFIXES_2 };

const STYLE_5: NumberStyle = { decimal: ',', group: '.', minGroup: 2, number: AFFIXES_0, percent: AFFIXES_2 };

const STYLE_6: NumberStyle = { decimal: '.', group: ',', minGroup: 1, number: AFFIXES_3, percent: AFFIXES_4 };

const STYLE_7: NumberStyle = { decimal: ',', group: '.', minGroup: 2, number: AFFIXES_0, percent: AFFIXES_1 };

const STYLE_8: NumberStyle = { decimal: ',', group: '.', minGroup: 1, number: AFFIXES_0, percent: AFFIXES_5 };

export const NUMBER_STYLES: Record<Lang, NumberStyle> = {
  hk: STYLE_0,
  en: STYLE_0,
  jp: STYLE_0,
  kr: STYLE_0,
  th: STYLE_0,
  vn: STYLE_1,
  fr: STYLE_2,
  de: STYLE_3,
  ru: STYLE_4,
  spa: STYLE_5,
  pt: STYLE_1,
  ar: STYLE_6,
  it: STYLE_7,
  tr: STYLE_8,
};
