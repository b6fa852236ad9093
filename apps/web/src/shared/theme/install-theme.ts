import { useSyncExternalStore } from 'react';
import { useSettingsStore } from '../store/settings.store.ts';
import { DARK_QUERY, applyDocumentTheme, effectiveTheme, parseTheme, type ResolvedTheme } from './theme.ts';

/**
 * Applies the theme now and whenever it changes: `?theme=` in the URL sets and stores the choice (DESIGN §9), a choice
 * made in settings applies at once, and with "system" the device switching between light and dark is followed live.
 */
export function installTheme(search: string = window.location.search): void {
  const fromUrl = parseTheme(new URLSearchParams(search).get('theme'));
  if (fromUrl) useSettingsStore.getState().setTheme(fromUrl);
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  let current: ResolvedTheme | null = null;
  const apply = () => {
    const next = effectiveTheme(useSettingsStore.getState().theme, media?.matches ?? false);
    if (next === current) return;
    current = next;
    applyDocumentTheme(next);
    window.dispatchEvent(new CustomEvent('tp-theme', { detail: next }));
  };
  apply();
  useSettingsStore.subscribe(apply);
  media?.addEventListener('change', apply);
}

/** The theme in effect, from `<html data-theme>`. */
export function currentTheme(): ResolvedTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function subscribeTheme(onChange: () => void): () => void {
  window.addEventListener('tp-theme', onChange);
  return () => window.removeEventListener('tp-theme', onChange);
}

/** The theme in effect, re-rendering when it changes (for what CSS cannot colour: the chart's canvas). */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(subscribeTheme, currentTheme, () => 'light');
}
