// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from './settings.store.ts';

describe('one-tap trading setting (DESIGN §17)', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.setState({ oneTap: false, oneTapWarned: false });
  });

  it('is off by default and kept across visits once turned on', () => {
    expect(useSettingsStore.getState().oneTap).toBe(false);
    useSettingsStore.getState().setOneTap(true);
    expect(useSettingsStore.getState().oneTap).toBe(true);
    expect(localStorage.getItem('tradepad.oneTap')).toBe('on');
    useSettingsStore.getState().setOneTap(false);
    expect(localStorage.getItem('tradepad.oneTap')).toBe('off');
  });

  it('remembers that the risk warning was shown, so it is shown once', () => {
    expect(useSettingsStore.getState().oneTapWarned).toBe(false);
    useSettingsStore.getState().markOneTapWarned();
    expect(useSettingsStore.getState().oneTapWarned).toBe(true);
    expect(localStorage.getItem('tradepad.oneTapWarned')).toBe('yes');
  });
});
