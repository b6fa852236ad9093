import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@tradepad/contracts/languages';

/** DESIGN §8: every string the app shows exists in all 14 languages. en.json is the reference. */
type Tree = { [key: string]: string | Tree };

function load(lang: string): Tree {
  return JSON.parse(readFileSync(new URL(`./locales/${lang}.json`, import.meta.url), 'utf8')) as Tree;
}

function flatten(tree: Tree, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const reference = flatten(load('en'));

describe('locales', () => {
  it('en has strings only, none empty', () => {
    for (const [key, value] of reference) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  describe.each(LANGS.filter((l) => l !== 'en'))('%s', (lang) => {
    const messages = flatten(load(lang));

    it('has every key of en, each a non-empty string', () => {
      const missing = [...reference.keys()].filter((k) => typeof messages.get(k) !== 'string' || !(messages.get(k) as string).trim());
      expect(missing).toEqual([]);
    });

    it('has no key that en lacks', () => {
      expect([...messages.keys()].filter((k) => !reference.has(k))).toEqual([]);
    });

    it('uses the same {{placeholders}} as en', () => {
      const mismatched = [...reference.entries()]
        .filter(([k, v]) => {
          const other = messages.get(k);
          return typeof other === 'string' && placeholders(other).join() !== placeholders(v as string).join();
        })
        .map(([k]) => k);
      expect(mismatched).toEqual([]);
    });
  });
});
