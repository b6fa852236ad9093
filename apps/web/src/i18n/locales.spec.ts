import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGS, type Lang } from '@tradepad/contracts/languages';

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

/** The brand: the same word in every language. */
const BRAND = new Set(['app.name']);

/**
 * English words that a native speaker of the language writes the same way: trading jargon and loanwords that are
 * the usual word there (German "Margin", French "Stop loss", Portuguese "Ranking", "Swap" for overnight financing). Anything else left as in English
 * is an untranslated string.
 */
const LOANWORDS: Partial<Record<Lang, readonly string[]>> = {
  de: [
    'Orders',
    'Wallet',
    'Demo',
    'Version',
    'Lots',
    'Margin',
    'Stop-out',
    'Stop-outs',
    'Bank',
    '{{label}} (optional)',
    'Slippage',
    'Spread',
    'Break-even',
    '{{ms}} ms',
    'Pips',
    'Swap',
    'Simulator',
    'Text',
  ],
  fr: [
    // The same word in French (a broker's commission per lot).
    'Commission',
    'Commissions',
    'Article',
    'Note',
    'Rectangle',
    'Instruments',
    '1 minute',
    '5 minutes',
    '15 minutes',
    '30 minutes',
    'Version',
    'Lots',
    '{{lots}} lots',
    'Stop loss',
    'Take profit',
    'Stop-out',
    'points',
    'Type',
    'Crypto',
    'Spread',
    '{{ms}} ms',
    'Pips',
    '{{value}} pips',
    'Swap',
    'Notifications',
    'Stop-outs',
  ],
  it: [
    'Feedback',
    'Password',
    'Demo',
    'Stop loss',
    'Take profit',
    'Margin call',
    'Trailing stop',
    'Slippage',
    'Spread',
    '{{ms}} ms',
    'Swap',
  ],
  pt: [
    'Ranking',
    'Feedback',
    'Demo',
    'Stop loss',
    'Take profit',
    'Spread',
    '{{ms}} ms',
    'Pips',
    '{{value}} pips',
    'Swap',
    'Stop-outs',
  ],
  spa: ['Ranking', 'Demo', 'Stop loss', 'Take profit', 'Spread', '{{ms}} ms', 'Pips', '{{value}} pips', 'Swap', 'Stop-outs'],
  jp: ['{{value}} pips'],
  tr: ['Demo', 'Stop-out', 'Spread', '{{ms}} ms', 'Swap'],
  vn: ['Email', 'Demo', 'Stop-out', '{{ms}} ms'],
  ru: ['Bid', 'Ask'],
};

/** Codes and patterns: no lower-case word outside {{placeholders}} ("UID", "1M", "1:{{value}}", "USDT"). */
const isCode = (text: string) => !/\p{Ll}{2,}/u.test(text.replace(/\{\{\s*\w+\s*\}\}/g, ''));

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
      const missing = [...reference.keys()].filter(
        (k) => typeof messages.get(k) !== 'string' || !(messages.get(k) as string).trim(),
      );
      expect(missing).toEqual([]);
    });

    it('has no key that en lacks', () => {
      expect([...messages.keys()].filter((k) => !reference.has(k))).toEqual([]);
    });

    it('translates every string: nothing left as in English but the brand, codes and its loanwords', () => {
      const allowed = new Set(LOANWORDS[lang as Lang] ?? []);
      const untranslated = [...reference.entries()]
        .filter(([k, v]) => messages.get(k) === v && !BRAND.has(k) && !isCode(v as string) && !allowed.has(v as string))
        .map(([k, v]) => `${k}: ${v as string}`);
      expect(untranslated).toEqual([]);
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

/** Every literal key the code asks for (`t('a.b')`, `titleKey="a.b"`, `'msg.x'`…) exists in en. */
describe('keys used in the code', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.spec.ts')) files.push(path);
    }
  };
  walk(root);
  const namespaces = new Set([...reference.keys()].map((k) => k.split('.')[0]));
  const used = new Set<string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"]([a-z]+(?:\.[A-Za-z]+)+)['"]/g)) {
      const key = m[1]!;
      if (namespaces.has(key.split('.')[0]!) && !/\.(ts|tsx|css|json|svg)$/.test(key)) used.add(key);
    }
  }

  it('finds keys to check', () => {
    expect(used.size).toBeGreaterThan(50);
  });

  it('all exist in en', () => {
    expect([...used].filter((k) => !reference.has(k))).toEqual([]);
  });
});
