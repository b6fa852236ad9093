import type { Lang } from '@tradepad/contracts/languages';
import { switchLanguage } from '../i18n/i18n.ts';
import { BROKER_LANG_KEY, askedLang, readStoredLang } from '../i18n/lang.ts';
import { fetchAreaList } from '../shared/api/area-list.api.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { writeStorage } from '../shared/lib/storage.ts';
import { fetchBasicInfo } from '../shared/api/basic-info.api.ts';
import { fetchCompanyStatus } from '../shared/api/company-status.api.ts';
import { fetchUserInfo } from '../shared/api/user-info.api.ts';
import { pcRedirectTarget } from '../shared/lib/pc-host.ts';
import { inTurns } from '../shared/lib/tasks.ts';
import { useSettingsStore } from '../shared/store/settings.store.ts';
import { useUserStore } from '../shared/store/user.store.ts';

/** A loss_url the browser may be sent to: an absolute http(s) address only. */
function webUrl(value: string | undefined): string | null {
  try {
    const url = new URL((value ?? '').trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The spec's mobile check (§1): a desktop browser goes to the `pc.` host when the build names one; returns true when
 * the page is leaving.
 */
export function redirectDesktop(): boolean {
  const target = pcRedirectTarget(import.meta.env.VITE_PC_ORIGIN, new URL(window.location.href), {
    userAgent: navigator.userAgent,
    touchPoints: navigator.maxTouchPoints ?? 0,
    width: window.innerWidth,
  });
  if (!target) return false;
  window.location.replace(target);
  return true;
}

/**
 * The broker's `default_language` (DESIGN §17 "First visit"): kept for the next start, and followed now when the
 * reader has asked for no language (no `?lang=`, no choice, a browser in none of the 14) and the app started in
 * another one (the first visit ever, or a changed setting). Not stored as the reader's choice.
 */
export function followBrokerLanguage(lang: Lang | undefined): void {
  if (!lang) return;
  writeStorage(BROKER_LANG_KEY, lang);
  if (askedLang(window.location.search, readStoredLang(), navigator.languages)) return;
  if (useSettingsStore.getState().lang === lang) return;
  void switchLanguage(lang, false)
    .then(() => {
      useSettingsStore.getState().setLang(lang);
      void queryClient.invalidateQueries();
    })
    .catch(() => {});
}

/**
 * What the app asks the server once at start (spec §4): the company status (status 0 leaves for loss_url without
 * leaving this page in the history; type 0 is main-site mode), the basic settings, the area list and, with a stored
 * token, the profile (a 999 there clears the user quietly: the API client's quiet-session mode).
 */
export function runStartup(): void {
  const settings = useSettingsStore.getState();
  // Each call in a task of its own: starting a request costs a phone a few milliseconds.
  void inTurns([
    () =>
      fetchCompanyStatus()
        .then((s) => {
          if (s.status === 0) {
            const target = webUrl(s.loss_url);
            if (target) window.location.replace(target);
            return;
          }
          settings.setMainSite(s.type === 0);
        })
        .catch(() => {}),
    () =>
      fetchBasicInfo()
        .then((b) => {
          settings.setBasic(b);
          followBrokerLanguage(b.default_language);
        })
        .catch(() => {}),
    () =>
      fetchAreaList()
        .then((areas) => settings.setAreas(areas))
        .catch(() => {}),
    () => {
      if (!useUserStore.getState().token) return;
      fetchUserInfo(true)
        .then((profile) => useUserStore.getState().setProfile(profile))
        .catch(() => {});
    },
  ]);
}
