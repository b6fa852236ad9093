import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../shared/router/router.tsx';
import { useUserStore } from '../shared/store/user.store.ts';
import { loginPathFrom } from './session.ts';

/** Login-required routes send visitors to /login?from=<path+search> (spec §2). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const loggedIn = useUserStore((s) => s.loggedIn);
  const location = useLocation();
  if (!loggedIn) return <Navigate to={loginPathFrom(location.pathname, location.search)} replace />;
  return <>{children}</>;
}
