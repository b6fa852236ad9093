import { LANGS, type Lang } from '@tradepad/contracts';
import { ASSET_NAMES } from './instrument-names.data.ts';

/** Category id of currency pairs (instruments.data.ts): named by both currencies, the others by their base. */
const FOREX = 1;

const nameIn = (asset: string, idx: number): string | undefined => ASSET_NAMES[asset]?.[idx];

/** The instrument's name in `lang` ("Euro / US Dollar", "Gold", "比特幣"), or undefined when its assets have none. */
export function instrumentName(i: NamedInstrument, lang: Lang): string | undefined {
  // The names staff gave an instrument they created (DESIGN §16 "Instruments") come first.
  const given = givenNames(i.names_json)[lang];
  if (given) return given;
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
export function nameMatches(i: NamedInstrument, needle: string, lang: Lang): boolean {
  const langs: Lang[] = lang === 'en' ? ['en'] : [lang, 'en'];
  return langs.some((l) => {
    const name = instrumentName(i, l);
    return name !== undefined && foldForSearch(name, l).includes(needle);
  });
}

/** An instrument as naming needs it: its currencies, category and the names staff gave it (JSON by language), if any. */
export interface NamedInstrument {
  base: string;
  quote: string;
  category_id: number;
  names_json?: string | null | undefined;
}

const parsedNames = new Map<string, Partial<Record<Lang, string>>>();

/** The names in an instrument's `names_json`, parsed once per distinct text; none when absent or unreadable. */
function givenNames(json: string | null | undefined): Partial<Record<Lang, string>> {
  if (!json) return {};
  let names = parsedNames.get(json);
  if (!names) {
    try {
      const parsed: unknown = JSON.parse(json);
      names = typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Record<Lang, string>>) : {};
    } catch {
      names = {};
    }
    if (parsedNames.size > 1000) parsedNames.clear();
    parsedNames.set(json, names);
  }
  return names;
}
