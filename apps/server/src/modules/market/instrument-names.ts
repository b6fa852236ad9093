import { LANGS, type Lang } from '@tradepad/contracts';
import { ASSET_NAMES } from './instrument-names.data.ts';

/** Category id of currency pairs (instruments.data.ts): named by both currencies, the others by their base. */
const FOREX = 1;

const nameIn = (asset: string, idx: number): string | undefined => ASSET_NAMES[asset]?.[idx];

/** The instrument's name in `lang` ("Euro / US Dollar", "Gold", "比特幣"), or undefined when its assets have none. */
export function instrumentName(i: { base: string; quote: string; category_id: number }, lang: Lang): string | undefined {
  const idx = LANGS.indexOf(lang);
  const base = nameIn(i.base, idx);
  if (i.category_id !== FOREX) return base;
  const quote = nameIn(i.quote, idx);
  return base && quote ? `${base} / ${quote}` : undefined;
}

/**
 * Text folded for matching: lower case in the language's own rules, accents and marks dropped ("Altın" and "altin",
 * "Dólar" and "dolar"), spaces and punctuation dropped ("s&p500" finds "S&P 500").
 */
export function foldForSearch(text: string, lang: Lang): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase(lang === 'tr' ? 'tr' : undefined)
    .replace(/ı/g, 'i')
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Whether a search finds the instrument by name: in the reader's language, and in English too (traders everywhere type
 * "gold" and "bitcoin"). `needle` is already folded (foldForSearch).
 */
export function nameMatches(i: { base: string; quote: string; category_id: number }, needle: string, lang: Lang): boolean {
  const langs: Lang[] = lang === 'en' ? ['en'] : [lang, 'en'];
  return langs.some((l) => {
    const name = instrumentName(i, l);
    return name !== undefined && foldForSearch(name, l).includes(needle);
  });
}
