import type { Lang } from '@tradepad/contracts';
import { micros, tradeNet, zonedTimeText } from '@tradepad/domain';
import { translate } from '../../i18n/translate.ts';
import { fundsMemo, lotsText, money2, priceText, type Statement } from './statements.service.ts';

/** The byte order mark that makes Excel read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

/**
 * A text cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return first) gets
 * a leading apostrophe, so it shows as text (OWASP CSV injection). Numbers are written by us and left alone.
 */
export function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field quoted as RFC 4180 asks when it holds a comma, a quote or a line break (quotes doubled). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

const line = (cells: readonly string[]) => cells.map(csvField).join(',');

/**
 * The statement as CSV (RFC 4180, CRLF, UTF-8 with a BOM for Excel), headings and labels in `lang`: one row per closed
 * trade, then per cash movement, then the totals, in one table. Times in the statement's zone, money to 2 decimals.
 */
export function statementCsv(s: Statement, lang: Lang): string {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(lang, key, params);
  const header = [
    t('statement.col_type'),
    t('statement.col_ref'),
    t('statement.col_time'),
    t('statement.col_open_time'),
    t('statement.col_symbol'),
    t('statement.col_side'),
    t('statement.col_lots'),
    t('statement.col_open_price'),
    t('statement.col_close_price'),
    t('statement.col_profit'),
    t('statement.col_fee'),
    t('statement.col_swap'),
    t('statement.col_amount'),
    t('statement.col_description'),
  ].map(safeText);
  const time = (ms: number) => zonedTimeText(ms, s.tz);
  const rows: string[][] = [header];
  for (const r of s.trades) {
    const net = tradeNet({ profit: micros(r.profit), fee: micros(r.fee), swap: micros(r.swap) });
    rows.push([
      safeText(t('statement.kind_trade')),
      String(r.id),
      time(r.closed_at),
      time(r.opened_at),
      safeText(r.code),
      safeText(t(r.side === 2 ? 'statement.sell' : 'statement.buy')),
      lotsText(r.lots),
      priceText(r.open_price, r.precision),
      priceText(r.close_price, r.precision),
      money2(r.profit),
      money2(r.fee),
      money2(r.swap),
      money2(net),
      r.parent_id ? safeText(t('statement.partial', { ref: r.parent_id })) : '',
    ]);
  }
  const kindKey = {
    deposit: 'statement.kind_deposit',
    withdrawal: 'statement.kind_withdrawal',
    adjustment: 'statement.kind_adjustment',
  } as const;
  for (const f of s.funds) {
    rows.push([
      safeText(t(kindKey[f.kind])),
      String(f.id),
      time(f.created_at),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      f.fee === 0n ? '' : money2(f.fee),
      '',
      money2(f.amount),
      safeText(fundsMemo(lang, f)),
    ]);
  }
  const total = safeText(t('statement.kind_total'));
  const k = s.totals;
  const totalRow = (label: string, amount: bigint, extra: Partial<Record<'count' | 'profit' | 'fee' | 'swap', string>> = {}) => [
    total,
    extra.count ?? '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    extra.profit ?? '',
    extra.fee ?? '',
    extra.swap ?? '',
    money2(amount),
    safeText(label),
  ];
  rows.push(
    totalRow(t('statement.total_net'), k.net, {
      count: String(k.trades),
      profit: money2(k.profit),
      fee: money2(k.fees),
      swap: money2(k.swap),
    }),
    totalRow(t('statement.total_deposits'), k.deposits),
    totalRow(t('statement.total_withdrawals'), -k.withdrawals, { fee: money2(k.withdrawalFees) }),
    totalRow(t('statement.total_adjustments'), k.adjustments),
  );
  return UTF8_BOM + rows.map(line).join('\r\n') + '\r\n';
}
