import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Lang } from '@tradepad/contracts/languages';
import { useSettingsStore } from '../shared/store/settings.store.ts';
import { switchLanguage } from './i18n.ts';

/** Switches the interface language; server texts (news, messages) are fetched again in the new language. */
export function useChangeLanguage(): (lang: Lang) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (lang: Lang) => {
      await switchLanguage(lang);
      useSettingsStore.getState().setLang(lang);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );
}
