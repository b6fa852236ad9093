import type { TradeItem } from '@tradepad/contracts/market/constants';
import { useSelectionStore } from '../store/selection.store.ts';

/** The instrument the trade screen shows: the one selected, else the first of the list. */
export function useSelectedInstrument(items: readonly TradeItem[] | undefined): TradeItem | undefined {
  const selected = useSelectionStore((s) => s.selected);
  if (!items || items.length === 0) return undefined;
  if (selected) {
    const match = items.find((i) => i.Id === selected.forexId) ?? items.find((i) => i.Code === selected.code);
    if (match) return match;
  }
  return items[0];
}
