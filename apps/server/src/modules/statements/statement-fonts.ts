import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Lang } from '@tradepad/contracts';

/**
 * The fonts the statement PDF embeds, shipped through npm (never the system's): Noto Sans for Latin, Cyrillic,
 * Greek and Vietnamese, and one Noto font per other script the app speaks. Read once and kept in memory.
 */
export type FontFace = 'latin' | 'arabic' | 'thai' | 'hk' | 'jp' | 'kr';
export type Weight = 'regular' | 'bold';

const PACKAGES: Record<FontFace, [pkg: string, file: string]> = {
  latin: ['@expo-google-fonts/noto-sans', 'NotoSans'],
  arabic: ['@expo-google-fonts/noto-sans-arabic', 'NotoSansArabic'],
  thai: ['@expo-google-fonts/noto-sans-thai', 'NotoSansThai'],
  hk: ['@expo-google-fonts/noto-sans-hk', 'NotoSansHK'],
  jp: ['@expo-google-fonts/noto-sans-jp', 'NotoSansJP'],
  kr: ['@expo-google-fonts/noto-sans-kr', 'NotoSansKR'],
};

const require = createRequire(import.meta.url);
const cache = new Map<string, Buffer>();

/** The font file's bytes (read on first use, then cached). */
export function fontBytes(face: FontFace, weight: Weight): Buffer {
  const key = `${face}-${weight}`;
  let bytes = cache.get(key);
  if (!bytes) {
    const [pkg, file] = PACKAGES[face];
    const style = weight === 'bold' ? '700Bold' : '400Regular';
    bytes = readFileSync(require.resolve(`${pkg}/${style}/${file}_${style}.ttf`));
    cache.set(key, bytes);
  }
  return bytes;
}

const PRIMARY: Partial<Record<Lang, FontFace>> = { hk: 'hk', jp: 'jp', kr: 'kr', ar: 'arabic', th: 'thai' };

/** The font whose glyphs a language's text is mostly in: CJK languages their own (it holds Latin too). */
export function primaryFace(lang: Lang): FontFace {
  return PRIMARY[lang] ?? 'latin';
}

const inRange = (c: number, ranges: ReadonlyArray<readonly [number, number]>) => ranges.some(([a, b]) => c >= a && c <= b);
const ARABIC = [
  [0x0600, 0x06ff],
  [0x0750, 0x077f],
  [0x08a0, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
] as const;
const THAI = [[0x0e00, 0x0e7f]] as const;
const CJK = [
  [0x1100, 0x11ff],
  [0x2e80, 0x9fff],
  [0xa960, 0xa97f],
  [0xac00, 0xd7ff],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xffef],
  [0x20000, 0x3ffff],
] as const;

/**
 * The font for one character of a `lang` document, or undefined for a neutral character (space, punctuation) that
 * follows its neighbours' font: Arabic and Thai letters in their fonts, CJK in the language's CJK font (Hong Kong's
 * for other languages), the rest in the language's CJK font or Noto Sans.
 */
export function faceOf(codePoint: number, lang: Lang): FontFace | undefined {
  if (inRange(codePoint, ARABIC)) return 'arabic';
  if (inRange(codePoint, THAI)) return 'thai';
  const primary = primaryFace(lang);
  const cjk = primary === 'hk' || primary === 'jp' || primary === 'kr';
  if (inRange(codePoint, CJK)) return cjk ? primary : 'hk';
  if (/[\s\p{P}\p{S}\p{Cf}]/u.test(String.fromCodePoint(codePoint))) return undefined;
  return cjk ? primary : 'latin';
}
