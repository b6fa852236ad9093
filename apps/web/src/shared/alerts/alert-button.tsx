import { lazy, Suspense, useState } from 'react';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { useTranslation } from '../../i18n/i18n.ts';
import { useLocation, useNavigate } from '../router/router.tsx';
import { useUserStore } from '../store/user.store.ts';

/** The sheet loads on the first tap. */
const AlertSheet = lazy(() => import('./alert-sheet.tsx'));

/**
 * The bell that opens the price alert sheet of an instrument (the trade screen's bar, a markets row). A visitor is
 * sent to sign in first, and comes back here.
 */
export function AlertButton({ item, testId, className }: { item: TradeItem; testId: string; className?: string }) {
  const { t } = useTranslation();
  const loggedIn = useUserStore((s) => s.loggedIn);
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={['icon-button', 'alert-bell', className ?? ''].filter(Boolean).join(' ')}
        aria-haspopup="dialog"
        aria-label={t('alerts.open', { code: item.ShowCode })}
        data-testid={testId}
        onClick={(e) => {
          e.stopPropagation();
          if (!loggedIn) {
            void navigate(`/login?from=${encodeURIComponent(location.pathname + location.search)}`);
            return;
          }
          setWanted(true);
          setOpen(true);
        }}
      >
        <BellIcon />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <AlertSheet item={item} visible={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function BellIcon({ size = 21 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.7H4.5zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
