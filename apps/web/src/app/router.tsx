import { lazy, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AppShell } from './app-shell.tsx';
import { RequireAuth } from './require-auth.tsx';
import { TAB_SCREENS } from './tab-screens.ts';

const LoginPage = lazy(() => import('../features/auth/components/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page.tsx'));
const ForgotPage = lazy(() => import('../features/auth/components/forgot-page.tsx'));
const PasswordPage = lazy(() => import('../features/account/components/password-page.tsx'));
const SystemPage = lazy(() => import('../features/account/components/system-page.tsx'));
const HistoryPage = lazy(() => import('../features/account/components/history-page.tsx'));
const LanguagePage = lazy(() => import('../features/settings/components/language-page.tsx'));
const ProductPage = lazy(() => import('../features/markets/components/product-page.tsx'));
const PlaceholderScreen = lazy(() => import('./screens/placeholder-routes.tsx'));
const WithdrawWayScreen = lazy(() => import('./screens/placeholder-routes.tsx').then((m) => ({ default: m.WithdrawWayScreen })));

/**
 * `auth`: visitors go to /login?from=. The real-account-only screens (spec §6) are stopped where a demo user taps
 * them (the Me screen) and refused by the server; the address itself only needs a login.
 */
type Access = 'public' | 'auth';

function guard(access: Access, element: ReactNode): ReactNode {
  return access === 'auth' ? <RequireAuth>{element}</RequireAuth> : element;
}

/** Screens of later issues: [path, route name, title key, back fallback, access]. */
const PLACEHOLDERS: [string, string, string, string, Access][] = [
  ['/news/detail', 'newsDetail', 'route.newsDetail', '/news', 'public'],
  ['/feedback', 'feedback', 'route.feedback', '/user', 'public'],
  ['/mine/auth', 'auth', 'route.auth', '/user', 'auth'],
  ['/mine/invite', 'invite', 'route.invite', '/user', 'auth'],
  ['/mine/email', 'email', 'route.email', '/user', 'auth'],
  ['/mine/announcement', 'announcement', 'route.announcement', '/user', 'auth'],
  ['/mine/charge', 'charge', 'route.charge', '/user', 'auth'],
  ['/mine/withdraw', 'withdraw', 'route.withdraw', '/user', 'auth'],
  ['/mine/chat', 'chat', 'route.chat', '/user', 'auth'],
  ['/mine/wallet', 'wallet', 'route.wallet', '/user', 'auth'],
  ['/mine/bank-card-list', 'bankCardList', 'route.bankCardList', '/mine/wallet', 'auth'],
  ['/mine/coin-address-list', 'coinAddressList', 'route.coinAddressList', '/mine/wallet', 'auth'],
];

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
      { path: '/forgot', element: <ForgotPage /> },
      { path: '/language', element: <LanguagePage /> },
      { path: '/product', element: <ProductPage /> },
      { path: '/mine/password', element: guard('auth', <PasswordPage />) },
      { path: '/mine/system', element: guard('auth', <SystemPage />) },
      { path: '/mine/history', element: guard('auth', <HistoryPage />) },
      { path: '/mine/withdraw-way', element: guard('auth', <WithdrawWayScreen />) },
      ...PLACEHOLDERS.map(([path, name, titleKey, back, access]) => ({
        path,
        element: guard(access, <PlaceholderScreen name={name} titleKey={titleKey} back={back} />),
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** All routes, rendered inside the app's BrowserRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}
