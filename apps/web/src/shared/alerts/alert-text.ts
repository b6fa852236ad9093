import type { AlertCondition } from '@tradepad/contracts/alerts/constants';

/** Whether `text` is a price the instrument can watch: positive, at most `precision` decimals ("," read as "."). */
export function alertPriceProblem(text: string, precision: number): 'empty' | 'invalid' | 'digits' | null {
  const clean = text.replace(',', '.').trim();
  if (clean === '') return 'empty';
  if (!/^\d+(\.\d+)?$/.test(clean) || Number(clean) <= 0) return 'invalid';
  const decimals = clean.split('.')[1] ?? '';
  if (decimals.replace(/0+$/, '').length > precision) return 'digits';
  return null;
}

/** The sheet's starting price: the bid written with the instrument's digits, or empty without one. */
export function startPrice(bid: number | undefined, precision: number): string {
  return bid === undefined || !Number.isFinite(bid) || bid <= 0 ? '' : bid.toFixed(precision);
}

/** The condition in words: "Bid at or above" / "Bid at or below". */
export const conditionKey = (c: AlertCondition) => (c === 'above' ? 'alerts.above' : 'alerts.below');
