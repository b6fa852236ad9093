import { useCallback } from 'react';
import { useNavigate } from '../../../shared/router/router.tsx';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { useSelectionStore } from '../../../shared/store/selection.store.ts';

/** Tapping an instrument: select it (remembered) and open the trade screen (spec §2). */
export function useOpenInstrument(): (item: TradeItem) => void {
  const navigate = useNavigate();
  const select = useSelectionStore((s) => s.select);
  return useCallback(
    (item: TradeItem) => {
      select({ forexId: item.Id, code: item.Code });
      void navigate('/trade');
    },
    [navigate, select],
  );
}
