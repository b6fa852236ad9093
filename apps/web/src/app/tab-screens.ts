import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '@tradepad/contracts/languages';
import { categoriesQuery } from '../shared/api/categories.api.ts';
import { tradeListQuery } from '../shared/api/trade-list.api.ts';
import { inTurns } from '../shared/lib/tasks.ts';
import { sparklinesQuery } from '../features/markets/api/sparklines.api.ts';

/** A screen whose code is its own chunk and can be fetched ahead of its first render. */
export type ScreenComponent = (() => ReactElement) & { preload(): Promise<unknown> };

/**
 * Like `React.lazy`, with `preload()`: once the chunk has arrived the screen renders at once, without suspending (a
 * lazy component suspends on its first render even when its chunk is already there).
 */
function screen(load: () => Promise<{ default: ComponentType }>): ScreenComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => ((loaded = m.default), m),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(preload);
  const Screen = () => createElement(loaded ?? Lazy);
  return Object.assign(Screen, { preload });
}

export interface TabScreen {
  /** Route name of spec §2. */
  name: string;
  Component: ScreenComponent;
  auth: boolean;
  /** What the screen shows first, each fetched by its own step, so a first visit can draw it whole. */
  prefetch?: ReadonlyArray<(client: QueryClient, lang: Lang) => Promise<unknown>>;
}

/**
 * The six screens that keep their state (spec §2): rendered once visited and then only hidden, each restoring its
 * own scroll position. Keyed by path.
 */
export const TAB_SCREENS: Record<string, TabScreen> = {
  '/': {
    name: 'home',
    auth: false,
    Component: screen(() => import('../features/markets/components/home-page.tsx')),
    prefetch: [
      (client) => client.prefetchQuery(tradeListQuery),
      (client, lang) => client.prefetchQuery(categoriesQuery(lang)),
      (client) => client.prefetchQuery(sparklinesQuery),
    ],
  },
  '/trade': {
    name: 'trade',
    auth: false,
    Component: screen(() => import('./screens/trade-screen.tsx')),
    prefetch: [(client) => client.prefetchQuery(tradeListQuery)],
  },
  '/order': { name: 'order', auth: true, Component: screen(() => import('./screens/orders-screen.tsx')) },
  '/user': { name: 'user', auth: true, Component: screen(() => import('../features/account/components/user-page.tsx')) },
  '/news': { name: 'news', auth: false, Component: screen(() => import('../features/news/components/news-page.tsx')) },
  '/rank': { name: 'rank', auth: false, Component: screen(() => import('../features/rank/components/rank-page.tsx')) },
};

export function tabScreenOf(pathname: string): TabScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TAB_SCREENS[path];
}

/** Longest a first visit waits for its screen's code and data before drawing what it has. */
const FIRST_SCREEN_WAIT_MS = 3000;

/**
 * What a first visit to a tab screen fetches before the app draws anything: the screen's chunk and the data it shows
 * first, so the first frame is the whole screen (not a skeleton redrawn a moment later). Never waits longer than
 * `FIRST_SCREEN_WAIT_MS`, nor on a failure: the screen then draws as usual and shows its own loading or error state.
 */
export async function prepareFirstScreen(pathname: string, client: QueryClient, lang: Lang): Promise<void> {
  const tab = tabScreenOf(pathname);
  if (!tab) return;
  const work: Promise<unknown>[] = [];
  // Each request starts in a task of its own (starting one costs a phone a few milliseconds).
  await inTurns([
    ...(tab.prefetch ?? []).map((start) => () => work.push(start(client, lang))),
    () => work.push(tab.Component.preload()),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(work), new Promise((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS)))]);
  clearTimeout(timer);
}
