import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from '../shared/router/router.tsx';

/** Navigation for code outside React (the API client's session-expired redirect). */
let navigateRef: NavigateFunction | null = null;
let pending: { to: string; replace: boolean } | null = null;

export function navigateOutside(to: string, opts?: { replace?: boolean }): void {
  if (navigateRef) void navigateRef(to, { replace: opts?.replace ?? false });
  else pending = { to, replace: opts?.replace ?? false };
}

/** Rendered once inside the router: hands its navigate function to `navigateOutside`. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigateRef = navigate;
    if (pending) {
      void navigate(pending.to, { replace: pending.replace });
      pending = null;
    }
    return () => {
      if (navigateRef === navigate) navigateRef = null;
    };
  }, [navigate]);
  return null;
}
