import { create } from 'zustand';
import { DEFAULT_LANG, type Lang } from '@tradepad/contracts/languages';
import type { Area, BasicInfo } from '@tradepad/contracts/accounts/constants';
import { readStorage, writeStorage } from '../lib/storage.ts';
import { DEFAULT_THEME, THEME_STORAGE_KEY, parseTheme, type ThemeChoice } from '../theme/theme.ts';

const UP_DOWN_KEY = 'tradepad.upDown';
const QUICK_CLOSE_CONFIRM_KEY = 'tradepad.quickCloseConfirm';
const ONE_TAP_KEY = 'tradepad.oneTap';
const ONE_TAP_WARNED_KEY = 'tradepad.oneTapWarned';
/** Light, dark or following the device (DESIGN §9). */
export type Theme = ThemeChoice;
/** Price colours (DESIGN §9): red for a rise and green for a fall, or the other way round. */
export type UpDown = 'redUp' | 'greenUp';

function readUpDown(): UpDown | null {
  const stored = readStorage(UP_DOWN_KEY);
  return stored === 'redUp' || stored === 'greenUp' ? stored : null;
}

export interface SettingsState {
  lang: Lang;
  theme: Theme;
  /** The user's price colours; null until they choose (then the language decides: see `upDownOf`). */
  upDown: UpDown | null;
  areas: Area[];
  /** The area picked for phone numbers; the second entry of the area list until the user picks (spec §9). */
  areaId: number | null;
  basic: BasicInfo | null;
  /** Main-site mode (company status type 0): product search looks for companies. */
  mainSite: boolean;
  /** Whether the positions list's one-tap close asks first (issue 20); on until the trader turns it off. */
  quickCloseConfirm: boolean;
  setQuickCloseConfirm(on: boolean): void;
  /** One-tap trading (DESIGN §17): Buy and Sell send at once with the ticket's lots; off until the trader turns it on. */
  oneTap: boolean;
  /** Whether the one-tap risk warning has been shown and accepted (it is shown once). */
  oneTapWarned: boolean;
  setOneTap(on: boolean): void;
  markOneTapWarned(): void;
  setLang(lang: Lang): void;
  setTheme(theme: Theme): void;
  setUpDown(upDown: UpDown): void;
  setAreas(areas: Area[]): void;
  selectArea(areaId: number): void;
  setBasic(basic: BasicInfo): void;
  setMainSite(on: boolean): void;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  lang: DEFAULT_LANG,
  theme: parseTheme(readStorage(THEME_STORAGE_KEY)) ?? DEFAULT_THEME,
  upDown: readUpDown(),
  areas: [],
  areaId: null,
  basic: null,
  mainSite: false,
  quickCloseConfirm: readStorage(QUICK_CLOSE_CONFIRM_KEY) !== 'off',
  setQuickCloseConfirm(on) {
    writeStorage(QUICK_CLOSE_CONFIRM_KEY, on ? 'on' : 'off');
    set({ quickCloseConfirm: on });
  },
  oneTap: readStorage(ONE_TAP_KEY) === 'on',
  oneTapWarned: readStorage(ONE_TAP_WARNED_KEY) === 'yes',
  setOneTap(on) {
    writeStorage(ONE_TAP_KEY, on ? 'on' : 'off');
    set({ oneTap: on });
  },
  markOneTapWarned() {
    writeStorage(ONE_TAP_WARNED_KEY, 'yes');
    set({ oneTapWarned: true });
  },
  setLang: (lang) => set({ lang }),
  setTheme(theme) {
    writeStorage(THEME_STORAGE_KEY, theme);
    set({ theme });
  },
  setUpDown(upDown) {
    writeStorage(UP_DOWN_KEY, upDown);
    set({ upDown });
  },
  setAreas(areas) {
    const current = get().areaId;
    const keep = current !== null && areas.some((a) => a.area_id === current);
    set({ areas, areaId: keep ? current : ((areas[1] ?? areas[0])?.area_id ?? null) });
  },
  selectArea: (areaId) => set({ areaId }),
  setBasic: (basic) => set({ basic }),
  setMainSite: (mainSite) => set({ mainSite }),
}));

export function selectedArea(state: Pick<SettingsState, 'areas' | 'areaId'>): Area | undefined {
  return state.areas.find((a) => a.area_id === state.areaId);
}

/** The price colours in effect: the user's choice, else red-up in Hong Kong Chinese and green-up elsewhere. */
export function upDownOf(state: Pick<SettingsState, 'lang' | 'upDown'>): UpDown {
  return state.upDown ?? (state.lang === 'hk' ? 'redUp' : 'greenUp');
}
