import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHART_PALETTES } from '../../features/chart/components/chart-theme.ts';
import { THEME_BAR_COLORS } from './theme.ts';

/**
 * WCAG AA in both themes (DESIGN §9, issue 21 point 6): every text colour token is at least 4.5:1 on each background
 * token it is drawn on. The tokens are read from global.css itself, so a changed colour is checked as written.
 */
const CSS = readFileSync(new URL('../styles/global.css', import.meta.url), 'utf8');

function block(selector: string): Record<string, string> {
  const start = CSS.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block in global.css`);
  const body = CSS.slice(CSS.indexOf('{', start) + 1, CSS.indexOf('\n}', start));
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/(--tp-[\w-]+):\s*([^;]+);/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

const LIGHT = block(':root');
const THEMES = {
  light: LIGHT,
  dark: { ...LIGHT, ...block("html[data-theme='dark']") },
  'light, red up': { ...LIGHT, ...block("html[data-updown='redUp']") },
  'dark, red up': { ...LIGHT, ...block("html[data-theme='dark']"), ...block("html[data-theme='dark'][data-updown='redUp']") },
};

function resolve(tokens: Record<string, string>, name: string, depth = 0): string {
  const v = tokens[name];
  if (v === undefined || depth > 5) throw new Error(`${name} is not defined`);
  const ref = /^var\((--tp-[\w-]+)\)$/.exec(v);
  return ref ? resolve(tokens, ref[1]!, depth + 1) : v;
}

/**
 * A background as drawn: a translucent token (`rgba(…)`, the tints behind a price that just moved) over the surface
 * it sits on, as #rrggbb.
 */
function solid(tokens: Record<string, string>, name: string): string {
  const v = resolve(tokens, name);
  const m = /^rgba\((\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\)$/.exec(v);
  if (!m) return v;
  const under = rgb(resolve(tokens, '--tp-surface'));
  const a = Number(m[4]);
  const mixed = [1, 2, 3].map((i, k) => Math.round(Number(m[i]) * a + under[k]! * (1 - a)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`${hex} is not a #rrggbb colour`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text token → the background tokens it is drawn on. */
const PAIRS: Array<[string, string[]]> = [
  ['--tp-text', ['--tp-surface', '--tp-bg', '--tp-surface-2', '--tp-fill', '--tp-page-outside']],
  ['--tp-text-2', ['--tp-surface', '--tp-bg', '--tp-surface-2', '--tp-fill']],
  ['--tp-text-3', ['--tp-surface', '--tp-bg', '--tp-surface-2']],
  ['--tp-placeholder', ['--tp-surface', '--tp-surface-2']],
  ['--tp-primary', ['--tp-surface', '--tp-bg', '--tp-surface-2']],
  ['--tp-primary-pressed', ['--tp-primary-soft']],
  ['--tp-danger', ['--tp-surface', '--tp-bg', '--tp-danger-soft']],
  ['--tp-danger-strong', ['--tp-danger-soft']],
  ['--tp-success', ['--tp-surface', '--tp-bg', '--tp-success-soft']],
  // A price flashes its soft tint behind it as it moves (market.css).
  ['--tp-up', ['--tp-surface', '--tp-bg', '--tp-surface-2', '--tp-up-soft']],
  ['--tp-down', ['--tp-surface', '--tp-bg', '--tp-surface-2', '--tp-down-soft']],
  ['--tp-warning-text', ['--tp-warning-bg', '--tp-surface']],
  ['--tp-on-fill', ['--tp-primary-fill', '--tp-primary-fill-pressed', '--tp-up-fill', '--tp-down-fill', '--tp-flat-fill']],
];

describe('theme colours meet WCAG AA (4.5:1 for text)', () => {
  for (const [theme, tokens] of Object.entries(THEMES)) {
    for (const [text, backgrounds] of PAIRS) {
      for (const bg of backgrounds) {
        it(`${theme}: ${text} on ${bg}`, () => {
          const ratio = contrast(resolve(tokens, text), solid(tokens, bg));
          expect(ratio, `${resolve(tokens, text)} on ${solid(tokens, bg)}`).toBeGreaterThanOrEqual(4.5);
        });
      }
    }
  }

  it('the chart text and the browser bar follow the surface of each theme', () => {
    for (const theme of ['light', 'dark'] as const) {
      const surface = resolve(THEMES[theme], '--tp-surface');
      expect(THEME_BAR_COLORS[theme]).toBe(surface);
      expect(CHART_PALETTES[theme].background).toBe(surface);
      expect(contrast(CHART_PALETTES[theme].text, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('computes the WCAG ratio (black on white is 21:1, a colour on itself 1:1)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1849d6', '#1849d6')).toBe(1);
  });
});
