/**
 * The app's theme (DESIGN §9, §17): following the system until chosen; light, dark and "follow the system" are choices in settings and by
 * `?theme=light|dark|system` in the URL, which sets and stores the choice as `?lang=` does. The page's first-paint
 * script (apps/web/build/first-paint.ts `documentThemeScript`) applies the same rules before anything is painted;
 * `installTheme` keeps them applied while the app runs (a change in settings, the system switching between light and
 * dark).
 *
 * On `<html>`: `data-theme="light|dark"` (the theme in effect; the app's tokens in global.css follow it),
 * `data-prefers-color-scheme="dark"` (antd-mobile 5's own dark variables), `color-scheme` (form controls, scroll
 * bars), and `<meta name="theme-color">` (the browser's bar) in the theme's header colour.
 */

export const THEME_STORAGE_KEY = 'tradepad.theme';
export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = 'light' | 'dark';
/** Until the reader chooses, the theme follows the system (DESIGN §17 "First visit"). */
export const DEFAULT_THEME: ThemeChoice = 'system';

/** The browser bar's colour per theme: the headers' surface (global.css `--tp-surface`). */
export const THEME_BAR_COLORS: Readonly<Record<ResolvedTheme, string>> = { light: '#ffffff', dark: '#141a24' };

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseTheme(value: unknown): ThemeChoice | null {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value) ? (value as ThemeChoice) : null;
}

/** The choice to start with: `?theme=` wins, then the stored choice, then the system's. */
export function resolveThemeChoice(search: string, stored: string | null | undefined): ThemeChoice {
  return parseTheme(new URLSearchParams(search).get('theme')) ?? parseTheme(stored) ?? DEFAULT_THEME;
}

/** The theme in effect for a choice: "system" follows the device's preference. */
export function effectiveTheme(choice: ThemeChoice, systemDark: boolean): ResolvedTheme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** Puts the theme on `<html>` and the browser's bar (see the file's comment). */
export function applyDocumentTheme(theme: ResolvedTheme, doc: Document = document): void {
  const html = doc.documentElement;
  html.dataset.theme = theme;
  if (theme === 'dark') html.setAttribute('data-prefers-color-scheme', 'dark');
  else html.removeAttribute('data-prefers-color-scheme');
  html.style.colorScheme = theme;
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta) meta.content = THEME_BAR_COLORS[theme];
}
