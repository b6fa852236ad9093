import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { RouterProvider } from 'react-router';
import { antdLocale } from '../i18n/i18n.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { useSettingsStore } from '../shared/store/settings.store.ts';
import { router } from './router.tsx';

export function App() {
  const lang = useSettingsStore((s) => s.lang);
  const locale = antdLocale(lang);
  const tree = <RouterProvider router={router} />;
  return (
    <QueryClientProvider client={queryClient}>
      {locale ? <ConfigProvider locale={locale}>{tree}</ConfigProvider> : tree}
    </QueryClientProvider>
  );
}
