import { describe, expect, it } from 'vitest';
import { resolveLang } from './lang.ts';

describe('resolveLang', () => {
  it.each([
    ['?lang=en', null, 'en'],
    ['?lang=tw', 'de', 'hk'],
    ['?lang=ar', 'de', 'ar'],
    ['?lang=xx', 'de', 'de'],
    ['?lang=xx', null, 'hk'],
    ['', 'ru', 'ru'],
    ['', 'nonsense', 'hk'],
    ['', null, 'hk'],
    ['?foo=1&lang=spa', 'en', 'spa'],
  ])('%s with stored %s gives %s', (search, stored, expected) => {
    expect(resolveLang(search, stored)).toBe(expected);
  });
});
