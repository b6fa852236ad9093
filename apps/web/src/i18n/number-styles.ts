// Written by apps/web/build/number-styles.ts from Intl (ICU 78.2, CLDR 48.0): do not edit.
import type { Lang } from '@tradepad/contracts/languages';
import type { NumberStyle } from './number-format.ts';

export const NUMBER_STYLES: Record<Lang, NumberStyle> = {
  hk: {
    decimal: '.',
    group: ',',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  en: {
    decimal: '.',
    group: ',',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  jp: {
    decimal: '.',
    group: ',',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  kr: {
    decimal: '.',
    group: ',',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  th: {
    decimal: '.',
    group: ',',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  vn: {
    decimal: ',',
    group: '.',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  fr: {
    decimal: ',',
    group: '\u202f',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '\u00a0%'],
      neg: ['-', '\u00a0%'],
      plus: ['+', '\u00a0%'],
    },
  },
  de: {
    decimal: ',',
    group: '.',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '\u00a0%'],
      neg: ['-', '\u00a0%'],
      plus: ['+', '\u00a0%'],
    },
  },
  ru: {
    decimal: ',',
    group: '\u00a0',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '\u00a0%'],
      neg: ['-', '\u00a0%'],
      plus: ['+', '\u00a0%'],
    },
  },
  spa: {
    decimal: ',',
    group: '.',
    minGroup: 2,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '\u00a0%'],
      neg: ['-', '\u00a0%'],
      plus: ['+', '\u00a0%'],
    },
  },
  pt: {
    decimal: ',',
    group: '.',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  ar: {
    decimal: '.',
    group: ',',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['\u200e-', ''],
      plus: ['\u200e+', ''],
    },
    percent: {
      pos: ['', '\u200e%\u200e'],
      neg: ['\u200e-', '\u200e%\u200e'],
      plus: ['\u200e+', '\u200e%\u200e'],
    },
  },
  it: {
    decimal: ',',
    group: '.',
    minGroup: 2,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['', '%'],
      neg: ['-', '%'],
      plus: ['+', '%'],
    },
  },
  tr: {
    decimal: ',',
    group: '.',
    minGroup: 1,
    number: {
      pos: ['', ''],
      neg: ['-', ''],
      plus: ['+', ''],
    },
    percent: {
      pos: ['%', ''],
      neg: ['-%', ''],
      plus: ['+%', ''],
    },
  },
};
