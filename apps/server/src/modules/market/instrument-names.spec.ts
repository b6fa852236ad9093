import { describe, expect, it } from 'vitest';
import { LANGS } from '@tradepad/contracts';
import { INSTRUMENTS } from './instruments.data.ts';
import { foldForSearch, instrumentName, nameMatches } from './instrument-names.ts';

const named = INSTRUMENTS.map((i) => ({ code: i.code, base: i.base, quote: i.quote, category_id: i.categoryId }));

describe('search by name in every language (DESIGN §17, issue 33)', () => {
  it.each(LANGS)('in %s, every seeded instrument has a name, and typing it finds the instrument', (lang) => {
    for (const i of named) {
      const name = instrumentName(i, lang);
      expect(name, `${i.code} in ${lang}`).toBeTruthy();
      expect(nameMatches(i, foldForSearch(name!, lang), lang), `${i.code} by "${name}" in ${lang}`).toBe(true);
    }
  });

  it.each(LANGS)('in %s, the name of gold finds XAUUSD and no currency pair', (lang) => {
    const gold = named.find((i) => i.code === 'XAUUSD')!;
    const needle = foldForSearch(instrumentName(gold, lang)!, lang);
    const found = named.filter((i) => nameMatches(i, needle, lang)).map((i) => i.code);
    expect(found).toContain('XAUUSD');
    expect(found.filter((c) => named.find((i) => i.code === c)!.category_id === 1)).toEqual([]);
  });

  it('finds gold by the names the issue gives, in the reader’s language and in English', () => {
    const gold = named.find((i) => i.code === 'XAUUSD')!;
    expect(nameMatches(gold, foldForSearch('黃金', 'hk'), 'hk')).toBe(true);
    expect(nameMatches(gold, foldForSearch('الذهب', 'ar'), 'ar')).toBe(true);
    expect(nameMatches(gold, foldForSearch('gold', 'ar'), 'ar')).toBe(true);
    expect(nameMatches(gold, foldForSearch('Altın', 'tr'), 'tr')).toBe(true);
    expect(nameMatches(gold, foldForSearch('silver', 'en'), 'en')).toBe(false);
  });
});
