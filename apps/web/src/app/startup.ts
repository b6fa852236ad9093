import { fetchAreaList } from '../shared/api/area-list.api.ts';
import { fetchBasicInfo } from '../shared/api/basic-info.api.ts';
import { fetchCompanyStatus } from '../shared/api/company-status.api.ts';
import { fetchUserInfo } from '../shared/api/user-info.api.ts';
import { useSettingsStore } from '../shared/store/settings.store.ts';
import { useUserStore } from '../shared/store/user.store.ts';

/**
 * What the app asks the server once at start (spec §4): the company status (status 0 leaves for loss_url; type 0
 * is main-site mode), the basic settings, the area list and, with a stored token, the profile (a 999 there clears the
 * user quietly: the API client's quiet-session mode).
 */
export function runStartup(): void {
  const settings = useSettingsStore.getState();
  fetchCompanyStatus()
    .then((s) => {
      if (s.status === 0) {
        if (s.loss_url) window.location.href = s.loss_url;
        return;
      }
      settings.setMainSite(s.type === 0);
    })
    .catch(() => {});
  fetchBasicInfo()
    .then((b) => settings.setBasic(b))
    .catch(() => {});
  fetchAreaList()
    .then((areas) => settings.setAreas(areas))
    .catch(() => {});
  if (useUserStore.getState().token) {
    fetchUserInfo(true)
      .then((profile) => useUserStore.getState().setProfile(profile))
      .catch(() => {});
  }
}
