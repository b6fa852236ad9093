import {
  DEPOSIT_BANK,
  DEPOSIT_COIN,
  DRAW_COIN,
  KYC_APPROVED,
  RECORD_UNREVIEWED,
  type DepositList,
  type DepositRecord,
  type DepositType,
  type DrawConfig,
  type DrawMethodFields,
  type DrawType,
  type KycStatus,
  type Lang,
  type WithdrawalList,
} from '@tradepad/contracts';
import {
  checkAddress,
  checkAmount,
  depositCredit,
  formatMoney,
  freeMargin,
  micros,
  microsToStorage,
  parseRate,
  withdrawalFee,
  withdrawalReceived,
  type AmountRule,
  type Micros,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import { timeText } from '../../core/time.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { RealUser } from '../../core/access.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import { withdrawalRequested } from '../ledger/ledger-entries.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { WalletRepository } from './wallet.repository.ts';
import * as view from './wallet.views.ts';

/** Where uploaded images are checked and linked (the uploads module). */
export interface ImageStore {
  owned(userId: number, name: string): Promise<unknown>;
  signedUrl(name: string): string;
}

/**
 * What the wallet needs of the trading engine: the floating P/L that limits a withdrawal. (The engine's cash follows
 * the wallet's movements through the ledger's committed-movement listener, wired once in app.ts.)
 */
export interface FloatingSource {
  /** From the engine leader's book, wherever this node is (issue 19). */
  floating(userId: number): Promise<Micros>;
}

/** The owner's proof sent with a money movement: a type-4 code, or a TOTP code when two-factor is on (DESIGN §10). */
export interface OwnerProof {
  auth_code?: string | undefined;
  totp?: string | undefined;
  /** The client address (validated, see TRUST_PROXY): code checks are throttled per address too. */
  ip: string;
}

/**
 * Checks that the account's owner confirmed a money movement (the accounts module implements it, app.ts wires it).
 * `check` refuses a missing, wrong or used proof; what it returns must run inside the movement's transaction and
 * uses the proof up there (compare-and-set), so one code serves one action however many requests carry it.
 */
export interface OwnerConfirmation {
  check(user: UserRow, proof: OwnerProof): Promise<(trx: Tx) => Promise<void>>;
}

export interface WalletDeps {
  db: Db;
  repo: WalletRepository;
  ledger: LedgerRepository;
  settings: SettingsService;
  images: ImageStore;
  engine: FloatingSource;
  kycStatus: (userId: number) => Promise<KycStatus>;
  owner: OwnerConfirmation;
  notifier?: Notifier | undefined;
  clock: Clock;
}

/** At most this many withdrawals wait for review per user, and this many methods of a kind are bound. */
const MAX_WAITING_WITHDRAWALS = 5;
const MAX_METHODS = 10;

/** Refuses an amount with the message that says why. */
export function requireAmount(text: string, rule: AmountRule): Micros {
  const r = checkAmount(text, rule);
  if (r.ok) return r.amount;
  switch (r.reason) {
    case 'precision':
      throw refuse('err.amount_precision', { places: Math.min(rule.precision, 6) });
    case 'below_min':
      throw refuse('err.amount_below_min', { min: view.plainAmount(rule.min) });
    case 'above_max':
      throw refuse('err.amount_above_max', { max: view.plainAmount(rule.max) });
    case 'invalid':
      throw refuse('err.amount_invalid');
  }
}

/** The trader's side of the wallet: deposits, withdrawals and withdrawal methods (DESIGN §6). */
export class WalletService {
  private readonly notifier: Notifier;

  constructor(private readonly d: WalletDeps) {
    this.notifier = d.notifier ?? silentNotifier;
  }

  // Deposits

  async coinChannels(_user: RealUser) {
    return (await this.d.repo.channels(DEPOSIT_COIN, true)).map(view.coinOption);
  }

  async bankCurrencies(_user: RealUser) {
    return (await this.d.repo.channels(DEPOSIT_BANK, true)).map(view.bankOption);
  }

  async wireInfo(user: RealUser, id: number) {
    return view.wireInfo(await this.enabledChannel(id, DEPOSIT_BANK));
  }

  /**
   * Records a deposit the user says they made, with its proof image; credited when staff approve it. A proof makes
   * one deposit: submitting it again (a double click, a retry) answers with the deposit it already made.
   */
  async submitDeposit(
    user: RealUser,
    lang: Lang,
    p: { type: DepositType; channelId: number; number: string; proof: string; fromAddress?: string },
  ): Promise<DepositRecord> {
    const channel = await this.enabledChannel(p.channelId, p.type);
    const amount = requireAmount(p.number, view.amountRule(channel));
    if (!(await this.d.images.owned(user.id, p.proof))) throw refuse('err.image_invalid');
    const again = await this.d.repo.depositByProof(this.d.db, p.proof);
    if (again) return this.sameDeposit(user, lang, again);
    const row = {
      user_id: user.id,
      type: p.type,
      channel_id: channel.id,
      currency_code: channel.currency_code,
      protocol_code: channel.protocol_code,
      amount: microsToStorage(amount),
      usd_amount: microsToStorage(depositCredit(amount, parseRate(channel.usd_price))),
      proof_name: p.proof,
      from_address: p.fromAddress ?? '',
      status: RECORD_UNREVIEWED,
      remark: '',
      created_at: this.d.clock.now(),
    };
    try {
      const id = await this.d.db.transaction().execute((trx) => this.d.repo.insertDeposit(trx, row));
      return view.depositRecord(lang, { ...row, id, reviewed_at: null, reviewed_by: null }, this.d.images.signedUrl(p.proof));
    } catch (err) {
      // Two submits of one proof at the same moment: the unique proof name lets one in; the other finds it.
      const first = await this.d.repo.depositByProof(this.d.db, p.proof);
      if (first) return this.sameDeposit(user, lang, first);
      throw err;
    }
  }

  async deposits(user: RealUser, lang: Lang, type: DepositType | undefined, page: number, limit: number): Promise<DepositList> {
    const { rows, total } = await this.d.repo.userDeposits(user.id, type, page, limit);
    return { data: rows.map((r) => view.depositRecord(lang, r, this.d.images.signedUrl(r.proof_name))), total };
  }

  // Withdrawals

  async drawCurrencies(user: RealUser, type: DrawType) {
    return (await this.d.repo.drawCurrencies(type, true)).map(view.drawCurrency);
  }

  async drawConfig(user: RealUser): Promise<DrawConfig> {
    const [required, status, cash] = await Promise.all([
      this.kycRequired(),
      this.d.kycStatus(user.id),
      this.d.ledger.balance(this.d.db, user.id, 'cash'),
    ]);
    return { kyc_required: required, review_status: status, free_balance: formatMoney(await this.free(user.id, cash), 2) };
  }

  /**
   * Moves the amount from the cash to the locked balance and records the withdrawal, in one transaction; staff then
   * pay it out or give it back. The amount may not exceed the free balance: cash less any floating loss, so a
   * withdrawal never pushes open positions towards a margin call.
   */
  async draw(
    user: RealUser,
    lang: Lang,
    p: { currencyId: number; number: string; methodId: number; memo?: string | undefined } & OwnerProof,
  ) {
    if ((await this.kycRequired()) && (await this.d.kycStatus(user.id)) !== KYC_APPROVED) throw refuse('err.kyc_required');
    const currency = await this.d.repo.drawCurrency(p.currencyId);
    if (!currency || !currency.enabled) throw refuse('err.channel_unknown');
    const method = await this.d.repo.method(user.id, p.methodId);
    if (!method) throw refuse('err.method_unknown');
    if (method.draw_id !== currency.id) throw refuse('err.method_currency_mismatch');
    const usableAt = await this.usableAt(method.created_at);
    if (usableAt > this.d.clock.now()) throw refuse('err.method_on_hold', { time: timeText(usableAt) });
    const amount = requireAmount(p.number, { ...view.amountRule(currency), precision: Math.min(currency.precision, 2) });
    const fee = withdrawalFee(amount, { feeType: currency.fee_type, drawRate: parseRate(currency.draw_rate) });
    const received = withdrawalReceived(amount, fee, parseRate(currency.usd_price));
    if (received <= 0n) throw refuse('err.amount_below_min', { min: formatMoney(micros(fee + 10_000n), 2) });
    const useProof = await this.d.owner.check(user, p);
    const at = this.d.clock.now();
    const id = await transaction(this.d.db, async (trx) => {
      await useProof(trx);
      if ((await this.d.repo.waitingWithdrawals(trx, user.id)) >= MAX_WAITING_WITHDRAWALS)
        throw refuse('err.withdraw_pending_limit', { max: MAX_WAITING_WITHDRAWALS });
      const free = await this.free(user.id, await this.d.ledger.lockBalance(trx, user.id, 'cash'));
      if (amount > free) throw refuse('err.amount_above_free', { free: formatMoney(free, 2) });
      const withdrawalId = await this.d.repo.insertWithdrawal(trx, {
        user_id: user.id,
        type: currency.type,
        draw_currency_id: currency.id,
        method_id: method.id,
        code: currency.code,
        protocol: currency.protocol,
        address: method.dc_address,
        bank_name: method.bank_name,
        payee_name: method.payee_name,
        payee_account: method.payee_account,
        amount: microsToStorage(amount),
        fee: microsToStorage(fee),
        received: microsToStorage(received),
        memo: p.memo ?? '',
        status: RECORD_UNREVIEWED,
        remark: '',
        transfer_ref: '',
        created_at: at,
      });
      await this.d.ledger.post(trx, withdrawalRequested({ withdrawalId, userId: user.id, amount, at }));
      return withdrawalId;
    });
    this.notifier.notify(user.id, { kind: 'withdrawal_requested', amount, address: methodAddress(method) });
    const row = await this.d.repo.withdrawal(this.d.db, id);
    return view.withdrawalRecord(lang, row!);
  }

  async withdrawals(
    user: RealUser,
    lang: Lang,
    type: DrawType | undefined,
    page: number,
    limit: number,
  ): Promise<WithdrawalList> {
    const { rows, total } = await this.d.repo.userWithdrawals(user.id, type, page, limit);
    return { data: rows.map((r) => view.withdrawalRecord(lang, r)), total };
  }

  // Withdrawal methods

  async methods(user: RealUser, type: DrawType, drawId: number | undefined) {
    const [rows, currencies] = await Promise.all([
      this.d.repo.methods(user.id, type, drawId),
      this.d.repo.drawCurrencies(type, false),
    ]);
    const byId = new Map(currencies.map((c) => [c.id, c]));
    const hold = await this.holdMs();
    return rows.map((r) => view.drawMethod(r, byId.get(r.draw_id), r.created_at + hold));
  }

  /** Binds a coin address (checked for the currency's network) or a bank account to a withdrawal currency. */
  async bindMethod(user: RealUser, p: DrawMethodFields, proof: OwnerProof) {
    const currency = await this.d.repo.drawCurrency(p.draw_id);
    if (!currency || !currency.enabled || currency.type !== p.type) throw refuse('err.channel_unknown');
    const existing = await this.d.repo.methods(user.id, p.type, undefined);
    if (existing.length >= MAX_METHODS) throw refuse('err.method_limit', { max: MAX_METHODS });
    const blank = {
      dc_address: '',
      bank_name: '',
      bank_address: '',
      bank_swift: '',
      payee_name: '',
      payee_account: '',
      remark: '',
    };
    let fields: typeof blank;
    if (p.type === DRAW_COIN) {
      if (!checkAddress(currency.protocol || currency.code, p.dc_address))
        throw refuse('err.address_invalid', { network: currency.protocol || currency.code });
      fields = { ...blank, dc_address: p.dc_address };
    } else {
      const { type: _t, draw_id: _d, remark, ...bank } = p;
      fields = { ...blank, ...bank, remark: remark ?? '' };
    }
    const key = (m: typeof blank & { draw_id: number }) => `${m.draw_id}|${m.dc_address}|${m.payee_account}`;
    if (existing.some((m) => key(m) === key({ ...fields, draw_id: currency.id }))) throw refuse('err.method_exists');
    const useProof = await this.d.owner.check(user, proof);
    const at = this.d.clock.now();
    const row = { user_id: user.id, type: p.type, draw_id: currency.id, ...fields, created_at: at, deleted_at: null };
    const id = await transaction(this.d.db, async (trx) => {
      await useProof(trx);
      return this.d.repo.insertMethod(row, trx);
    });
    const usableAt = at + (await this.holdMs());
    this.notifier.notify(user.id, { kind: 'withdraw_method_added', address: methodAddress(row), usableAt });
    return view.drawMethod({ id, ...row }, currency, usableAt);
  }

  async deleteMethod(user: RealUser, id: number): Promise<void> {
    if (!(await this.d.repo.deleteMethod(user.id, id, this.d.clock.now()))) throw refuse('err.method_unknown');
  }

  // Helpers

  private async enabledChannel(id: number, type: DepositType) {
    const channel = await this.d.repo.channel(id);
    if (!channel || !channel.enabled || channel.type !== type) throw refuse('err.channel_unknown');
    return channel;
  }

  /** A second submit of a proof: the same user gets their deposit back; anyone else is told the image is unknown. */
  private sameDeposit(user: UserRow, lang: Lang, row: Parameters<typeof view.depositRecord>[1]): DepositRecord {
    if (row.user_id !== user.id) throw refuse('err.image_invalid');
    return view.depositRecord(lang, row, this.d.images.signedUrl(row.proof_name));
  }

  /** How long a new method waits before it can be used: `withdraw_method_hold_hours`, read at the time of use. */
  private async holdMs(): Promise<number> {
    return Math.max(0, await this.d.settings.int('withdraw_method_hold_hours')) * 3_600_000;
  }

  private async usableAt(boundAt: number): Promise<number> {
    return boundAt + (await this.holdMs());
  }

  private async kycRequired(): Promise<boolean> {
    return (await this.d.settings.get('withdraw_requires_kyc')) === '1';
  }

  /** The free balance (domain rule shared with the order check) at the engine's current floating P/L. */
  private async free(userId: number, cash: Micros): Promise<Micros> {
    return freeMargin({ balance: cash, floating: await this.d.engine.floating(userId) });
  }
}

/** A method's address as the user knows it, masked for notices: the coin address or the bank account. */
export function methodAddress(m: { dc_address: string; payee_account: string; bank_name: string }): string {
  const text = m.dc_address || m.payee_account;
  const masked = text.length > 10 ? `${text.slice(0, 4)}…${text.slice(-4)}` : `…${text.slice(-4)}`;
  return m.dc_address ? masked : `${m.bank_name} ${masked}`;
}
