import { useSettingsStore, upDownOf, type UpDown } from '../store/settings.store.ts';

/** Candle and line colours; the text colours (AA on white) live in market.css as --tp-up / --tp-down. */
const RED = '#e0352b';
const GREEN = '#0b9b5e';

export interface UpDownColors {
  up: string;
  down: string;
}

export function colorsOf(upDown: UpDown): UpDownColors {
  return upDown === 'redUp' ? { up: RED, down: GREEN } : { up: GREEN, down: RED };
}

/** The price colours in effect (DESIGN §9), re-rendering when the user or the language changes them. */
export function useUpDown(): UpDown {
  return useSettingsStore(upDownOf);
}

/**
 * Sets `<html data-updown>` from the settings now and on every change, so the CSS tones (`.tone-up`, `.tone-down`)
 * follow the convention without each row reading the store.
 */
export function installUpDownAttribute(): void {
  let current: UpDown | null = null;
  const apply = () => {
    const next = upDownOf(useSettingsStore.getState());
    if (next === current) return;
    current = next;
    document.documentElement.dataset.updown = next;
  };
  apply();
  useSettingsStore.subscribe(apply);
}
