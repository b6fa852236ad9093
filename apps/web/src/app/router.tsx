import { lazy, type ReactNode } from 'react';
import { Navigate, useParams, useRoutes, type RouteObject } from '../shared/router/router.tsx';
import { RealOnly } from '../shared/ui/real-only.tsx';
import { AppShell } from './app-shell.tsx';
import { RequireAuth } from './require-auth.tsx';
import { TAB_SCREENS } from './tab-screens.ts';

const LoginPage = lazy(() => import('../features/auth/components/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page.tsx'));
const ForgotPage = lazy(() => import('../features/auth/components/forgot-page.tsx'));
const PasswordPage = lazy(() => import('../features/account/components/password-page.tsx'));
const TwoFactorPage = lazy(() => import('../features/account/components/two-factor-page.tsx'));
const DevicesPage = lazy(() => import('../features/account/components/devices-page.tsx'));
const SystemPage = lazy(() => import('../features/account/components/system-page.tsx'));
const HistoryPage = lazy(() => import('../features/account/components/history-page.tsx'));
const AccountTypesPage = lazy(() => import('../features/account/components/account-types-page.tsx'));
const LanguagePage = lazy(() => import('../features/settings/components/language-page.tsx'));
const ProductPage = lazy(() => import('../features/markets/components/product-page.tsx'));
const WalletPage = lazy(() => import('../features/wallet/components/wallet-page.tsx'));
const ChargePage = lazy(() => import('../features/wallet/components/charge-page.tsx'));
const WithdrawPage = lazy(() => import('../features/wallet/components/withdraw-page.tsx'));
const WithdrawWayPage = lazy(() => import('../features/wallet/components/withdraw-way-page.tsx'));
const CoinAddressListPage = lazy(() => import('../features/wallet/components/method-list-page.tsx'));
const BankCardListPage = lazy(() =>
  import('../features/wallet/components/method-list-page.tsx').then((m) => ({ default: m.BankCardListPage })),
);
const AuthPage = lazy(() => import('../features/kyc/components/auth-page.tsx'));
const InvitePage = lazy(() => import('../features/invite/components/invite-page.tsx'));
const NewsDetailPage = lazy(() =>
  import('../features/news/components/article-page.tsx').then((m) => ({ default: m.NewsDetailPage })),
);
const LegalPage = lazy(() => import('../features/news/components/legal-page.tsx'));
const AnnouncementPage = lazy(() => import('../features/news/components/announcement-page.tsx'));
const AnnouncementDetailPage = lazy(() =>
  import('../features/news/components/article-page.tsx').then((m) => ({ default: m.AnnouncementDetailPage })),
);
const ChatPage = lazy(() => import('../features/support/components/chat-page.tsx'));
const EmailPage = lazy(() => import('../features/support/components/email-page.tsx'));
const NoticesPage = lazy(() => import('../features/notices/components/notices-page.tsx'));
const PushSettingsPage = lazy(() => import('../features/notices/components/push-settings-page.tsx'));
const FeedbackPage = lazy(() => import('../features/support/components/feedback-page.tsx'));
const AlertsPage = lazy(() => import('../features/alerts/components/alerts-page.tsx'));
const StrategyPage = lazy(() => import('../features/copy/components/strategy-page.tsx'));
const ProviderPage = lazy(() => import('../features/copy/components/provider-page.tsx'));

/**
 * `auth`: visitors go to /login?from=. The real-account-only screens (spec §6) are stopped where a demo user taps
 * them (the Me screen), refused by the server, and wrapped in RealOnly, which shows a demo user the only-real-account
 * message in the screen's place, so a typed or bookmarked address does not get past either.
 */
type Access = 'public' | 'auth';

function guard(access: Access, element: ReactNode): ReactNode {
  return access === 'auth' ? <RequireAuth>{element}</RequireAuth> : element;
}

/** A real-account-only screen: [path, route name, title key, back fallback, screen]. */
const REAL_ONLY: [string, string, string, string, ReactNode][] = [
  ['/mine/wallet', 'wallet', 'route.wallet', '/user', <WalletPage />],
  ['/mine/charge', 'charge', 'route.charge', '/user', <ChargePage />],
  ['/mine/withdraw', 'withdraw', 'route.withdraw', '/user', <WithdrawPage />],
  ['/mine/withdraw-way', 'withdrawWay', 'route.withdrawWayCoin', '/mine/wallet', <WithdrawWayPage />],
  ['/mine/bank-card-list', 'bankCardList', 'route.bankCardList', '/mine/wallet', <BankCardListPage />],
  ['/mine/coin-address-list', 'coinAddressList', 'route.coinAddressList', '/mine/wallet', <CoinAddressListPage />],
  ['/mine/auth', 'auth', 'route.auth', '/user', <AuthPage />],
  ['/mine/invite', 'invite', 'route.invite', '/user', <InvitePage />],
  ['/mine/two-factor', 'twoFactor', 'route.twoFactor', '/user', <TwoFactorPage />],
  ['/copy/provider', 'copyProvider', 'route.copyProvider', '/rank', <ProviderPage />],
];

/** `/news/:id`, a friendlier address for an article, is the spec's `/news/detail?id=` (spec §2). */
function NewsIdRedirect() {
  const { id } = useParams();
  return <Navigate to={`/news/detail?id=${encodeURIComponent(id ?? '')}`} replace />;
}

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      // Tab screens render in the shell's keep-alive slots; their route only guards access.
      ...Object.entries(TAB_SCREENS).map(([path, screen]) => ({
        path,
        element: screen.auth ? <RequireAuth /> : null,
      })),
      { path: '/mine', element: <Navigate to="/user" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/legal/:key', element: <LegalPage /> },
      { path: '/forgot', element: <ForgotPage /> },
      { path: '/language', element: <LanguagePage /> },
      { path: '/product', element: <ProductPage /> },
      { path: '/account-types', element: <AccountTypesPage /> },
      // A copy-trading strategy's page (DESIGN §18): public; Follow asks for a real account.
      { path: '/copy/:id', element: <StrategyPage /> },
      { path: '/mine/password', element: guard('auth', <PasswordPage />) },
      { path: '/mine/devices', element: guard('auth', <DevicesPage />) },
      // Open to visitors too: language, theme and price colours (DESIGN §17); the signed-in rows show when signed in.
      { path: '/mine/system', element: <SystemPage /> },
      { path: '/mine/history', element: guard('auth', <HistoryPage />) },
      ...REAL_ONLY.map(([path, name, titleKey, back, screen]) => ({
        path,
        element: guard(
          'auth',
          <RealOnly name={name} titleKey={titleKey} back={back}>
            {screen}
          </RealOnly>,
        ),
      })),
      { path: '/news/detail', element: <NewsDetailPage /> },
      { path: '/news/:id', element: <NewsIdRedirect /> },
      { path: '/feedback', element: <FeedbackPage /> },
      { path: '/mine/announcement', element: guard('auth', <AnnouncementPage />) },
      { path: '/mine/announcement/detail', element: guard('auth', <AnnouncementDetailPage />) },
      { path: '/mine/chat', element: guard('auth', <ChatPage />) },
      { path: '/mine/email', element: guard('auth', <EmailPage />) },
      { path: '/mine/alerts', element: guard('auth', <AlertsPage />) },
      { path: '/mine/notices', element: guard('auth', <NoticesPage />) },
      { path: '/mine/notices/settings', element: guard('auth', <PushSettingsPage />) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** All routes, rendered inside the app's BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
