import type { Company } from '@tradepad/contracts';
import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  BalanceAdjustmentsTable,
  ChangesTable,
  DepositChannelsTable,
  DepositsTable,
  DrawCurrenciesTable,
  DrawMethodsTable,
  JournalEntriesTable,
  LedgerAccountsTable,
  PostingsTable,
  WithdrawalsTable,
} from './schema-money.ts';
import type {
  AccountTypesTable,
  CandlesTable,
  CategoriesTable,
  EngineLeaseTable,
  ChartLayoutsTable,
  FavouritesTable,
  HedgeOrdersTable,
  HedgePositionsTable,
  InstrumentsTable,
  OrdersTable,
  StopoutReportsTable,
  SwapChargesTable,
  SwapRolloversTable,
} from './schema-trading.ts';
import type { CopyEventsTable, CopyFeesTable, CopyFollowsTable, CopyStrategiesTable } from './schema-copy.ts';

export type * from './schema-copy.ts';
export type * from './schema-money.ts';
export type * from './schema-trading.ts';

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
  chart_layouts: ChartLayoutsTable;
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
  account_types: AccountTypesTable;
  copy_strategies: CopyStrategiesTable;
  copy_follows: CopyFollowsTable;
  copy_events: CopyEventsTable;
  copy_fees: CopyFeesTable;
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
  /** Migration 033 (real-name depth): each optional; dates `YYYY-MM-DD`, images stored upload names. */
  birth_date: string | null;
  address: string | null;
  address_proof_name: string | null;
  selfie_name: string | null;
  doc_type: string | null;
  doc_expiry: string | null;
  /** When the daily check told the trader of 30 and 7 days left, and when it found the document expired (unix ms). */
  reminded_30_at: number | null;
  reminded_7_at: number | null;
  expired_at: number | null;
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
  /** The account type (migration 032); null is read as the default type. */
  account_type_id: Generated<number | null>;
  /** A copy account's follower (migration 038): the account holds one follow's money and copies; null for a trader. */
  copy_owner_id: Generated<number | null>;
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

/** Per user, the text the back office searches: e-mail, phone, uid, invite code, real names (kept by triggers). */
export interface UserSearchTable {
  user_id: number;
  text: string;
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
