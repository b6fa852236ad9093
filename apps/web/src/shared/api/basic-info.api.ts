import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { BasicInfo } from '@tradepad/contracts/accounts/constants';
import { useSettingsStore } from '../store/settings.store.ts';
import { apiGet } from './http-client.ts';

/** GET basicSet/getBasicInfo: service link, registration mode, fee type, phone-field setting. */
export function fetchBasicInfo(): Promise<BasicInfo> {
  return apiGet(API.basicInfo, undefined, { silent: true });
}

/**
 * The basic settings: the copy the startup check stored, else fetched now (when that check failed) and stored.
 */
export function useBasicInfo() {
  const stored = useSettingsStore((s) => s.basic);
  return useQuery({
    queryKey: ['settings', 'basic'],
    queryFn: async () => {
      const basic = await fetchBasicInfo();
      useSettingsStore.getState().setBasic(basic);
      return basic;
    },
    initialData: stored ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
