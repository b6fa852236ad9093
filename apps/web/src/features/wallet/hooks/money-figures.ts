import type { DrawCurrency } from '@tradepad/contracts/wallet/constants';
import {
  divideRounded,
  formatMoney,
  MICROS_PER_UNIT,
  micros,
  parseMoney,
  parseRate,
  withdrawalFee,
  withdrawalReceived,
} from '@tradepad/domain';
import { normalizeAmount } from './amount-check.ts';

/** A decimal string with at least `min` and at most 6 decimals: "1.500000" → "1.50", "0.050050" → "0.05005". */
export function trimDecimals(text: string, min = 2): string {
  const [whole, frac = ''] = text.split('.');
  let f = frac.replace(/0+$/, '');
  if (f.length < min) f = f.padEnd(min, '0');
  return f ? `${whole}.${f}` : (whole ?? text);
}

/**
 * A withdrawal's fee (USD, up to 6 decimals) and what arrives (in the currency, 2 decimals) as the user types,
 * computed by the shared domain rules the server uses; null while the amount is not a usable number.
 */
export function withdrawalFigures(
  amountText: string,
  currency: Pick<DrawCurrency, 'fee_type' | 'draw_rate' | 'usd_price'>,
): { fee: string; received: string } | null {
  let amount;
  let drawRate;
  let usdPrice;
  try {
    amount = parseMoney(normalizeAmount(amountText));
    drawRate = parseRate(currency.draw_rate);
    usdPrice = parseRate(currency.usd_price);
  } catch {
    return null;
  }
  if (amount <= 0n) return null;
  const fee = withdrawalFee(amount, { feeType: currency.fee_type, drawRate });
  const received = withdrawalReceived(amount, fee, usdPrice);
  return { fee: trimDecimals(formatMoney(fee, 6)), received: formatMoney(received, 2) };
}

/** About how many USD a deposit of `amountText` in a currency worth 1 ÷ `usdPrice` USD brings, 2 decimals. */
export function depositCreditUsd(amountText: string, usdPrice: string): string | null {
  try {
    const amount = parseRate(normalizeAmount(amountText));
    const price = parseRate(usdPrice);
    if (amount <= 0n || price <= 0n) return null;
    return formatMoney(micros(divideRounded(amount * MICROS_PER_UNIT, price, 'half_up')), 2);
  } catch {
    return null;
  }
}
