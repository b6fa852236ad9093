import type { TradeItem } from '@tradepad/contracts/market/constants';

/** How long typing rests before the server is asked for names (as the product search waits). */
export const NAME_SEARCH_DELAY_MS = 300;

/**
 * Whether the drawer lists an instrument for a search: its code or display code contains it (ignoring case, slashes
 * and spaces), or the server found it by its name in the reader's language (`foundIds`, DESIGN §17: "gold", "黃金").
 */
export function pickerMatches(item: TradeItem, search: string, foundIds: ReadonlySet<number>): boolean {
  const needle = search.toUpperCase().replace(/[\s/]/g, '');
  if (!needle) return true;
  return (
    item.Code.toUpperCase().includes(needle) ||
    item.ShowCode.toUpperCase().replace(/[\s/]/g, '').includes(needle) ||
    foundIds.has(item.Id)
  );
}
