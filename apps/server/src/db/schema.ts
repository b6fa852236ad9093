import type { Company } from '@tradepad/contracts';
import type { PricingMode } from '@tradepad/domain';
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Times are unix milliseconds; money columns are integers of 10⁻⁶ USD (micro-units, DESIGN §6).
 * Flags are integers 0/1 so the same SQL runs on SQLite and PostgreSQL.
 */
export interface Database {
  settings: SettingsTable;
  areas: AreasTable;
  companies: CompaniesTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  outbox: OutboxTable;
  staff: StaffTable;
  audit_log: AuditLogTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  categories: CategoriesTable;
  instruments: InstrumentsTable;
  candles: CandlesTable;
  orders: OrdersTable;
  uploads: UploadsTable;
  upload_blobs: UploadBlobsTable;
  deposit_channels: DepositChannelsTable;
  deposits: DepositsTable;
  draw_currencies: DrawCurrenciesTable;
  draw_methods: DrawMethodsTable;
  withdrawals: WithdrawalsTable;
  kyc_applications: KycApplicationsTable;
  news: NewsTable;
  idempotency_keys: IdempotencyKeysTable;
  totp_factors: TotpFactorsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  user_devices: UserDevicesTable;
  rate_counters: RateCountersTable;
  support_messages: SupportMessagesTable;
  support_threads: SupportThreadsTable;
  user_notes: UserNotesTable;
  balance_adjustments: BalanceAdjustmentsTable;
  user_search: UserSearchTable;
  stopout_reports: StopoutReportsTable;
  favourites: FavouritesTable;
  sign_up_consents: SignUpConsentsTable;
  account_links: AccountLinksTable;
  notices: NoticesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_prefs: PushPrefsTable;
  push_vapid: PushVapidTable;
  engine_lease: EngineLeaseTable;
  swap_charges: SwapChargesTable;
  swap_rollovers: SwapRolloversTable;
  price_alerts: PriceAlertsTable;
  alert_counts: AlertCountsTable;
  changes: ChangesTable;
  hedge_orders: HedgeOrdersTable;
  hedge_positions: HedgePositionsTable;
}

/** One stop-out's report (issue 20): levels at the trigger and the orders cancelled and closed, in order, as JSON. */
export interface StopoutReportsTable {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  report: string;
}

/** A limit's counter (DESIGN §10): `count` events in the window that began at `window_start` and ends at `expires_at`. */
export interface RateCountersTable {
  key: string;
  count: number;
  window_start: number;
  expires_at: number;
}

/** A device (`dev:<sha256 of its id>`) or client address (`ip:<address>`) an account has signed in from. */
export interface UserDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_key: string;
  first_seen_at: number;
}

/**
 * An article: category 1 news, 2 announcement; text per language with sanitised HTML content. Traders see it while
 * `published = 1` and `publish_at <= now` (a draft: published 0; scheduled: publish_at still ahead).
 */
export interface NewsTable {
  id: Generated<number>;
  category_id: number;
  logo: string;
  text_json: string;
  published: number;
  /** Unix ms from which a published article reaches traders (later than now: scheduled); null while a draft. */
  publish_at: number | null;
  seed_key: string | null;
  created_at: number;
  updated_at: number;
}

/** An image a user uploaded, re-encoded and stored under `name` in DATA_DIR/uploads (DESIGN §7). */
export interface UploadsTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  mime: string;
  bytes: number;
  width: number;
  height: number;
  sha256: string;
  created_at: number;
}

/** The bytes of an upload, on PostgreSQL (any node serves any image); SQLite keeps them under DATA_DIR/uploads. */
export interface UploadBlobsTable {
  name: string;
  data: Buffer;
}

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

/** A real-name application: 1 waiting → 2 approved | 3 rejected. */
export interface KycApplicationsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  card_id: string;
  front_name: string;
  reverse_name: string;
  status: number;
  remark: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
}

/** An order: prices in points, money in micro-units, lots in 10⁻⁴ lots (DESIGN §5–6). */
export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  is_demo: number;
  instrument_id: number;
  /** 1 buy, 2 sell. */
  side: number;
  /** 0 pending, 1 holding, 3 closed, 4 cancelled. */
  status: number;
  /** market, buy_limit, buy_stop, sell_limit, sell_stop. */
  kind: string;
  lots: number;
  leverage: number;
  /** The price asked for: a pending order's level, the quote at submission for a market order. */
  order_price: number;
  /** Fill price; 0 while pending. */
  open_price: number;
  /** Exit price; 0 while open. */
  close_price: number;
  /** 0 = none. */
  stop_loss: number;
  take_profit: number;
  margin: number;
  fee: number;
  /** Realised P/L once closed. */
  profit: number;
  /** 0 while open; ClosedType otherwise. */
  closed_type: number;
  created_at: number;
  opened_at: number;
  closed_at: number;
  /** Trailing stop distance in points; 0 = none (migration 019). */
  trailing_distance: Generated<number>;
  /** A pending order's expiry, unix seconds; 0 = until cancelled. */
  expire_at: Generated<number>;
  /** Overnight financing charged so far, micros (0 until swaps are charged). */
  swap: Generated<number>;
  /** The position a partial close was taken from; 0 = none. */
  parent_id: Generated<number>;
  /** The fill's execution receipt (JSON, see trading/receipt.ts); null while pending or before migration 019. */
  receipt: string | null;
}

export type OrderRow = Selectable<OrdersTable>;

export interface CategoriesTable {
  id: number;
  code: string;
  sort: number;
  /** Names in the 14 languages, a JSON object keyed by language code. */
  names_json: string;
}

export interface InstrumentsTable {
  id: number;
  code: string;
  show_code: string;
  category_id: number;
  base: string;
  quote: string;
  precision: number;
  contract_size: number;
  lot_step: string;
  min_lots: string;
  max_lots: string;
  spread_points: number;
  fee_rate: string;
  margin_mode: number;
  leverages_json: string;
  /** MarketHours as JSON: time zone, weekly sessions, rollover. */
  hours_json: string;
  start_price: string;
  enabled: number;
  sort: number;
  /** 1: new orders refused, closing allowed (migration 014). */
  close_only: Generated<number>;
  /** USD per lot per night, exact decimal text (DESIGN §12). */
  swap_long: Generated<string>;
  swap_short: Generated<string>;
  /** Weekday 0–6 (0 = Sunday) whose rollover charges three nights. */
  swap_triple_day: Generated<number>;
  /** Published pricing, `fixed` or `markup` (migration 027, DESIGN §14). */
  pricing: Generated<PricingMode>;
  /** `markup`: points added to each side of the source's quote. */
  markup_points: Generated<number>;
  /** 'none' | 'all' | 'net' (migration 031, DESIGN §14). */
  hedge_mode: Generated<string>;
  /** Net mode's least difference, lots as exact decimal text. */
  hedge_threshold_lots: Generated<string>;
  /** Points beyond the client's fill price a hedge's limit accepts. */
  hedge_tolerance: Generated<number>;
}

/** One order sent to the hedging LP (migration 031): quantities and prices as exact decimal text. */
export interface HedgeOrdersTable {
  id: Generated<number>;
  cl_ord_id: string;
  instrument_id: number;
  symbol: string;
  lp_symbol: string;
  mode: string;
  side: number;
  qty: string;
  limit_price: string;
  /** pending | new | partial | filled | cancelled | rejected | unknown. */
  status: string;
  filled_qty: Generated<string>;
  avg_price: Generated<string>;
  last_qty: string | null;
  last_price: string | null;
  lp_order_id: string | null;
  reason: string | null;
  client_order_id: number;
  client_fill: string;
  client_price: string;
  created_at: number;
  updated_at: number;
}
export type HedgeOrderRow = Selectable<HedgeOrdersTable>;

/** The house's position at the hedging LP per instrument (migration 031): base units, signed exact text. */
export interface HedgePositionsTable {
  instrument_id: number;
  symbol: string;
  qty: string;
  updated_at: number;
}

/** Candles in integer points; `time` is the bar's open time in unix seconds. */
export interface CandlesTable {
  instrument_id: number;
  period: string;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface AreasTable {
  id: Generated<number>;
  area_code: string;
  global_code: string;
  sort: number;
  enabled: number;
}

/** The public company shape (contracts) is the row itself, with a generated id. */
export type CompaniesTable = Omit<Company, 'id'> & { id: Generated<number> };

export interface UsersTable {
  id: Generated<number>;
  uid: string;
  email: string | null;
  area_id: number | null;
  mobile: string | null;
  /** `+<global code><national number>`: one account per real phone number, whichever area was picked. */
  phone: string | null;
  /** The extra phone number given at email registration when `is_show_mobile` asks for it. */
  contact_mobile: string | null;
  password_hash: string;
  is_demo: number;
  demo_id: string | null;
  /** sha256 of the device uuid that owns a demo account. */
  demo_uuid_hash: string | null;
  invite_code: string;
  invited_by: number | null;
  /** 1: listed (masked) in the copy-trade rankings. */
  rank_opt_in: Generated<number>;
  lang: string;
  /** 1 active, 2 disabled by staff. */
  status: number;
  /** 1: may place orders; 0: switched off by staff, closing only. */
  trading_enabled: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Country of residence given at sign-up (ISO 3166 alpha-2; migration 024); null for demo and older accounts. */
  country: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  /** sha256 of the 256-bit token; the token itself is never stored. */
  token_hash: string;
  actor: 'user' | 'staff';
  actor_id: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  /** The socket peer (the proxy, behind one); `ip` is the validated client address. */
  peer_ip: Generated<string>;
  user_agent: string;
  /** A demo session issued by switching from this real account (migration 024): it may switch back; null otherwise. */
  via_user_id: number | null;
  /** When this session passed TOTP (sign-in with a code, or enrolment confirmed in it; migration 029); null if not. */
  factor_passed_at: Generated<number | null>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  /** Lower-cased email, or `+<global_code><national number>`. */
  address: string;
  purpose: number;
  code_hash: string;
  attempts: number;
  client_ip: string;
  /** The socket peer; `client_ip` is the validated client address. */
  peer_ip: Generated<string>;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface CaptchasTable {
  id: string;
  text_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  /** The code the message carries, masked for every reader but a super admin revealing it; null when none. */
  secret: Generated<string | null>;
  created_at: number;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  /** super_admin, finance, compliance, dealer, content (DESIGN §7). */
  role: string;
  totp_secret: string | null;
  status: number;
  created_at: number;
  /** 1 when another staff member (or the break-glass command) set the password: it must be changed first (029). */
  must_change_password: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  staff_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string | null;
  after_json: string | null;
  ip: string;
  /** The socket peer; `ip` is the validated client address. */
  peer_ip: Generated<string>;
  created_at: number;
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

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type StaffRow = Selectable<StaffTable>;

/** An idempotency key (DESIGN §10): claimed pending before the call runs, then holding its first answer for 24 h. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  /** `user:<id>` or `staff:<id>`. */
  scope: string;
  idem_key: string;
  /** sha256 (hex) of the call, its :id and its parameters, `t` aside. */
  fingerprint: string;
  call: string;
  /** The first answer's envelope (JSON); null while the first request runs. */
  response: string | null;
  created_at: number;
  completed_at: number | null;
  /** The claim's UUID; an engine call's settling time (real ms); its writer's stamp (migration 026). */
  claim: string | null;
  settle_at: number | null;
  engine_ran: number | null;
}

/** A trader's or staff member's TOTP factor (DESIGN §10): pending between setup and enable; `last_step` bars replay. */
export interface TotpFactorsTable {
  id: Generated<number>;
  /** 'user' or 'staff'. */
  kind: string;
  owner_id: number;
  /** Base32 secret of the enabled factor; never answered after setup, never logged. */
  secret: string | null;
  pending_secret: string | null;
  enabled: number;
  /** The 30-s time step of the last code accepted: a code of that step or an earlier one is refused. */
  last_step: number | null;
  /** Wrong-code evaluations in the window that began at `attempts_since`. */
  attempts: number;
  attempts_since: number;
  created_at: number;
  updated_at: number;
  /** The session that started the pending enrolment: only it may confirm it (migration 029). */
  pending_session_id: Generated<number | null>;
}

/** A trader's single-use recovery code, as a SHA-256 hash. */
export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  kind: string;
  owner_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** One message of a trader's support thread: written by the trader (`from_staff` 0) or a staff member (1). */
export interface SupportMessagesTable {
  id: Generated<number>;
  user_id: number;
  from_staff: number;
  staff_id: number | null;
  /** Plain text as written (rendered as text, never as HTML). */
  text: string;
  /** An upload the trader attached (a private image served through signed links). */
  image_name: string | null;
  created_at: number;
}

/** One row per support thread: what the inbox sorts and marks by, and the trader's per-minute message counter. */
export interface SupportThreadsTable {
  user_id: number;
  last_from_staff: number;
  /** The last message, cut to 200 characters. */
  last_text: string;
  /** Messages from the trader since a staff member last opened or answered the thread. */
  staff_unread: number;
  /** The last message's time (unix ms). */
  updated_at: number;
  /** The trader's current one-minute window (unix ms) and how many messages it holds. */
  rate_window_start: number;
  rate_count: number;
}

/** A staff member's note on a user (back office). */
export interface UserNotesTable {
  id: Generated<number>;
  user_id: number;
  staff_id: number;
  text: string;
  created_at: number;
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

/** Per user, the text the back office searches: e-mail, phone, uid, invite code, real names (kept by triggers). */
export interface UserSearchTable {
  user_id: number;
  text: string;
}

/** A trader's favourite instrument (migration 020): the markets list's watchlist, in the order it was built. */
export interface FavouritesTable {
  user_id: number;
  instrument_id: number;
  added_at: number;
}

/** The engine's fencing token (migration 018): one row, bumped by each new engine leader (PostgreSQL only). */
export interface EngineLeaseTable {
  id: number;
  epoch: number;
  /** The leader's node id (random per process start). */
  node: string;
  acquired_at: number;
}

/** One position charged at one rollover (migration 021): the primary key (order, rollover) charges a night once. */
export interface SwapChargesTable {
  order_id: number;
  /** The rollover's New York trade date, YYYY-MM-DD. */
  rollover: string;
  user_id: number;
  nights: number;
  /** Micros, signed (negative: charged to the trader). */
  amount: number;
  created_at: number;
}

/** A rollover the engine has finished (migration 021). */
export interface SwapRolloversTable {
  rollover: string;
  at: number;
  charged: number;
  done_at: number;
}
/** What a real account accepted at sign-up (issue 21, migration 024): each document's article id and version. */
export interface SignUpConsentsTable {
  id: Generated<number>;
  user_id: number;
  accepted_at: number;
  /** The validated client address (DESIGN §10) and the socket peer beside it. */
  ip: string;
  peer_ip: string;
  user_agent: string;
  terms_id: number | null;
  /** The article's `updated_at` (unix ms) when accepted. */
  terms_version: number | null;
  privacy_id: number | null;
  privacy_version: number | null;
  risk_id: number | null;
  risk_version: number | null;
}

/** One person's demo and real account (issue 21, migration 024); each side in at most one link. */
export interface AccountLinksTable {
  demo_user_id: number;
  real_user_id: number;
  created_at: number;
}

/** A trader's price alert (migration 022): a level on the bid, fired once (DESIGN §12). */
export interface PriceAlertsTable {
  id: Generated<number>;
  user_id: number;
  instrument_id: number;
  /** `above`: fires on a bid at or above `price`; `below`: at or below. */
  condition: string;
  /** Exact decimal text in the instrument's digits. */
  price: string;
  /** `active`, `fired` or `deleted`. */
  state: string;
  created_at: number;
  /** 0 until fired. */
  fired_at: Generated<number>;
  /** The bid that fired it, exact decimal text; null until fired. */
  fired_bid: string | null;
}
export type PriceAlertRow = Selectable<PriceAlertsTable>;

/** How many active alerts a trader has (migration 022): the limit is tested in the statement that raises it. */
export interface AlertCountsTable {
  user_id: number;
  active: number;
}

/** An in-app notice (issue 21): its kind and figures (JSON); unread while `read_at` is null. */
export interface NoticesTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  data_json: string;
  created_at: number;
  read_at: number | null;
}

/** A browser subscribed to web push for a user (the endpoint is unique: a browser belongs to one user at a time). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: number;
}

/** The kinds a user wants pushed, comma-separated; no row means every kind. */
export interface PushPrefsTable {
  user_id: number;
  kinds: string;
}

/** The server's VAPID key pair (base64url), one row with id 1. */
export interface PushVapidTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}
