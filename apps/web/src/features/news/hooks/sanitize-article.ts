/**
 * A second, client-side allow-list over article HTML. The server already sanitises every article when it is saved
 * (DESIGN §7); this pass is defence in depth, so a bad row in the database or a proxy that rewrites responses still
 * cannot run script here. It mirrors the server's list: text structure, tables and https/mailto links, no scripts,
 * no event handlers, no styles, no images, no frames.
 *
 * Parsing uses DOMParser, whose documents are inert: nothing in them runs or loads (no <script>, no onerror), and
 * only the allowed elements and attributes are copied into the output.
 */
import { ARTICLE_ATTRIBUTES, ARTICLE_TAGS } from '@tradepad/contracts/content/constants';

const ALLOWED_TAGS: ReadonlySet<string> = new Set(ARTICLE_TAGS);

/** Elements dropped with everything inside them (their text is not article text). */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math']);

const ALLOWED_ATTRIBUTES = ARTICLE_ATTRIBUTES;

/** Links may only leave for https pages or open a mail client. */
export function isSafeHref(href: string): boolean {
  return /^(https:\/\/|mailto:)/i.test(href.trim());
}

function copyAllowed(source: Node, target: Node, doc: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      // Unknown wrapper (div, font, …): keep its allowed content, lose the element.
      copyAllowed(el, target, doc);
      continue;
    }
    const clean = doc.createElement(tag);
    for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
      const value = el.getAttribute(name);
      if (value === null) continue;
      if (name === 'href' && !isSafeHref(value)) continue;
      if ((name === 'colspan' || name === 'rowspan') && !/^\d{1,3}$/.test(value)) continue;
      clean.setAttribute(name, value);
    }
    if (tag === 'a' && clean.hasAttribute('href')) {
      clean.setAttribute('target', '_blank');
      clean.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    copyAllowed(el, clean, doc);
    target.appendChild(clean);
  }
}

/** The article's HTML with only allow-listed elements and attributes left. */
export function sanitizeArticle(html: string, parser: DOMParser = new DOMParser()): string {
  const source = parser.parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const out = parser.parseFromString('<!doctype html><body></body>', 'text/html');
  copyAllowed(source.body, out.body, out);
  return out.body.innerHTML;
}
