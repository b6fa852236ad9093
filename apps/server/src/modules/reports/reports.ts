import { REPORT_CSV_COLUMNS, type DailyReportRow, type MonthlyReportRow } from '@tradepad/contracts';
import { csvLine, exactMoney as exactMicros, micros } from '@tradepad/domain';

/** Micros (as the ledger sums them) as an exact decimal string with at least 2 decimals. */
export const exactMoney = (v: bigint): string => exactMicros(micros(v));
import type { DaySums } from './reports.repository.ts';
import { DAY_MS } from '../../core/time.ts';

/** The longest range one report covers: daily rows for about three years, monthly for ten. */
export const MAX_REPORT_DAYS = 3_700;

type Figures = Omit<DailyReportRow, 'date'>;

/** A day's figures, signed from the house's and the business's point of view (see the report schema). */
function figures(s: DaySums | undefined): Record<keyof Figures, bigint> {
  const h = s?.house ?? {};
  return {
    deposits: -(h.deposits ?? 0n),
    withdrawals: h.withdrawals ?? 0n,
    fees: h.fees ?? 0n,
    trading_pnl: h.trading ?? 0n,
    write_offs: -(h.writeoffs ?? 0n),
    adjustments: s?.adjustments ?? 0n,
  };
}

const text = (f: Record<keyof Figures, bigint>): Figures => ({
  deposits: exactMoney(f.deposits),
  withdrawals: exactMoney(f.withdrawals),
  fees: exactMoney(f.fees),
  trading_pnl: exactMoney(f.trading_pnl),
  write_offs: exactMoney(f.write_offs),
  adjustments: exactMoney(f.adjustments),
});

/** `YYYY-MM-DD` (UTC) to days since the epoch, or undefined when it is no real date. */
export function dayNumber(date: string): number | undefined {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return undefined;
  return ms / DAY_MS;
}

const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to` (day numbers, inclusive), with zeros where nothing moved. */
export function dailyRows(from: number, to: number, sums: readonly DaySums[]): DailyReportRow[] {
  const byDay = new Map(sums.map((s) => [s.day, s]));
  const rows: DailyReportRow[] = [];
  for (let d = from; d <= to; d++) rows.push({ date: dateOf(d), ...text(figures(byDay.get(d))) });
  return rows;
}

/** Every month touched by `from`..`to` (day numbers, inclusive), each the sum of its days in the range. */
export function monthlyRows(from: number, to: number, sums: readonly DaySums[]): MonthlyReportRow[] {
  const byDay = new Map(sums.map((s) => [s.day, s]));
  const months = new Map<string, Record<keyof Figures, bigint>>();
  for (let d = from; d <= to; d++) {
    const month = dateOf(d).slice(0, 7);
    const f = figures(byDay.get(d));
    const m = months.get(month);
    if (!m) months.set(month, f);
    else for (const k of Object.keys(f) as Array<keyof Figures>) m[k] += f[k];
  }
  return [...months].map(([month, f]) => ({ month, ...text(f) }));
}

/** The report as CSV: a machine-readable header whatever the language (DESIGN §11), one line per period. */
export function reportCsv(first: 'date' | 'month', rows: ReadonlyArray<Record<string, string>>): string {
  return [[first, ...REPORT_CSV_COLUMNS], ...rows.map((r) => [r[first], ...REPORT_CSV_COLUMNS.map((c) => r[c])])]
    .map(csvLine)
    .join('');
}
