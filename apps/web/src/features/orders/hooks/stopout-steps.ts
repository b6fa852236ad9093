import type { TradeItem } from '@tradepad/contracts/market/constants';

/**
 * How a stop-out report's step names its instrument (issue 33: "BTCUSD" where the app says "BTC/USD"): the report
 * keeps the instrument's code, the app shows its display code and writes its price in the instrument's digits. A code
 * no longer in the list shows as it came, its price in the digits it was written with.
 */
export function stepInstrument(
  items: readonly Pick<TradeItem, 'Code' | 'ShowCode' | 'PricePrecision'>[] | undefined,
  code: string,
  price: number,
): { name: string; precision: number } {
  const item = items?.find((i) => i.Code === code);
  if (item) return { name: item.ShowCode || item.Code, precision: item.PricePrecision };
  return { name: code, precision: (String(price).split('.')[1] ?? '').length };
}
