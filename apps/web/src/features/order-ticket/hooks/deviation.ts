import type { TradeItem } from '@tradepad/contracts/market/constants';
import { pipPoints } from '@tradepad/domain/trading';
import { readJson, writeStorage } from '../../../shared/lib/storage.ts';

/**
 * The ticket's maximum deviation (DESIGN §12, issue 17): a market order carries the price the trader saw and how many
 * points worse than that it may fill; the engine refuses a worse fill. Remembered per instrument on this device.
 */

const KEY = 'tradepad.deviation';
/** The largest deviation the server takes (packages/contracts trading-params). */
export const MAX_DEVIATION = 100_000_000;

/**
 * The default: three of the ticket's price steps (a pip of the instrument's category, or the spread where that is
 * wider), so 3 pips on EURUSD (30 points), 90 points (0.90) on gold and 6,000 points (60.00) on BTCUSD; 3 dollars on
 * BTCUSD quoted without a spread, not 3 cents.
 */
export function defaultDeviation(item: Pick<TradeItem, 'PricePrecision' | 'Spread' | 'CategoryId'>): number {
  const spread = Number.isSafeInteger(item.Spread) && item.Spread > 0 ? item.Spread : 0;
  return 3 * Math.max(pipPoints(item.PricePrecision, item.CategoryId), spread);
}

/** Whole points from 0 to MAX_DEVIATION, or null. */
export function parseDeviation(text: string): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n <= MAX_DEVIATION ? n : null;
}

function stored(): Record<string, number> {
  const all = readJson<Record<string, unknown>>(KEY);
  if (!all || typeof all !== 'object') return {};
  return Object.fromEntries(
    Object.entries(all).filter((e): e is [string, number] => typeof e[1] === 'number' && parseDeviation(String(e[1])) !== null),
  );
}

/** The deviation last used on this instrument, or its default. */
export function initialDeviation(item: Pick<TradeItem, 'Id' | 'PricePrecision' | 'Spread' | 'CategoryId'>): number {
  return stored()[String(item.Id)] ?? defaultDeviation(item);
}

export function rememberDeviation(forexId: number, points: number): void {
  writeStorage(KEY, JSON.stringify({ ...stored(), [String(forexId)]: points }));
}
