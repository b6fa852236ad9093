import { Admin, CustomRoutes, Resource, defaultTheme, localStorageStore, type RaThemeOptions } from 'react-admin';
import { Route } from 'react-router-dom';
import {
  DepositChannelCreate,
  DepositChannelEdit,
  DepositChannelList,
  DrawCurrencyCreate,
  DrawCurrencyEdit,
  DrawCurrencyList,
  WireChannelCreate,
  WireChannelEdit,
  WireChannelList,
} from './features/channels/channels.tsx';
import { DashboardPage } from './features/dashboard/dashboard-page.tsx';
import { DepositsList } from './features/deposits/deposits-list.tsx';
import { AdjustmentsList } from './features/users/adjustments-list.tsx';
import { UserShow } from './features/users/user-show.tsx';
import { UsersList } from './features/users/users-list.tsx';
import { KycList } from './features/kyc/kyc-list.tsx';
import { OutboxList } from './features/outbox/outbox-list.tsx';
import { PositionsPage } from './features/positions/positions-page.tsx';
import { RiskPage } from './features/risk/risk-page.tsx';
import { SettingsPage } from './features/settings/settings-page.tsx';
import { AuditPage } from './features/audit/audit-page.tsx';
import { InstrumentsPage } from './features/instruments/instruments-page.tsx';
import { ReportsPage } from './features/reports/reports-page.tsx';
import { StaffCreate, StaffList } from './features/staff/staff-list.tsx';
import { SupportInbox } from './features/support/support-inbox.tsx';
import { WithdrawalsList } from './features/withdrawals/withdrawals-list.tsx';
import { NewsEditor } from './features/news/news-editor.tsx';
import { NewsList } from './features/news/news-list.tsx';
import { buildI18nProvider } from './i18n/i18n-provider.ts';
import { ConsoleLayout } from './layout/layout.tsx';
import { LoginPage } from './layout/login-page.tsx';
import { authProvider } from './providers/auth-provider.ts';
import { dataProvider } from './providers/data-provider.ts';

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
    <Admin
      title="Tradepad back office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      layout={ConsoleLayout}
      loginPage={LoginPage}
      dashboard={DashboardPage}
      requireAuth
      disableTelemetry
    >
      <Resource name="users" list={UsersList} show={UserShow} />
      <Resource name="adjustments" list={AdjustmentsList} />
      <Resource name="deposits" list={DepositsList} />
      <Resource name="withdrawals" list={WithdrawalsList} />
      <Resource name="kyc" list={KycList} />
      <Resource name="deposit-channels" list={DepositChannelList} edit={DepositChannelEdit} create={DepositChannelCreate} />
      <Resource name="wire-channels" list={WireChannelList} edit={WireChannelEdit} create={WireChannelCreate} />
      <Resource name="draw-currencies" list={DrawCurrencyList} edit={DrawCurrencyEdit} create={DrawCurrencyCreate} />
      <Resource name="outbox" list={OutboxList} />
      <Resource name="staff" list={StaffList} create={StaffCreate} />
      <Resource name="wallet-settings" />
      <Resource name="news" list={NewsList} create={NewsEditor} edit={NewsEditor} />
      <CustomRoutes>
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/support" element={<SupportInbox />} />
        <Route path="/support/:userId" element={<SupportInbox />} />
        <Route path="/positions" element={<PositionsPage />} />
        <Route path="/risk" element={<RiskPage />} />
        <Route path="/instruments" element={<InstrumentsPage />} />
        <Route path="/audit" element={<AuditPage />} />
        <Route path="/reports" element={<ReportsPage />} />
      </CustomRoutes>
    </Admin>
  );
}
