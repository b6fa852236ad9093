import type { Lang } from '@tradepad/contracts';
import { csvField, safeText, zonedTimeText } from '@tradepad/domain';
import { translate } from '../../i18n/translate.ts';
import { FUNDS_KIND_KEY, fundsMemo, money2, tradeTexts, type Statement } from './statements.service.ts';

/** The byte order mark that makes Excel read the file as UTF-8. */
export const UTF8_BOM = '\uFEFF';

const line = (cells: readonly string[]) => cells.map(csvField).join(',');

/** The table's columns in order; each heading is the message `statement.col_<name>`. */
const COLUMNS = [
  'type',
  'ref',
  'time',
  'open_time',
  'symbol',
  'side',
  'lots',
  'open_price',
  'close_price',
  'profit',
  'fee',
  'swap',
  'amount',
  'description',
  // Last, so the columns before keep their places (issue 32: the account type's commission).
  'commission',
] as const;
type ColumnName = (typeof COLUMNS)[number];

/** A row of the one table: the cells it has, the other columns empty. */
const row = (cells: Partial<Record<ColumnName, string>>): string[] => COLUMNS.map((c) => cells[c] ?? '');

/**
 * The statement as CSV (RFC 4180, CRLF, UTF-8 with a BOM for Excel), headings and labels in `lang`: one row per closed
 * trade, then per cash movement, then the totals, in one table. Times in the statement's zone, money to 2 decimals.
 */
export function statementCsv(s: Statement, lang: Lang): string {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(lang, key, params);
  const time = (ms: number) => zonedTimeText(ms, s.tz);
  const rows: string[][] = [COLUMNS.map((c) => safeText(t(`statement.col_${c}`)))];
  for (const r of s.trades) {
    const x = tradeTexts(r);
    rows.push(
      row({
        type: safeText(t('statement.kind_trade')),
        ref: String(r.id),
        time: time(r.closed_at),
        open_time: time(r.opened_at),
        symbol: safeText(r.code),
        side: safeText(t(r.side === 2 ? 'statement.sell' : 'statement.buy')),
        lots: x.lots,
        open_price: x.openPrice,
        close_price: x.closePrice,
        profit: x.profit,
        fee: x.fee,
        commission: x.commission,
        swap: x.swap,
        amount: x.net,
        description: r.parent_id ? safeText(t('statement.partial', { ref: r.parent_id })) : '',
      }),
    );
  }
  for (const f of s.funds) {
    rows.push(
      row({
        type: safeText(t(FUNDS_KIND_KEY[f.kind])),
        ref: String(f.id),
        time: time(f.created_at),
        fee: f.fee === 0n ? '' : money2(f.fee),
        amount: money2(f.amount),
        description: safeText(fundsMemo(lang, f)),
      }),
    );
  }
  const total = safeText(t('statement.kind_total'));
  const k = s.totals;
  // A total row: its label in the description; the net row carries the number of trades in the reference column.
  const totalRow = (
    label: string,
    amount: bigint,
    extra: Partial<Record<'ref' | 'profit' | 'fee' | 'commission' | 'swap', string>> = {},
  ) => row({ type: total, ...extra, amount: money2(amount), description: safeText(label) });
  rows.push(
    totalRow(t('statement.total_net'), k.net, {
      ref: String(k.trades),
      profit: money2(k.profit),
      fee: money2(k.fees),
      commission: money2(k.commissions),
      swap: money2(k.swap),
    }),
    totalRow(t('statement.total_deposits'), k.deposits),
    totalRow(t('statement.total_withdrawals'), -k.withdrawals, { fee: money2(k.withdrawalFees) }),
    totalRow(t('statement.total_adjustments'), k.adjustments),
    totalRow(t('statement.total_credit'), k.credit),
  );
  return UTF8_BOM + rows.map(line).join('\r\n') + '\r\n';
}
