import {
  STATEMENT_MAX_ROWS,
  type Lang,
  type StatementFormat,
  type StatementParams,
  type StatementView,
} from '@tradepad/contracts';
import {
  formatLots,
  formatMoney,
  lots,
  micros,
  statementPeriod,
  statementTotals,
  tradeNet,
  MAX_STATEMENT_DAYS,
  type StatementFundsMoney,
  type StatementTotals,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { UserRow } from '../../db/schema.ts';
import { translate } from '../../i18n/translate.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { StatementFundsRow, StatementTradeRow, StatementsRepository } from './statements.repository.ts';

/** One statement's content, money still in micros: what the JSON, CSV and PDF are written from. */
export interface Statement {
  from: string;
  to: string;
  tz: string;
  start: number;
  end: number;
  /** The broker's name (setting `site_name`) and the trader's account (e-mail, else phone, else uid). */
  broker: string;
  account: string;
  /** When it was made (unix ms). */
  generatedAt: number;
  trades: StatementTradeRow[];
  funds: Array<StatementFundsRow & { kind: StatementFundsMoney['kind'] }>;
  totals: StatementTotals;
}

const COPY_TYPES = new Set(['copy_funded', 'copy_returned', 'performance_fee', 'management_fee']);

const kindOf = (type: string): StatementFundsMoney['kind'] =>
  type === 'deposit'
    ? 'deposit'
    : type === 'withdraw_paid'
      ? 'withdrawal'
      : type === 'credit'
        ? 'credit'
        : COPY_TYPES.has(type)
          ? 'copy'
          : 'adjustment';

/** A price in points written in the instrument's precision, exactly ("1.08500"). */
export function priceText(points: number, precision: number): string {
  if (precision <= 0) return String(points);
  const negative = points < 0;
  const digits = String(Math.abs(points)).padStart(precision + 1, '0');
  const text = `${digits.slice(0, -precision)}.${digits.slice(-precision)}`;
  return negative ? `-${text}` : text;
}

export const money2 = (v: bigint): string => formatMoney(micros(v), 2);
export const lotsText = (l: number): string => formatLots(lots(l));

/**
 * A closed trade's figures as every form of the statement writes them (JSON, CSV, PDF): lots, the prices exactly in
 * the instrument's digits, money to 2 decimals, and the net (profit, fee and swap together).
 */
export function tradeTexts(r: StatementTradeRow) {
  return {
    lots: lotsText(r.lots),
    openPrice: priceText(r.open_price, r.precision),
    closePrice: priceText(r.close_price, r.precision),
    profit: money2(r.profit),
    fee: money2(r.fee),
    swap: money2(r.swap),
    commission: money2(r.commission),
    net: money2(tradeNet(tradeMoney(r))),
  };
}

/** A closed trade's money as the domain sums it. */
const tradeMoney = (r: StatementTradeRow) => ({
  profit: micros(r.profit),
  fee: micros(r.fee),
  swap: micros(r.swap),
  commission: micros(r.commission),
});

/** The message that names each kind of cash movement in the CSV and the PDF. */
export const FUNDS_KIND_KEY = {
  deposit: 'statement.kind_deposit',
  withdrawal: 'statement.kind_withdrawal',
  adjustment: 'statement.kind_adjustment',
  credit: 'statement.kind_credit',
  copy: 'statement.kind_copy',
} as const;

/** A statement's memo of a cash movement in `lang` (the ledger's own wording). */
export const fundsMemo = (lang: Lang, f: StatementFundsRow): string =>
  translate(lang, f.memo_key, { order: f.ref_id, ref: f.ref_id });

/**
 * The trader's statement (issue 21 point 3, DESIGN §13): the period checked in the trader's time zone, the rows read
 * (at most the format's cap, refused beyond with a clear message), totals summed exactly by the domain.
 */
export class StatementsService {
  constructor(private readonly d: { repo: StatementsRepository; settings: SettingsService; clock: Clock }) {}

  async statement(user: UserRow, p: StatementParams): Promise<Statement> {
    const period = statementPeriod(p.from, p.to, p.tz);
    if (!period.ok) {
      if (period.problem === 'tz') throw refuse('err.statement_tz');
      if (period.problem === 'too_long') throw refuse('err.statement_range', { days: MAX_STATEMENT_DAYS });
      throw refuse('err.statement_dates');
    }
    const max = STATEMENT_MAX_ROWS[p.format];
    // One more than the cap of each: more than the cap in all is refused, never cut silently.
    const [trades, funds] = await Promise.all([
      this.d.repo.trades(user.id, period.start, period.end, max + 1),
      this.d.repo.funds(user.id, period.start, period.end, max + 1),
    ]);
    if (trades.length + funds.length > max) throw tooMany(p.format);
    const typed = funds.map((f) => ({ ...f, kind: kindOf(f.type) }));
    const totals = statementTotals(
      trades.map(tradeMoney),
      typed.map((f) => ({ kind: f.kind, amount: micros(f.amount), fee: micros(f.fee) })),
    );
    return {
      from: p.from,
      to: p.to,
      tz: p.tz,
      start: period.start,
      end: period.end,
      broker: await this.d.settings.get('site_name'),
      account: user.email ?? user.phone ?? user.uid,
      generatedAt: this.d.clock.now(),
      trades,
      funds: typed,
      totals,
    };
  }

  /** The JSON answer: money as 2-decimal strings, memos in `lang`. */
  view(s: Statement, lang: Lang): StatementView {
    return {
      from: s.from,
      to: s.to,
      tz: s.tz,
      start: s.start,
      end: s.end,
      trades: s.trades.map((t) => {
        const x = tradeTexts(t);
        return {
          Id: t.id,
          ParentId: t.parent_id,
          Code: t.code,
          OrderType: t.side === 2 ? 2 : 1,
          Quantity: x.lots,
          OpenPrice: x.openPrice,
          ClosePrice: x.closePrice,
          OpenedAt: t.opened_at,
          ClosedAt: t.closed_at,
          Profit: x.profit,
          Fee: x.fee,
          Swap: x.swap,
          Commission: x.commission,
          Net: x.net,
        };
      }),
      funds: s.funds.map((f) => ({
        Id: f.id,
        Kind: f.kind,
        Type: f.type,
        Memo: fundsMemo(lang, f),
        At: f.created_at,
        Amount: money2(f.amount),
        Fee: money2(f.fee),
      })),
      totals: {
        trades: s.totals.trades,
        profit: money2(s.totals.profit),
        fees: money2(s.totals.fees),
        swap: money2(s.totals.swap),
        commissions: money2(s.totals.commissions),
        net: money2(s.totals.net),
        deposits: money2(s.totals.deposits),
        withdrawals: money2(s.totals.withdrawals),
        withdrawal_fees: money2(s.totals.withdrawalFees),
        adjustments: money2(s.totals.adjustments),
        credit: money2(s.totals.credit),
        copy: money2(s.totals.copy),
      },
    };
  }
}

const tooMany = (format: StatementFormat) =>
  refuse('err.statement_too_many', { max: STATEMENT_MAX_ROWS[format], format: format.toUpperCase() });
