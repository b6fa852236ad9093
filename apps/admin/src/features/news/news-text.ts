import { LANGS, type Lang } from '@tradepad/contracts/languages';

/** One language's copy of an article as the editor holds it. */
export interface Copy {
  title: string;
  desc: string;
  /** HTML from the editor (the server sanitises it on save). */
  content: string;
}
export type Texts = Record<Lang, Copy>;

const EMPTY: Copy = { title: '', desc: '', content: '' };

/** Whether an HTML fragment has no text (an empty editor answers `<p></p>`). */
export function isEmptyHtml(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

/** Complete: a title and some content (the description is filled from the content when left empty). */
export const isComplete = (c: Copy | undefined): boolean => !!c && c.title.trim() !== '' && !isEmptyHtml(c.content);

/** Started but not complete: the tab's marker warns. */
export const isPartial = (c: Copy | undefined): boolean =>
  !!c && !isComplete(c) && (c.title.trim() !== '' || c.desc.trim() !== '' || !isEmptyHtml(c.content));

/** The languages an article is complete in, in the app's order. */
export const completeLangs = (text: Partial<Record<Lang, Copy>>): Lang[] => LANGS.filter((l) => isComplete(text[l]));

/** Every language's copy, empty where the article has none (the editor's 14 tabs). */
export function allTexts(text: Partial<Record<Lang, Partial<Copy>>> = {}): Texts {
  return Object.fromEntries(LANGS.map((l) => [l, { ...EMPTY, ...text[l] }])) as Texts;
}

/**
 * What is sent: the languages with anything written, trimmed, an empty editor's `<p></p>` as no content. Languages
 * left blank are left out, so readers of them fall back to English, then Traditional Chinese, as the app does.
 */
export function textsToSave(text: Texts): Partial<Record<Lang, Copy>> {
  const out: Partial<Record<Lang, Copy>> = {};
  for (const l of LANGS) {
    const c = text[l];
    const content = isEmptyHtml(c.content) ? '' : c.content;
    if (c.title.trim() === '' && c.desc.trim() === '' && content === '') continue;
    out[l] = { title: c.title.trim(), desc: c.desc.trim(), content };
  }
  return out;
}

/** The title a list shows: English, else Traditional Chinese, else the first language that has one. */
export function listTitle(text: Partial<Record<Lang, Partial<Copy>>>): string {
  const t = text.en?.title || text.hk?.title || LANGS.map((l) => text[l]?.title).find((x) => !!x);
  return t ?? '';
}

/** A `datetime-local` input's value for unix ms, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** Unix ms of a `datetime-local` value (browser time zone), or undefined when it is not a date. */
export function fromLocalInput(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML: the preview's title and date. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
