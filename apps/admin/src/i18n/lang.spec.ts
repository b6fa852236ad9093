import { describe, expect, it } from 'vitest';
import { initialLang } from './lang.ts';

describe('the console language', () => {
  it('opens in English unless chosen otherwise', () => {
    expect(initialLang('', null)).toBe('en');
    expect(initialLang('?lang=fr', null)).toBe('en');
    expect(initialLang('', 'hk')).toBe('hk');
  });

  it('takes ?lang= first, reading tw as hk', () => {
    expect(initialLang('?lang=hk', 'en')).toBe('hk');
    expect(initialLang('?lang=tw', null)).toBe('hk');
    expect(initialLang('?lang=en', 'hk')).toBe('en');
  });
});
