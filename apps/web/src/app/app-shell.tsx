import { Activity, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from '../shared/router/router.tsx';
import { nextTask } from '../shared/lib/tasks.ts';
import { realtime } from '../shared/realtime/socket.ts';
import { useUserStore } from '../shared/store/user.store.ts';
import { PageFallback } from '../shared/ui/page-fallback.tsx';
import { TabBar } from '../shared/ui/tab-bar.tsx';
import { TAB_SCREENS, tabScreenOf } from './tab-screens.ts';

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/**
 * The frame around every screen. Tab screens (spec §2) are kept alive: once visited each renders inside its own
 * <Activity>, which hides it (state kept, effects paused) while another screen shows; the other routes render
 * through the <Outlet>. Tab screens get their own scroll position back, every other navigation starts at the top,
 * and every navigation makes sure the live socket is connecting.
 */
export function AppShell() {
  const location = useLocation();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const tab = tabScreenOf(location.pathname);
  const activePath =
    tab && (!tab.auth || loggedIn) ? (Object.keys(TAB_SCREENS).find((p) => TAB_SCREENS[p] === tab) ?? null) : null;

  // Visited tab screens; login-only ones are dropped (and so reset) when the user logs out.
  const [visited, setVisited] = useState<string[]>([]);
  let kept = loggedIn ? visited : visited.filter((p) => !TAB_SCREENS[p]?.auth);
  if (activePath && !kept.includes(activePath)) kept = [...kept, activePath];
  if (!sameList(kept, visited)) setVisited(kept);

  // Scroll: remember each tab screen's position while it is shown; restore it on return, else go to the top.
  const scrollByTab = useRef(new Map<string, number>());
  const scrollOwner = useRef<string | null>(null);
  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (scrollOwner.current) scrollByTab.current.set(scrollOwner.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    scrollOwner.current = activePath;
    window.scrollTo(0, activePath ? (scrollByTab.current.get(activePath) ?? 0) : 0);
  }, [location.key, activePath]);

  useEffect(() => {
    // In a task of its own: creating a socket takes the main thread ~20 ms in Chromium (measured), which would
    // otherwise lengthen the task that commits the first screen.
    let mounted = true;
    void nextTask().then(() => mounted && realtime.connect());
    return () => {
      mounted = false;
    };
  }, [location.key]);

  return (
    <>
      {kept.map((path) => {
        const screen = TAB_SCREENS[path];
        if (!screen) return null;
        const { Component } = screen;
        return (
          <Activity key={path} mode={path === activePath ? 'visible' : 'hidden'} name={screen.name}>
            <Suspense fallback={<PageFallback />}>
              <Component />
            </Suspense>
          </Activity>
        );
      })}
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {activePath && <TabBar />}
    </>
  );
}
