import { Admin, CustomRoutes, Resource, defaultTheme, localStorageStore, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router-dom';
import { buildI18nProvider } from './i18n/i18n-provider.ts';
import { mayUse } from './access.ts';
import { ConsoleLayout } from './layout/layout.tsx';
import { LoginPage } from './layout/login-page.tsx';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';
import { HOME_PAGE, RESOURCE_PAGES, ROUTE_PAGES } from './sections.ts';
import { AccessProvider } from './ui/use-access.ts';

const { provider: i18nProvider, first: firstLang } = buildI18nProvider(window.location.search);

// react-admin keeps list filters and the chosen language here; the language asked by `?lang=` wins over the stored one.
const store = localStorageStore('1', 'tradepad.admin');
store.setItem('locale', firstLang);

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1f5eff' }, secondary: { main: '#16213e' } },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans TC", "PingFang HK", "Microsoft JhengHei", sans-serif',
  },
};

/**
 * The back office on react-admin: staff sign-in, the review queues, the channel configuration, the wallet settings and
 * the outbox, each shown to the roles the server lets use it. Served under /admin/ with hash routes (`/admin/#/kyc`).
 */
export function App() {
  return (
    // The pages ask the access rule through useAccess: importing it would import the table that imports them.
    <AccessProvider value={mayUse}>
      <Admin
        title="Tradepad back office"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        theme={theme}
        layout={ConsoleLayout}
        loginPage={LoginPage}
        dashboard={HOME_PAGE}
        requireAuth
        disableTelemetry
      >
        {Object.entries(RESOURCE_PAGES).map(([name, pages]) => (
          <Resource key={name} name={name} {...pages} />
        ))}
        <CustomRoutes>
          {Object.entries(ROUTE_PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </CustomRoutes>
      </Admin>
    </AccessProvider>
  );
}
