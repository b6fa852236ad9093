import { useQuery } from '@tanstack/react-query';
import { API } from '@tradepad/contracts/api-paths';
import type { LegalPage, LegalPageKey } from '@tradepad/contracts/content/constants';
import { apiGet } from '../../../shared/api/http-client.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';

/** GET default/legal_page?key=: a sign-up document as content staff published it, in the request language. */
export function fetchLegalPage(key: LegalPageKey, signal?: AbortSignal): Promise<LegalPage> {
  return apiGet(API.legalPage, { key }, { signal, silent: true });
}

export function useLegalPage(key: LegalPageKey | null) {
  const lang = useSettingsStore((s) => s.lang);
  return useQuery({
    queryKey: ['legal', key, lang],
    enabled: key !== null,
    queryFn: ({ signal }) => fetchLegalPage(key ?? 'terms', signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
