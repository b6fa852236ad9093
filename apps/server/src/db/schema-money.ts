import type { Generated } from 'kysely';

/** The tables of money: deposits, withdrawals, the ledger, balance adjustments and the changes queue (see schema.ts). */

/** A coin deposit channel (type 0) or a bank currency with its wire details (type 1). */
export interface DepositChannelsTable {
  id: Generated<number>;
  type: number;
  currency_code: string;
  protocol_code: string;
  address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
  /** Units of the currency one USD buys, decimal string. */
  usd_price: string;
  min_amount: string;
  max_amount: string;
  precision: number;
  enabled: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

/** A deposit: 0 unreviewed → 1 credited | 2 rejected | 3 invalid (DESIGN §6). */
export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  channel_id: number;
  currency_code: string;
  protocol_code: string;
  /** Micro-units of the deposit's currency. */
  amount: number;
  /** Micro-units of USD credited on approval. */
  usd_amount: number;
  proof_name: string;
  from_address: string;
  status: number;
  remark: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
}

export interface DrawCurrenciesTable {
  id: Generated<number>;
  /** 1 coin, 2 bank. */
  type: number;
  code: string;
  protocol: string;
  draw_rate: string;
  fee_type: number;
  usd_price: string;
  min_amount: string;
  max_amount: string;
  precision: number;
  enabled: number;
  sort: number;
  created_at: number;
  updated_at: number;
}

export interface DrawMethodsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_id: number;
  dc_address: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  remark: string;
  created_at: number;
  deleted_at: number | null;
}

/** A withdrawal: 0 unreviewed → 1 paid | 2 rejected. Amount and fee in USD micros, received in the currency's. */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  type: number;
  draw_currency_id: number;
  method_id: number;
  code: string;
  protocol: string;
  address: string;
  bank_name: string;
  payee_name: string;
  payee_account: string;
  amount: number;
  fee: number;
  received: number;
  memo: string;
  status: number;
  remark: string;
  transfer_ref: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  /** `user:<id>` for a user's accounts, `house` for the broker's. */
  owner: string;
  user_id: number | null;
  /** cash, margin, locked for users; fees, trading, deposits, withdrawals, writeoffs, demo_funding, adjustments for the house. */
  kind: string;
  currency: string;
  /** Cached sum of this account's postings, in micro-units; the ledger checker verifies it. */
  balance: number;
}

export interface JournalEntriesTable {
  id: Generated<number>;
  /** Entry type code, e.g. `demo_funding`. */
  type: string;
  ref_type: string;
  ref_id: string;
  /** The user this entry concerns, for listing a user's history; null for house-only entries. */
  user_id: number | null;
  memo_key: string;
  created_at: number;
}

export interface PostingsTable {
  id: Generated<number>;
  entry_id: number;
  account_id: number;
  /** Micro-units; the postings of one entry sum to zero. */
  amount: number;
}

/** A balance adjustment: 0 waiting for a second staff member → 1 credited | 2 rejected; amount signed micro-units. */
export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  kind: string;
  reason: string;
  status: number;
  remark: Generated<string>;
  created_by: number;
  created_at: number;
  reviewed_by: number | null;
  reviewed_at: number | null;
  /** Which balance it moves (migration 035): 'cash', or 'credit' for a bonus made since credit exists. */
  balance: Generated<string>;
}

/**
 * A change waiting for a second staff member (migration 030, DESIGN §16 "Insiders"): 0 pending → 1 approved (applied)
 * | 2 rejected. `after_json` is what takes effect; `before_json` the state when it was asked for.
 */
export interface ChangesTable {
  id: Generated<number>;
  kind: string;
  target: string;
  before_json: string | null;
  after_json: string;
  status: Generated<number>;
  remark: Generated<string>;
  created_by: number;
  created_at: number;
  reviewed_by: number | null;
  reviewed_at: number | null;
}
