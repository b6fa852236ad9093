import { DEPOSIT_BANK, DEPOSIT_COIN, DRAW_COIN } from '@tradepad/contracts';
import { checkAddress, parseMoney, parseRate } from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Actor } from '../audit/staff-guard.ts';
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

/** Staff configuration of the wallet: deposit channels, bank currencies, withdrawal currencies, the KYC rule. */
export class WalletConfigService {
  constructor(private readonly d: { repo: WalletRepository; audit: AuditRepository; settings: SettingsService; clock: Clock }) {}

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
    return coinChannelView(await this.saveChannel(actor, id, DEPOSIT_COIN, fields));
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
    return wireChannelView(await this.saveChannel(actor, id, DEPOSIT_BANK, fields));
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

  private async saveChannel(
    actor: Actor,
    id: number | undefined,
    type: number,
    fields: Omit<DepositChannelRow, 'id' | 'sort' | 'created_at' | 'updated_at'>,
  ): Promise<DepositChannelRow> {
    const at = this.d.clock.now();
    const before = id === undefined ? undefined : await this.d.repo.channel(id);
    if (id !== undefined && (!before || before.type !== type)) throw refuse('err.record_unknown');
    const savedId =
      id === undefined
        ? await this.d.repo.insertChannel({ ...fields, sort: 100, created_at: at, updated_at: at })
        : (await this.d.repo.updateChannel(id, { ...fields, updated_at: at }), id);
    const after = (await this.d.repo.channel(savedId))!;
    await this.audit(actor, type === DEPOSIT_COIN ? 'deposit_channel' : 'wire_channel', savedId, before, after, at);
    return after;
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

const coinChannelView = (r: DepositChannelRow) => ({
  id: r.id,
  currency_code: r.currency_code,
  protocol_code: r.protocol_code,
  address: r.address,
  ...limitView(r),
});

const wireChannelView = (r: DepositChannelRow) => ({
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
