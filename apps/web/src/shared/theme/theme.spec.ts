import { describe, expect, it } from 'vitest';
import { effectiveTheme, parseTheme, resolveThemeChoice } from './theme.ts';

describe('theme choice (DESIGN §9)', () => {
  it('follows the system until chosen (DESIGN §17), the stored choice next, and ?theme= wins', () => {
    expect(resolveThemeChoice('', null)).toBe('system');
    expect(resolveThemeChoice('', 'dark')).toBe('dark');
    expect(resolveThemeChoice('?theme=system', 'dark')).toBe('system');
    expect(resolveThemeChoice('?lang=en&theme=light', 'dark')).toBe('light');
  });

  it('ignores unknown values', () => {
    expect(resolveThemeChoice('?theme=neon', 'dark')).toBe('dark');
    expect(resolveThemeChoice('', 'sepia')).toBe('system');
    expect(parseTheme('DARK')).toBeNull();
    expect(parseTheme(undefined)).toBeNull();
  });

  it('"system" follows the device', () => {
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
    expect(effectiveTheme('light', true)).toBe('light');
  });
});
