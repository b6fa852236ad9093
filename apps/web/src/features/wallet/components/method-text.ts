import { DRAW_BANK, type DrawMethod } from '@tradepad/contracts/wallet/constants';

/** The bank account number with all but its last 4 characters hidden. */
export function maskAccount(account: string): string {
  const tail = account.slice(-4);
  return account.length > 4 ? `•••• ${tail}` : account;
}

/** The network worth showing beside a currency: none for a bank currency or when it only repeats the code (BTC). */
export function networkOf(code: string, protocol: string): string {
  return protocol && protocol !== code ? protocol : '';
}

/** "USDT · TRC20", "BTC" or "HSBC · USD": what a bound method is. */
export function methodTitle(m: DrawMethod): string {
  if (m.type === DRAW_BANK) return `${m.bank_name} · ${m.draw_currency.code}`;
  const network = networkOf(m.draw_currency.code, m.draw_currency.protocol);
  return network ? `${m.draw_currency.code} · ${network}` : m.draw_currency.code;
}

/** The address, or the payee and the masked account number. */
export function methodDetail(m: DrawMethod): string {
  if (m.type === DRAW_BANK) return `${m.payee_name} ${maskAccount(m.payee_account)}`;
  return m.dc_address;
}

/** A coin address with its middle hidden (`TR7NHq…jLj6t`), enough to check it against one's wallet at a glance. */
export function maskAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}

/** Where a withdrawal goes, masked: the coin address, or the payee and the account's last 4 characters. */
export function methodDestination(m: DrawMethod): string {
  if (m.type === DRAW_BANK) return `${m.bank_name} · ${m.payee_name} ${maskAccount(m.payee_account)}`;
  return maskAddress(m.dc_address);
}

/** The glyph that stands for a crypto asset in its icon: its currency sign where it has one, else its first letter. */
export function assetGlyph(code: string): string {
  const c = code.trim().toUpperCase();
  const signs: Record<string, string> = { USDT: '₮', BTC: '₿', ETH: 'Ξ', USDC: '$', LTC: 'Ł', TRX: 'T', XRP: 'X' };
  return signs[c] ?? (c.charAt(0) || '¤');
}
