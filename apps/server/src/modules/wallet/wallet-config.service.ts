import { DEPOSIT_BANK, DEPOSIT_COIN, DRAW_COIN } from '@tradepad/contracts';
import { checkAddress, parseMoney, parseRate } from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Actor } from '../audit/staff-guard.ts';
import type { ChangeFields, ChangesService } from '../changes/changes.service.ts';
import type { Tx } from '../../db/database.ts';
import type { DepositChannelRow, DrawCurrencyRow, WalletRepository } from './wallet.repository.ts';

interface Limits {
  usd_price: string;
  min_amount: string;
  max_amount: string;
  precision: number;
  enabled: boolean;
}

export type CoinChannelInput = Limits & { currency_code: string; protocol_code: string; address: string };
export type WireChannelInput = Limits & {
  name: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark?: string;
};
export type DrawCurrencyInput = Limits & { type: 1 | 2; code: string; protocol?: string; draw_rate: string; fee_type: 1 | 2 };

/** The ledger keeps 6 decimals: no channel may take amounts finer than that. */
const MAX_PRECISION = 6;

/** What staff set on a deposit or wire channel (its row without id, order and times). */
type ChannelFields = Omit<DepositChannelRow, 'id' | 'sort' | 'created_at' | 'updated_at'>;

/**
 * The fields that say where clients' money goes (issue 29, DESIGN §16 "Insiders"): a channel added, or one of these
 * changed, takes effect only once a second staff member approves it in the changes queue.
 */
const RECEIVING = [
  'currency_code',
  'protocol_code',
  'address',
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
  'bank_remark',
] as const satisfies readonly (keyof ChannelFields)[];

const EDITABLE = [
  ...RECEIVING,
  'type',
  'usd_price',
  'min_amount',
  'max_amount',
  'precision',
  'enabled',
] as const satisfies readonly (keyof ChannelFields)[];

const editable = (r: ChannelFields): ChangeFields => Object.fromEntries(EDITABLE.map((k) => [k, r[k]]));

/**
 * Staff configuration of the wallet: deposit channels, bank currencies, withdrawal currencies, the KYC rule. New
 * receiving details wait in the changes queue; the wallet applies them when a second staff member approves.
 */
export class WalletConfigService {
  constructor(
    private readonly d: {
      repo: WalletRepository;
      audit: AuditRepository;
      settings: SettingsService;
      clock: Clock;
      changes: Pick<ChangesService, 'request'>;
    },
  ) {}

  coinChannels = () => this.d.repo.channels(DEPOSIT_COIN, false).then((rows) => rows.map(coinChannelView));
  wireChannels = () => this.d.repo.channels(DEPOSIT_BANK, false).then((rows) => rows.map(wireChannelView));
  drawCurrencies = () => this.d.repo.drawCurrencies(undefined, false).then((rows) => rows.map(drawCurrencyView));

  async saveCoinChannel(actor: Actor, id: number | undefined, p: CoinChannelInput) {
    const protocol = p.protocol_code.toUpperCase();
    if (!checkAddress(protocol, p.address)) throw refuse('err.address_invalid', { network: protocol });
    const fields = {
      ...blankBank,
      ...limits(p),
      type: DEPOSIT_COIN,
      currency_code: p.currency_code.toUpperCase(),
      protocol_code: protocol,
      address: p.address,
    };
    const saved = await this.saveChannel(actor, id, DEPOSIT_COIN, fields);
    return { ...coinChannelView(saved.row), pending_change_id: saved.pending };
  }

  async saveWireChannel(actor: Actor, id: number | undefined, p: WireChannelInput) {
    const fields = {
      ...limits(p),
      type: DEPOSIT_BANK,
      currency_code: p.name.toUpperCase(),
      protocol_code: '',
      address: '',
      bank_name: p.bank_name,
      bank_address: p.bank_address,
      bank_swift: p.bank_swift.toUpperCase(),
      payee_name: p.payee_name,
      payee_account: p.payee_account,
      bank_remark: p.bank_remark ?? '',
    };
    const saved = await this.saveChannel(actor, id, DEPOSIT_BANK, fields);
    return { ...wireChannelView(saved.row), pending_change_id: saved.pending };
  }

  async saveDrawCurrency(actor: Actor, id: number | undefined, p: DrawCurrencyInput) {
    parseRate(p.draw_rate);
    const fields = {
      ...limits(p),
      type: p.type,
      code: p.code.toUpperCase(),
      protocol: p.type === DRAW_COIN ? (p.protocol ?? '').toUpperCase() : '',
      draw_rate: p.draw_rate,
      fee_type: p.fee_type,
    };
    const at = this.d.clock.now();
    const before = id === undefined ? undefined : await this.d.repo.drawCurrency(id);
    if (id !== undefined && !before) throw refuse('err.record_unknown');
    const savedId =
      id === undefined
        ? await this.d.repo.insertDrawCurrency({ ...fields, sort: 100, created_at: at, updated_at: at })
        : (await this.d.repo.updateDrawCurrency(id, { ...fields, updated_at: at }), id);
    const after = (await this.d.repo.drawCurrency(savedId))!;
    await this.audit(actor, 'draw_currency', savedId, before && drawCurrencyView(before), drawCurrencyView(after), at);
    return drawCurrencyView(after);
  }

  async walletSettings() {
    return {
      withdraw_requires_kyc: (await this.d.settings.get('withdraw_requires_kyc')) === '1',
      withdraw_method_hold_hours: await this.d.settings.int('withdraw_method_hold_hours'),
    };
  }

  /** Changes the given wallet settings (a non-empty subset, validated by the contract), audited. */
  async setWalletSettings(actor: Actor, changes: { withdraw_requires_kyc?: boolean; withdraw_method_hold_hours?: number }) {
    const before = await this.walletSettings();
    if (changes.withdraw_requires_kyc !== undefined)
      await this.d.settings.set('withdraw_requires_kyc', changes.withdraw_requires_kyc ? '1' : '0');
    if (changes.withdraw_method_hold_hours !== undefined)
      await this.d.settings.set('withdraw_method_hold_hours', String(changes.withdraw_method_hold_hours));
    await this.d.audit.record({
      staffId: actor.staffId,
      action: 'settings.update',
      targetType: 'settings',
      targetId: Object.keys(changes).join(','),
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
      after: changes,
      ip: actor.ip,
      peer: actor.peer,
      at: this.d.clock.now(),
    });
    return this.walletSettings();
  }

  /**
   * Saves a channel: limits of an existing one at once (audited); a new channel, or new receiving details, as a change
   * for a second staff member (the channel answered as it stays until then, a new one with id 0).
   */
  private async saveChannel(
    actor: Actor,
    id: number | undefined,
    type: number,
    fields: ChannelFields,
  ): Promise<{ row: ChannelFields & { id: number }; pending: number | null }> {
    const at = this.d.clock.now();
    const before = id === undefined ? undefined : await this.d.repo.channel(id);
    if (id !== undefined && (!before || before.type !== type)) throw refuse('err.record_unknown');
    if (!before || RECEIVING.some((k) => before[k] !== fields[k])) {
      const pending = await this.d.changes.request(actor, {
        kind: type === DEPOSIT_COIN ? 'deposit_channel' : 'wire_channel',
        target: before ? String(before.id) : '',
        before: before ? editable(before) : null,
        after: editable(fields),
      });
      return { row: before ?? { ...fields, id: 0 }, pending };
    }
    await this.d.repo.updateChannel(before.id, { ...fields, updated_at: at });
    const after = (await this.d.repo.channel(before.id))!;
    await this.audit(actor, type === DEPOSIT_COIN ? 'deposit_channel' : 'wire_channel', before.id, before, after, at);
    return { row: after, pending: null };
  }

  /**
   * Applies an approved change of a channel inside the decision's transaction: adds the channel, or writes the new
   * details if the channel is still as it was when the change was asked for (else refuses: approving would undo what
   * was changed since).
   */
  async applyChannelChange(
    type: number,
    trx: Tx,
    c: { target: string; before: ChangeFields | null; after: ChangeFields },
    at: number,
  ): Promise<void> {
    const after = Object.fromEntries(EDITABLE.map((k) => [k, c.after[k]])) as unknown as ChannelFields;
    if (c.target === '') {
      await this.d.repo.insertChannel({ ...after, type, sort: 100, created_at: at, updated_at: at }, trx);
      return;
    }
    const current = await this.d.repo.channel(Number(c.target), trx);
    const was = c.before;
    if (!current || current.type !== type || !was || EDITABLE.some((k) => current[k] !== was[k]))
      throw refuse('err.change_outdated');
    await this.d.repo.updateChannel(current.id, { ...after, type, updated_at: at }, trx);
  }

  private audit(actor: Actor, target: string, id: number, before: unknown, after: unknown, at: number) {
    return this.d.audit.record({
      staffId: actor.staffId,
      action: `${target}.${before ? 'update' : 'create'}`,
      targetType: target,
      targetId: String(id),
      before: before ?? null,
      after,
      ip: actor.ip,
      peer: actor.peer,
      at,
    });
  }
}

const blankBank = { bank_name: '', bank_address: '', bank_swift: '', payee_name: '', payee_account: '', bank_remark: '' };

/** Checks and normalises a channel's limits: a positive rate, precision within the ledger's, min ≤ max. */
function limits(p: Limits) {
  if (parseRate(p.usd_price) <= 0n) throw refuse('err.rate_invalid');
  if (p.precision > MAX_PRECISION) throw refuse('err.amount_precision', { places: MAX_PRECISION });
  const min = parseMoney(p.min_amount);
  const max = parseMoney(p.max_amount);
  if (max !== 0n && max < min) throw refuse('err.amount_above_max', { max: p.max_amount });
  return {
    usd_price: p.usd_price,
    min_amount: p.min_amount,
    max_amount: p.max_amount,
    precision: p.precision,
    enabled: p.enabled ? 1 : 0,
  };
}

const limitView = (r: { usd_price: string; min_amount: string; max_amount: string; precision: number; enabled: number }) => ({
  usd_price: r.usd_price,
  min_amount: r.min_amount,
  max_amount: r.max_amount,
  precision: r.precision,
  enabled: r.enabled === 1,
});

const coinChannelView = (r: ChannelFields & { id: number }) => ({
  id: r.id,
  currency_code: r.currency_code,
  protocol_code: r.protocol_code,
  address: r.address,
  ...limitView(r),
});

const wireChannelView = (r: ChannelFields & { id: number }) => ({
  id: r.id,
  name: r.currency_code,
  bank_name: r.bank_name,
  bank_address: r.bank_address,
  bank_swift: r.bank_swift,
  payee_name: r.payee_name,
  payee_account: r.payee_account,
  bank_remark: r.bank_remark,
  ...limitView(r),
});

const drawCurrencyView = (r: DrawCurrencyRow) => ({
  id: r.id,
  type: r.type,
  code: r.code,
  protocol: r.protocol,
  draw_rate: r.draw_rate,
  fee_type: r.fee_type,
  ...limitView(r),
});
