import { exactMoney, micros, type CsvValue } from '@tradepad/domain';
import { timeText } from '../../core/time.ts';
import type { WithUser } from '../../db/review-queue.ts';
import type { DepositRow, WithdrawalRow } from './wallet.repository.ts';
import { plainAmount } from './wallet.views.ts';

/**
 * The deposits and withdrawals exports (DESIGN §16 "Exports"): machine-readable columns, every amount exact (the
 * deposit's own currency as stored, USD with all its decimals), times in unix ms and as UTC text.
 */

const exact = (v: number | bigint) => exactMoney(micros(v));
const at = (ms: number | null) => (ms === null ? null : Number(ms));
const utc = (ms: number | null) => (ms === null ? null : timeText(Number(ms)));

export const DEPOSIT_CSV_COLUMNS = [
  'id',
  'user_id',
  'user_account',
  'type',
  'status',
  'currency_code',
  'protocol_code',
  'amount',
  'usd_amount',
  'from_address',
  'remark',
  'created_at',
  'created_at_utc',
  'reviewed_at',
  'reviewed_by',
] as const;

export const depositCells = (r: WithUser<DepositRow>): CsvValue[] => [
  r.id,
  r.user_id,
  r.user_account,
  r.type,
  r.status,
  r.currency_code,
  r.protocol_code,
  plainAmount(r.amount),
  exact(r.usd_amount),
  r.from_address,
  r.remark,
  at(r.created_at),
  utc(r.created_at),
  at(r.reviewed_at),
  r.reviewed_by,
];

export const WITHDRAWAL_CSV_COLUMNS = [
  'id',
  'user_id',
  'user_account',
  'type',
  'status',
  'code',
  'protocol',
  'address',
  'bank_name',
  'payee_name',
  'payee_account',
  'amount',
  'fee',
  'received',
  'memo',
  'remark',
  'transfer_ref',
  'created_at',
  'created_at_utc',
  'reviewed_at',
  'reviewed_by',
] as const;

export const withdrawalCells = (r: WithUser<WithdrawalRow>): CsvValue[] => [
  r.id,
  r.user_id,
  r.user_account,
  r.type,
  r.status,
  r.code,
  r.protocol,
  r.address,
  r.bank_name,
  r.payee_name,
  r.payee_account,
  exact(r.amount),
  exact(r.fee),
  exact(r.received),
  r.memo,
  r.remark,
  r.transfer_ref,
  at(r.created_at),
  utc(r.created_at),
  at(r.reviewed_at),
  r.reviewed_by,
];
