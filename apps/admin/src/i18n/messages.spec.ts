import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesEn } from './messages.en.ts';
import { messagesHk } from './messages.hk.ts';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`)));

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) && !f.endsWith('.spec.ts') ? [p] : [];
  });

describe('console messages', () => {
  const en = new Set(keysOf(messagesEn));

  it('has every English key in Traditional Chinese, and no other', () => {
    expect(keysOf(messagesHk).sort()).toEqual([...en].sort());
  });

  it('defines every tp.* key the console uses', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const used = new Set(
      sources(root).flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/['"`](tp\.[a-z_]+\.[a-z_]+|tp\.brand)['"`]/g)].map((m) => m[1]!),
      ),
    );
    expect([...used].filter((k) => !en.has(k))).toEqual([]);
  });
});
