import { createHash } from 'node:crypto';
import fs from 'node:fs';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers helmet would set, computed once. @fastify/helmet builds a new helmet middleware (re-parsing
 * every CSP directive) on each request, which cost ~35 µs per call; our headers are static (no nonces), so they are
 * captured at start from helmet itself and set as a plain header map.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of the given HTML files, so those scripts, and only they, may
 * run under `script-src 'self'`. Files that do not exist are skipped (a server started without a built front end).
 */
export function inlineScriptHashes(files: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) hashes.add(cspHash(m[1]!));
  }
  return [...hashes];
}

/** A CSP hash source (`'sha256-…'`) of a text as the browser hashes it (its UTF-8 bytes). */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The inline styles of a page: hash sources for its `<style>` elements and for its `style="…"` attribute values. */
export interface InlineStyleHashes {
  elements: string[];
  attributes: string[];
}

/**
 * CSP sources for the inline styles of the given HTML files, so those styles, and only they, apply under a `style-src`
 * without `'unsafe-inline'`: each `<style>` element's text as written, and each `style` attribute's value as the
 * browser reads it (character references decoded); an attribute's hash counts only beside `'unsafe-hashes'`. Text
 * inside comments, scripts and style elements is not markup, so a `style="` there is no attribute. Files that do not
 * exist are skipped.
 */
export function inlineStyleHashes(files: readonly string[]): InlineStyleHashes {
  const elements = new Set<string>();
  const attributes = new Set<string>();
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const html = fs.readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    for (const m of html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style\s*>/gi)) elements.add(cspHash(m[1]!));
    const markup = html.replace(/<(script|style)(\s[^>]*)?>[\s\S]*?<\/\1\s*>/gi, '<$1>');
    for (const tag of markup.matchAll(/<[a-z][^\s/>]*(\s[^>]*)>/gi))
      for (const a of tag[1]!.matchAll(/\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi))
        attributes.add(cspHash(decodeCharacterReferences(a[1] ?? a[2] ?? a[3] ?? '')));
  }
  return { elements: [...elements], attributes: [...attributes] };
}

const NAMED_REFERENCES: Readonly<Record<string, string>> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

/** The value an attribute holds once parsed: numeric and the common named character references decoded. */
function decodeCharacterReferences(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (ref, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ref;
    }
    return NAMED_REFERENCES[name.toLowerCase()] ?? ref;
  });
}
