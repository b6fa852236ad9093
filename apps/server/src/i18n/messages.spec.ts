import { describe, it, expect } from 'vitest';
import { LANGS } from '@tradepad/contracts';
import { en, type MessageKey } from './messages.en.ts';
import { MESSAGES } from './messages.ts';

const EN_KEYS = Object.keys(en) as MessageKey[];

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

describe('MESSAGES', () => {
  it('has a catalog for every language', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual([...LANGS].sort());
  });

  describe.each([...LANGS])('%s', (lang) => {
    const messages = MESSAGES[lang];

    it('has exactly the keys of en, in the same order', () => {
      expect(Object.keys(messages)).toEqual(EN_KEYS);
    });

    it('has no empty value', () => {
      for (const key of EN_KEYS) expect(messages[key]?.trim(), key).toBeTruthy();
    });

    it('uses the same {placeholders} as en for every key', () => {
      for (const key of EN_KEYS) expect(placeholders(messages[key]), key).toEqual(placeholders(en[key]));
    });

    it.skipIf(lang === 'en')('is translated (under 10% identical to English, no long string identical)', () => {
      const identical = EN_KEYS.filter((key) => messages[key] === en[key]);
      expect(identical.length / EN_KEYS.length).toBeLessThan(0.1);
      expect(identical.filter((key) => en[key].length > 20)).toEqual([]);
    });
  });
});
