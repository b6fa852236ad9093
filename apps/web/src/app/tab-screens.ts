import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface TabScreen {
  /** Route name of spec §2. */
  name: string;
  Component: LazyExoticComponent<ComponentType>;
  auth: boolean;
}

/**
 * The six screens that keep their state (spec §2): rendered once visited and then only hidden, each restoring its
 * own scroll position. Keyed by path.
 */
export const TAB_SCREENS: Record<string, TabScreen> = {
  '/': { name: 'home', auth: false, Component: lazy(() => import('../features/markets/components/home-page.tsx')) },
  '/trade': { name: 'trade', auth: false, Component: lazy(() => import('./screens/trade-screen.tsx')) },
  '/order': { name: 'order', auth: true, Component: lazy(() => import('../features/orders/components/orders-page.tsx')) },
  '/user': { name: 'user', auth: true, Component: lazy(() => import('../features/account/components/user-page.tsx')) },
  '/news': { name: 'news', auth: false, Component: lazy(() => import('../features/news/components/news-page.tsx')) },
  '/rank': { name: 'rank', auth: false, Component: lazy(() => import('../features/rank/components/rank-page.tsx')) },
};

export function tabScreenOf(pathname: string): TabScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TAB_SCREENS[path];
}
