import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isDemo, useUserStore } from '../shared/store/user.store.ts';
import { toastMessage } from '../shared/ui/toast.ts';

/**
 * Screens a demo account may not use (spec §6: charge, withdraw, wallet, real-name, invite, password). The Me page
 * stops the tap with a toast; this catches an address typed or bookmarked.
 */
export function RequireReal({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const demo = useUserStore((s) => isDemo(s.profile));
  useEffect(() => {
    if (demo) toastMessage(t('msg.onlyRealAccount'));
  }, [demo, t]);
  if (demo) return <Navigate to="/user" replace />;
  return <>{children}</>;
}
