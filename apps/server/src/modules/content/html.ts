import { ARTICLE_ATTRIBUTES, ARTICLE_LINK_SCHEMES, ARTICLE_TAGS } from '@tradepad/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list every article passes through when saved (DESIGN §7): text structure, tables and https links only.
 * No scripts, no event handlers, no styles, no images, no frames; links open in a new tab with our own rel.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ARTICLE_TAGS],
  // Links also keep the rel and target set below.
  allowedAttributes: { ...ARTICLE_ATTRIBUTES, a: [...(ARTICLE_ATTRIBUTES.a ?? []), 'rel', 'target'] },
  allowedSchemes: [...ARTICLE_LINK_SCHEMES],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** Sanitised HTML, safe to render as is. */
export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * The plain text an article's summary is made of when staff leave it empty: block ends (paragraphs, headings, list
 * items, quotes, cells) and line breaks read as spaces, so a heading does not run into the paragraph after it.
 */
export function summaryText(html: string): string {
  return textOnly(html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre|tr|th|td|ul|ol|table)>|<br\s*\/?>/gi, '$& '));
}

/** Plain text of an HTML fragment (for a description made from the content). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * A title or description as plain text (issue 17): tags dropped (a script or style with its content), entities read
 * as the characters they stand for, whitespace collapsed, and no `<` or `>` left, so the text is no HTML wherever it
 * is shown. Text without markup comes back as it was, trimmed.
 */
export function textOnly(text: string): string {
  if (!/[<>&]/.test(text)) return text.replace(/\s+/g, ' ').trim();
  const stripped = sanitizeHtml(text, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title'],
  });
  return stripped
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, e: string) => ENTITIES[e] ?? '')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
