/**
 * Writes `src/i18n/number-styles.ts`: each language's number symbols and affixes, read from Intl (Node's ICU) at build
 * time, so the app formats numbers without Intl. A page's first Intl call costs 13–43 ms of main thread in Chromium
 * (locale data; measured), and every first screen shows prices. `src/i18n/number-format.spec.ts` checks that the
 * committed table matches this machine's Intl and that the app's formatting equals Intl's for every language.
 *
 * Run `node --import tsx apps/web/build/number-styles.ts` after a Node upgrade brings newer locale data.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANG_TAGS, type Lang } from '../../../packages/contracts/src/languages.ts';
import type { Affix, NumberStyle } from '../src/i18n/number-format.ts';

const NUMERIC = new Set(['integer', 'group', 'decimal', 'fraction']);

/** What comes before the first digit and after the last one. */
function affix(parts: Intl.NumberFormatPart[]): Affix {
  const first = parts.findIndex((p) => NUMERIC.has(p.type));
  const last = parts.findLastIndex((p) => NUMERIC.has(p.type));
  const join = (ps: Intl.NumberFormatPart[]) => ps.map((p) => p.value).join('');
  return [join(parts.slice(0, first)), join(parts.slice(last + 1))];
}

export function readNumberStyle(tag: string): NumberStyle {
  const native = new Intl.NumberFormat(tag).resolvedOptions().numberingSystem;
  // Prices are always in Latin digits; other numbers in the language's own, which CLDR 48 makes Latin for all of ours.
  if (native !== 'latn') throw new Error(`${tag} writes numbers in ${native} digits: the app's formatter needs them`);
  const nf = (o: Intl.NumberFormatOptions = {}) =>
    new Intl.NumberFormat(tag, { numberingSystem: 'latn', minimumFractionDigits: 1, maximumFractionDigits: 1, ...o });
  const parts = nf().formatToParts(1234567.5);
  const symbol = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const grouped4 = nf({ minimumFractionDigits: 0, maximumFractionDigits: 0 }).formatToParts(1234);
  const kind = (o: Intl.NumberFormatOptions, v: number) => ({
    pos: affix(nf(o).formatToParts(v)),
    neg: affix(nf(o).formatToParts(-v)),
    plus: affix(nf({ ...o, signDisplay: 'exceptZero' }).formatToParts(v)),
  });
  return {
    decimal: symbol('decimal'),
    group: symbol('group'),
    minGroup: grouped4.some((p) => p.type === 'group') ? 1 : 2,
    number: kind({}, 1234567.5),
    percent: kind({ style: 'percent' }, 12345.675),
  };
}

/**
 * The module's text: each distinct set of affixes and each distinct style once (several languages write numbers
 * alike), then every language's style by name.
 */
function numberStylesModule(): string {
  const affixSets: string[] = [];
  const styles: string[] = [];
  const once = (list: string[], text: string) => {
    if (!list.includes(text)) list.push(text);
    return list.indexOf(text);
  };
  const affixes = (set: NumberStyle['number']) => `AFFIXES_${once(affixSets, escapeInvisible(JSON.stringify(set)))}`;
  const byLang = (Object.entries(LANG_TAGS) as Array<[Lang, string]>).map(([lang, tag]) => {
    const { number, percent, ...symbols } = readNumberStyle(tag);
    const json = escapeInvisible(JSON.stringify(symbols)).replace(
      /}$/,
      `,"number":${affixes(number)},"percent":${affixes(percent)}}`,
    );
    return `  ${lang}: STYLE_${once(styles, json)},`;
  });
  return (
    `// Written by apps/web/build/number-styles.ts from Intl (ICU ${process.versions.icu ?? '?'}, CLDR ${process.versions.cldr ?? '?'}): do not edit.\n` +
    `import type { Lang } from '@tradepad/contracts/languages';\n` +
    `import type { NumberStyle } from './number-format.ts';\n\n` +
    affixSets.map((json, i) => `const AFFIXES_${i}: NumberStyle['number'] = ${json};\n\n`).join('') +
    styles.map((json, i) => `const STYLE_${i}: NumberStyle = ${json};\n\n`).join('') +
    `export const NUMBER_STYLES: Record<Lang, NumberStyle> = {\n${byLang.join('\n')}\n};\n`
  );
}

/** Bidi marks and no-break spaces as \\u escapes, so the table reads the same in any editor. */
function escapeInvisible(json: string): string {
  return json.replace(/[^\x20-\x7e\n]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const NUMBER_STYLES_FILE = fileURLToPath(new URL('../src/i18n/number-styles.ts', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(NUMBER_STYLES_FILE, numberStylesModule());
  console.log(`wrote ${NUMBER_STYLES_FILE}; run prettier on it`);
}
