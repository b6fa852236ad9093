/**
 * The tab screens (src/app/tab-screens.ts) that a first visit can open on, with the module of each, for the first
 * paint's loader (build/first-paint.ts) to request with the app's scripts. The screens behind a sign-in are left out:
 * a first visit there without a session goes to the login screen, and would have fetched the screen for nothing.
 * A spec checks these against tab-screens.ts.
 */
export const FIRST_VISIT_SCREENS: Readonly<Record<string, string>> = {
  '/': 'src/features/markets/components/home-page.tsx',
  '/trade': 'src/app/screens/trade-screen.tsx',
  '/news': 'src/features/news/components/news-page.tsx',
  '/rank': 'src/features/rank/components/rank-page.tsx',
};
