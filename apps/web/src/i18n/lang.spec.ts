import { describe, expect, it } from 'vitest';
import { askedLang, resolveLang } from './lang.ts';

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

describe('the first visit (DESIGN §17)', () => {
  it.each([
    [['de-DE', 'de', 'en'], 'de'],
    [['en-US'], 'en'],
    [['zh-TW'], 'hk'],
    [['zh-HK', 'en'], 'hk'],
    [['zh-CN'], 'hk'],
    [['pl-PL', 'es-419'], 'spa'],
    [['ja'], 'jp'],
    [['ko-KR'], 'kr'],
    [['vi'], 'vn'],
    [['pt-BR'], 'pt'],
    [['ar-EG'], 'ar'],
  ])('a browser in %j opens in %s', (browser, expected) => {
    expect(resolveLang('', null, browser, 'ru')).toBe(expected);
  });

  it("falls back to the broker's default_language, then hk, when the browser speaks none of the 14", () => {
    expect(resolveLang('', null, ['pl-PL', 'nl'], 'de')).toBe('de');
    expect(resolveLang('', null, ['pl-PL'], null)).toBe('hk');
    expect(resolveLang('', null, [], 'nonsense')).toBe('hk');
    expect(askedLang('', null, ['pl'])).toBeUndefined();
  });

  it("a stored choice and ?lang= win over the browser's language", () => {
    expect(resolveLang('', 'fr', ['de-DE'], 'en')).toBe('fr');
    expect(resolveLang('?lang=tr', 'fr', ['de-DE'], 'en')).toBe('tr');
  });
});
