import { lazy, type ReactNode } from 'react';
import { isDemo, useUserStore } from '../store/user.store.ts';

const OnlyRealNotice = lazy(() => import('./only-real-notice.tsx'));

/**
 * The real-account-only screens (spec §6, DESIGN §6): a demo user gets the only-real-account message on the
 * screen's own page (same name, title and back arrow) instead of the screen, so nothing of it loads or calls. Light
 * enough for the router's bundle: the notice itself loads only when shown.
 */
export function RealOnly({
  name,
  titleKey,
  back,
  children,
}: {
  name: string;
  titleKey: string;
  back: string;
  children: ReactNode;
}) {
  const demo = useUserStore((s) => isDemo(s.profile));
  if (!demo) return <>{children}</>;
  return <OnlyRealNotice name={name} titleKey={titleKey} back={back} />;
}
