import { micros, roundMicros, type Micros } from './money.ts';

/**
 * The trader's statement (issue 21, DESIGN §13): the period a statement covers, in the trader's time zone, and its
 * totals. Money stays in integer micros here; the edges (JSON, CSV, PDF) format it.
 */

/** The longest period one statement covers, in calendar days (both ends included). */
export const MAX_STATEMENT_DAYS = 366;

/**
 * A closed trade's money: realised P/L, the fee it paid, its overnight financing (negative: charged) and the account
 * type's commission charged on it (DESIGN §16; none when absent).
 */
export interface StatementTradeMoney {
  profit: Micros;
  fee: Micros;
  swap: Micros;
  commission?: Micros;
}

/**
 * A cash movement outside trading, signed as it moved the cash (a withdrawal negative; its fee kept apart), or a move
 * of credit (issue 32: a bonus in or out, apart from the cash).
 */
export interface StatementFundsMoney {
  /** `copy`: copy trading (issue 34): money into or back from a copy account, and copy fees paid or earned. */
  kind: 'deposit' | 'withdrawal' | 'adjustment' | 'credit' | 'copy';
  amount: Micros;
  fee: Micros;
}

export interface StatementTotals {
  trades: number;
  profit: Micros;
  fees: Micros;
  swap: Micros;
  commissions: Micros;
  /** P/L − fees − commissions + swap: what the closed trades earned. */
  net: Micros;
  deposits: Micros;
  /** The amounts paid out, positive; their fees (included) apart. */
  withdrawals: Micros;
  withdrawalFees: Micros;
  /** Signed: credits positive. */
  adjustments: Micros;
  /** Credit (bonuses) in less credit out: never cash, so apart from the adjustments. */
  credit: Micros;
  /** Copy trading: into copy accounts (negative), back from them, fees paid (negative) or earned. */
  copy: Micros;
}

/**
 * An amount as a statement row shows it: to the cent, half away from zero (the edges print 2 decimals). Totals add
 * these, so a total is always the sum of the rows above it; summing the exact micros instead left the P/L total a
 * cent off its rows (issue 33).
 */
export const statementCents = (m: Micros): Micros => roundMicros(m, 2);

/** A closed trade's net result as its row shows it: its P/L less its fee and commission plus its swap, each to the cent. */
export const tradeNet = (t: StatementTradeMoney): Micros =>
  micros(statementCents(t.profit) - statementCents(t.fee) - statementCents(t.commission ?? micros(0)) + statementCents(t.swap));

/** The statement's totals: exact sums of its rows as they are shown (each to the cent: statementCents). */
export function statementTotals(trades: readonly StatementTradeMoney[], funds: readonly StatementFundsMoney[]): StatementTotals {
  const c = statementCents;
  let profit = 0n;
  let fees = 0n;
  let swap = 0n;
  let commissions = 0n;
  for (const t of trades) {
    profit += c(t.profit);
    fees += c(t.fee);
    swap += c(t.swap);
    commissions += c(t.commission ?? micros(0));
  }
  let deposits = 0n;
  let withdrawals = 0n;
  let withdrawalFees = 0n;
  let adjustments = 0n;
  let credit = 0n;
  let copy = 0n;
  for (const f of funds) {
    if (f.kind === 'deposit') deposits += c(f.amount);
    else if (f.kind === 'withdrawal') {
      withdrawals -= c(f.amount);
      withdrawalFees += c(f.fee);
    } else if (f.kind === 'credit') credit += c(f.amount);
    else if (f.kind === 'copy') copy += c(f.amount);
    else adjustments += c(f.amount);
  }
  return {
    trades: trades.length,
    profit: micros(profit),
    fees: micros(fees),
    swap: micros(swap),
    commissions: micros(commissions),
    net: micros(profit - fees - commissions + swap),
    deposits: micros(deposits),
    withdrawals: micros(withdrawals),
    withdrawalFees: micros(withdrawalFees),
    adjustments: micros(adjustments),
    credit: micros(credit),
    copy: micros(copy),
  };
}

// Dates and time zones

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` to days since 1970-01-01, or undefined when it is no real calendar date. */
export function calendarDay(date: string): number | undefined {
  const m = DAY.exec(date);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return undefined;
  return ms / DAY_MS;
}

/** Whether `tz` is an IANA time zone name the runtime knows ("Europe/London", "UTC"); offsets like "+01:00" are not. */
export function isTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock fields of the instant `ms` in `tz`. */
function wallClock(ms: number, tz: string) {
  const parts: Record<string, string> = {};
  for (const p of formatterOf(tz).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `tz`'s wall clock is ahead of UTC at the instant `ms` (milliseconds, whole seconds). */
function offsetAt(ms: number, tz: string): number {
  const w = wallClock(ms, tz);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant (unix ms) the calendar day `day` (days since 1970-01-01) begins in `tz`: its midnight, or where a
 * clock change skips midnight, the first moment of that day.
 */
export function zonedDayStart(day: number, tz: string): number {
  const wall = day * DAY_MS;
  let guess = wall - offsetAt(wall, tz);
  // Once more with the offset at the guess itself (a change between the two), then the day's first moment.
  guess = wall - offsetAt(guess, tz);
  const w = wallClock(guess, tz);
  const startDay = Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;
  if (startDay < day) guess += DAY_MS - (w.hour * 3600 + w.minute * 60 + w.second) * 1000;
  return guess;
}

/** `YYYY-MM-DD HH:mm:ss` of the instant `ms` on `tz`'s wall clock. */
export function zonedTimeText(ms: number, tz: string): string {
  const w = wallClock(ms, tz);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

export type StatementPeriodProblem = 'from' | 'to' | 'order' | 'too_long' | 'tz';

/**
 * The instants a statement from `from` to `to` (calendar days in `tz`, both included) covers: `[start, end)` unix ms;
 * or what is wrong with it.
 */
export function statementPeriod(
  from: string,
  to: string,
  tz: string,
): { ok: true; start: number; end: number; days: number } | { ok: false; problem: StatementPeriodProblem } {
  if (!isTimeZone(tz)) return { ok: false, problem: 'tz' };
  const first = calendarDay(from);
  if (first === undefined) return { ok: false, problem: 'from' };
  const last = calendarDay(to);
  if (last === undefined) return { ok: false, problem: 'to' };
  if (last < first) return { ok: false, problem: 'order' };
  const days = last - first + 1;
  if (days > MAX_STATEMENT_DAYS) return { ok: false, problem: 'too_long' };
  return { ok: true, start: zonedDayStart(first, tz), end: zonedDayStart(last + 1, tz), days };
}
