import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { BrowserRouter, useLocation } from '../shared/router/router.tsx';
import { antdLocale } from '../i18n/i18n.ts';
import { queryClient } from '../shared/api/query-client.ts';
import { useSettingsStore } from '../shared/store/settings.store.ts';
import { ConnectionBanner } from '../shared/ui/connection-banner.tsx';
import { NoticeToasts } from '../shared/ui/notice-toasts.tsx';
import { ErrorBoundary } from './error-boundary.tsx';
import { NavigationBridge } from './navigation.ts';
import { RouteError } from './route-error.tsx';
import { AppRoutes } from './router.tsx';

function GuardedRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary fallback={<RouteError />} resetKey={location.key}>
      <AppRoutes />
    </ErrorBoundary>
  );
}

export function App() {
  const lang = useSettingsStore((s) => s.lang);
  const locale = antdLocale(lang);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider {...(locale ? { locale } : {})}>
        <BrowserRouter>
          <NavigationBridge />
          <ConnectionBanner />
          <NoticeToasts />
          <GuardedRoutes />
        </BrowserRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
