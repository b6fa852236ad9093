import {
  RECORD_COMPLETED,
  RECORD_INVALID,
  RECORD_REJECTED,
  type BankCurrencyOption,
  type DepositCoinOption,
  type DepositRecord,
  type DepositType,
  type DrawCurrency,
  type DrawMethod,
  type DrawType,
  type Lang,
  type RecordStatus,
  type WireInfo,
  type WithdrawalRecord,
} from '@tradepad/contracts';
import { formatMoney, micros, parseMoney, type AmountRule } from '@tradepad/domain';
import { translate } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messages.en.ts';
import { timeText } from '../../core/time.ts';
import type { DepositChannelRow, DepositRow, DrawCurrencyRow, DrawMethodRow, WithdrawalRow } from './wallet.repository.ts';

/** Rows as the app and the back office read them (spec §3). Money columns are micros; limits decimal strings. */

const STATUS_KEYS: Record<number, MessageKey> = {
  [RECORD_COMPLETED]: 'status.completed',
  [RECORD_REJECTED]: 'status.rejected',
  [RECORD_INVALID]: 'status.invalid',
};

export const statusName = (lang: Lang, status: number): string => translate(lang, STATUS_KEYS[status] ?? 'status.unreviewed');

/** Trailing zeros off a decimal string with up to 6 places ('12.500000' → '12.5'). */
export const plainAmount = (value: number | bigint): string => formatMoney(micros(value), 6).replace(/\.?0+$/, '');

/** A channel's amount limits, parsed for checkAmount. */
export function amountRule(row: { precision: number; min_amount: string; max_amount: string }): AmountRule {
  return { precision: row.precision, min: parseMoney(row.min_amount), max: parseMoney(row.max_amount) };
}

const limits = (r: { min_amount: string; max_amount: string; precision: number }) => ({
  min_amount: r.min_amount,
  max_amount: r.max_amount,
  precision: r.precision,
});

export const coinOption = (r: DepositChannelRow): DepositCoinOption => ({
  id: r.id,
  currency_code: r.currency_code,
  protocol_code: r.protocol_code,
  address: r.address,
  usd_price: r.usd_price,
  ...limits(r),
});

export const bankOption = (r: DepositChannelRow): BankCurrencyOption => ({
  id: r.id,
  name: r.currency_code,
  usd_price: r.usd_price,
  ...limits(r),
});

export const wireInfo = (r: DepositChannelRow): WireInfo => ({
  id: r.id,
  currency: r.currency_code,
  bank_name: r.bank_name,
  bank_address: r.bank_address,
  bank_swift: r.bank_swift,
  payee_name: r.payee_name,
  payee_account: r.payee_account,
  bank_remark: r.bank_remark,
});

export const depositRecord = (lang: Lang, r: DepositRow, proofUrl: string): DepositRecord => ({
  id: r.id,
  number: plainAmount(r.amount),
  type: r.type as DepositType,
  currency_code: r.currency_code,
  protocol_code: r.protocol_code,
  usd_amount: formatMoney(micros(r.usd_amount), 2),
  status: r.status as RecordStatus,
  status_name: statusName(lang, r.status),
  remark: r.remark,
  proof_url: proofUrl,
  created_at: timeText(r.created_at),
});

export const drawCurrency = (r: DrawCurrencyRow): DrawCurrency => ({
  id: r.id,
  type: r.type as DrawType,
  code: r.code,
  protocol: r.protocol,
  draw_rate: r.draw_rate,
  fee_type: r.fee_type,
  usd_price: r.usd_price,
  ...limits(r),
});

const currencyRef = (c: { id: number; code: string; protocol: string } | undefined, id: number) => ({
  id,
  code: c?.code ?? '',
  protocol: c?.protocol ?? '',
});

export const drawMethod = (r: DrawMethodRow, currency: DrawCurrencyRow | undefined, usableAt: number): DrawMethod => ({
  id: r.id,
  type: r.type as DrawType,
  draw_id: r.draw_id,
  draw_currency: currencyRef(currency, r.draw_id),
  dc_address: r.dc_address,
  bank_name: r.bank_name,
  bank_address: r.bank_address,
  bank_swift: r.bank_swift,
  payee_name: r.payee_name,
  payee_account: r.payee_account,
  remark: r.remark,
  usable_at: usableAt,
});

export const withdrawalRecord = (lang: Lang, r: WithdrawalRow): WithdrawalRecord => ({
  id: r.id,
  number: formatMoney(micros(r.amount), 2),
  real_number: formatMoney(micros(r.received), 2),
  draw_currency: { id: r.draw_currency_id, code: r.code, protocol: r.protocol },
  fee: formatMoney(micros(r.fee), 2),
  status: r.status as RecordStatus,
  status_name: statusName(lang, r.status),
  type: r.type as DrawType,
  address: r.address,
  bank_name: r.bank_name,
  payee_account: r.payee_account,
  notes: r.memo,
  remark: r.remark,
  transfer_ref: r.transfer_ref,
  created_at: timeText(r.created_at),
});
