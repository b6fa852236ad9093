import bidiFactory from 'bidi-js';
import type { Lang } from '@tradepad/contracts';
import { faceOf, primaryFace, type FontFace } from './statement-fonts.ts';

const bidi = bidiFactory();

/** A piece of a line drawn in one font, left to right on the page, as fontkit should be given it. */
export interface TextRun {
  face: FontFace;
  text: string;
}

const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
/** Bidi controls: they steer the ordering and are not drawn. */
const CONTROLS = /^[\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;

/** `text` kept left to right as one piece inside a right-to-left line (a date, a time zone, an e-mail). */
export const isolateLtr = (text: string): string => `\u2066${text}\u2069`;

/**
 * Cuts one line of text into runs in visual order (left to right), each in one font (faceOf, neutrals taking their
 * neighbours' font). Right-to-left text is reordered by the Unicode bidi algorithm (bidi-js, paragraph direction
 * right to left in an Arabic document): a word of Arabic letters is handed over in logical order, since fontkit
 * shapes it (joining forms) and lays it right to left itself, the words of a run in visual order; any other
 * right-to-left run (neutrals) is handed over already reversed, with mirrored brackets.
 */
export function visualRuns(text: string, lang: Lang): TextRun[] {
  if (text.length === 0) return [];
  const units = [...text];
  // Per code point: its font, neutrals taking the previous strong one's font (or the next's, at the start).
  const faces: Array<FontFace | undefined> = units.map((u) => faceOf(u.codePointAt(0)!, lang));
  let last: FontFace | undefined;
  for (let i = 0; i < faces.length; i++) {
    if (faces[i]) last = faces[i];
    else if (last) faces[i] = last;
  }
  const firstStrong = faces.find((f) => f !== undefined) ?? primaryFace(lang);
  for (let i = 0; i < faces.length && !faces[i]; i++) faces[i] = firstStrong;

  // A line without right-to-left letters (a time, a number, a code) reads left to right in every document.
  if (!STRONG_RTL.test(text)) {
    return groupRuns(units.map((u, i) => ({ u, face: faces[i]!, level: 0, index: i })).filter((c) => !CONTROLS.test(c.u)));
  }
  const rtlDoc = lang === 'ar';
  // Levels per UTF-16 unit from bidi-js, taken per code point (its first unit).
  const { levels } = bidi.getEmbeddingLevels(text, rtlDoc ? 'rtl' : 'ltr');
  const cps: Array<{ u: string; face: FontFace; level: number; index: number }> = [];
  let offset = 0;
  units.forEach((u, i) => {
    cps.push({ u, face: faces[i]!, level: levels[offset]!, index: i });
    offset += u.length;
  });
  // UAX #9 L2: from the highest level down to the lowest odd one, reverse every run at that level or above.
  const order = [...cps];
  const max = Math.max(...order.map((c) => c.level));
  const minOdd = Math.min(...order.map((c) => c.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd; level--) {
    let i = 0;
    while (i < order.length) {
      if (order[i]!.level >= level) {
        let j = i;
        while (j + 1 < order.length && order[j + 1]!.level >= level) j++;
        const reversed = order.slice(i, j + 1).reverse();
        order.splice(i, reversed.length, ...reversed);
        i = j + 1;
      } else i++;
    }
  }
  return groupRuns(order.filter((c) => !CONTROLS.test(c.u)));
}

/** Consecutive characters (visual order) of one font and direction, logically adjacent, as one run. */
function groupRuns(order: ReadonlyArray<{ u: string; face: FontFace; level: number; index: number }>): TextRun[] {
  const runs: TextRun[] = [];
  let i = 0;
  while (i < order.length) {
    const first = order[i]!;
    const rtl = first.level % 2 === 1;
    let j = i;
    while (
      j + 1 < order.length &&
      order[j + 1]!.face === first.face &&
      order[j + 1]!.level % 2 === first.level % 2 &&
      order[j + 1]!.index === order[j]!.index + (rtl ? -1 : 1)
    )
      j++;
    const chars = order.slice(i, j + 1);
    if (!rtl) runs.push({ face: first.face, text: chars.map((c) => c.u).join('') });
    else if (STRONG_RTL.test(chars.map((c) => c.u).join(''))) {
      // pdfkit lays text out a word at a time (each with its trailing space) and puts the words left to right, while
      // fontkit reverses each right-to-left word: so the words go one by one, in visual order, each in logical order.
      const logical = [...chars]
        .reverse()
        .map((c) => c.u)
        .join('');
      for (const token of logical.split(/(\s+)/).reverse()) if (token) runs.push({ face: first.face, text: token });
    } else runs.push({ face: first.face, text: chars.map((c) => bidi.getMirroredCharacter(c.u) ?? c.u).join('') });
    i = j + 1;
  }
  return runs;
}
