import type { AccountType, AccountTypeCreateParams, AccountTypeList, AccountTypeUpdateParams } from '@tradepad/contracts';
import {
  DEFAULT_ACCOUNT_TERMS,
  accountTermsCheck,
  formatMoney,
  micros,
  microsToStorage,
  parseCommission,
  type AccountTerms,
  type FreeMarginMode,
  type PendingMarginMode,
} from '@tradepad/domain';
import type { Actor } from '../../core/access.ts';
import { refuse } from '../../core/errors.ts';
import { transaction } from '../../db/after-commit.ts';
import type { Db } from '../../db/database.ts';
import type { AccountTypeRow } from '../../db/schema.ts';
import type { Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { LinkedSettings } from '../settings/settings.service.ts';
import type { AccountTypesRepository, AccountTypeValues } from './account-types.repository.ts';

/** A type as every node keeps it in memory: its row, its public view and the terms the engine applies. */
export interface CachedType {
  id: number;
  row: AccountTypeRow;
  view: AccountType;
  terms: AccountTerms;
}

/** What the engine asks of the account types: a user's stored type and the terms of a type, from memory. */
export interface AccountTypeSource {
  /** The user's type id as stored (the default's when none). */
  typeOfUser(userId: number): Promise<number>;
  /** A type's terms from memory; the default type's for an unknown id. */
  type(typeId: number | null): CachedType;
  /** Called after every reload of the types (a change on this node or, through the bus, another). */
  onReload(listener: () => void): void;
}

export interface AccountTypesDeps {
  db: Db;
  repo: AccountTypesRepository;
  audit: AuditRepository;
  bus: Bus;
  clock: Clock;
  notices?: NoticeBoard | undefined;
  notifier?: Notifier | undefined;
}

const termsOfRow = (r: AccountTypeRow): AccountTerms => ({
  spreadMarkup: Number(r.spread_markup),
  commissionPerLot: micros(Number(r.commission_per_lot)),
  feeOnMargin: Number(r.fee_on_margin) === 1,
  maxLeverage: r.max_leverage === null ? null : Number(r.max_leverage),
  marginCallLevel: Number(r.margin_call_level),
  stopOutLevel: Number(r.stop_out_level),
  freeMarginMode: r.free_margin_mode as FreeMarginMode,
  swapFree: Number(r.swap_free) === 1,
  pendingMargin: r.pending_margin as PendingMarginMode,
});

/** The public shape of a row (the commission as exact decimal text, flags as booleans). */
export function accountTypeView(r: AccountTypeRow): AccountType {
  const t = termsOfRow(r);
  return {
    id: Number(r.id),
    name: r.name,
    description: r.description,
    spread_markup: t.spreadMarkup,
    commission_per_lot: formatMoney(t.commissionPerLot, 6).replace(/(\.\d\d\d*?)0+$/, '$1'),
    fee_on_margin: t.feeOnMargin,
    max_leverage: t.maxLeverage,
    margin_call_level: t.marginCallLevel,
    stop_out_level: t.stopOutLevel,
    free_margin_mode: t.freeMarginMode,
    swap_free: t.swapFree,
    pending_margin: t.pendingMargin,
    is_default: Number(r.is_default) === 1,
    is_public: Number(r.is_public) === 1,
  };
}

/** The default type's terms when the table is somehow empty (never after migration 032). */
const FALLBACK: CachedType = {
  id: 0,
  row: {
    id: 0,
    name: 'Standard',
    description: '',
    spread_markup: 0,
    commission_per_lot: 0,
    fee_on_margin: 1,
    max_leverage: null,
    margin_call_level: 100,
    stop_out_level: 50,
    free_margin_mode: 'loss_only',
    swap_free: 0,
    pending_margin: 'reserve',
    is_default: 1,
    is_public: 1,
    sort: 0,
    created_at: 0,
    updated_at: 0,
  },
  view: undefined as unknown as AccountType,
  terms: DEFAULT_ACCOUNT_TERMS,
};
FALLBACK.view = accountTypeView(FALLBACK.row);

/**
 * Account types (DESIGN §16): kept in memory on every node (they change rarely and the order path reads them), reloaded
 * after a change here and, through the bus, after one on another node. Staff create and change them (audited); a
 * trader chooses a public one while nothing is open; staff put a trader in any type with a reason (audited, told).
 */
export class AccountTypesService implements AccountTypeSource {
  private types = new Map<number, CachedType>();
  private defaultType: CachedType = FALLBACK;
  private readonly listeners: Array<() => void> = [];

  constructor(private readonly d: AccountTypesDeps) {}

  /** Reads every type into memory and tells the listeners (the engine re-applies its accounts' terms). */
  async load(): Promise<void> {
    const rows = await this.d.repo.list();
    const next = new Map<number, CachedType>();
    let def: CachedType | undefined;
    for (const row of rows) {
      const t: CachedType = { id: Number(row.id), row, view: accountTypeView(row), terms: termsOfRow(row) };
      next.set(t.id, t);
      if (t.view.is_default) def = t;
    }
    this.types = next;
    this.defaultType = def ?? next.values().next().value ?? FALLBACK;
    for (const l of this.listeners) l();
  }

  onReload(listener: () => void): void {
    this.listeners.push(listener);
  }

  type(typeId: number | null): CachedType {
    return (typeId !== null && this.types.get(typeId)) || this.defaultType;
  }

  async typeOfUser(userId: number): Promise<number> {
    return this.type(await this.d.repo.userTypeId(this.d.db, userId)).id;
  }

  /** `GET /api/account_types`: the public types, the default first. */
  publicList(): AccountTypeList {
    const data = [...this.types.values()].filter((t) => t.view.is_public).map((t) => t.view);
    return { data };
  }

  adminList(): AccountTypeList {
    return { data: [...this.types.values()].map((t) => t.view) };
  }

  /** The type a user row names, as `user/info` shows it. */
  viewOf(typeId: number | null | undefined): AccountType {
    return this.type(typeId ?? null).view;
  }

  async create(actor: Actor, p: AccountTypeCreateParams): Promise<AccountType> {
    const base = this.defaultType.row;
    const values = this.values(
      {
        name: p.name,
        description: '',
        spread_markup: 0,
        commission_per_lot: 0,
        fee_on_margin: 1,
        max_leverage: null,
        margin_call_level: Number(base.margin_call_level),
        stop_out_level: Number(base.stop_out_level),
        free_margin_mode: 'loss_only',
        swap_free: 0,
        pending_margin: 'reserve',
        is_default: 0,
        is_public: 1,
        sort: this.types.size,
      },
      p,
    );
    const at = this.d.clock.now();
    const id = await transaction(this.d.db, async (trx) => {
      if (await this.d.repo.nameTaken(trx, values.name)) throw refuse('err.account_type_name_taken');
      const id = await this.d.repo.insert(trx, { ...values, is_default: 0 }, at);
      if (values.is_default === 1) await this.d.repo.makeDefault(trx, id, at);
      const row = await this.d.repo.byId(trx, id);
      await this.d.audit.record(
        {
          ...this.who(actor, at),
          action: 'account_type.create',
          targetType: 'account_type',
          targetId: String(id),
          after: row && accountTypeView(row),
        },
        trx,
      );
      return id;
    });
    await this.changed();
    return this.type(id).view;
  }

  async update(actor: Actor, id: number, p: AccountTypeUpdateParams): Promise<AccountType> {
    const at = this.d.clock.now();
    await transaction(this.d.db, async (trx) => {
      const before = await this.d.repo.byId(trx, id);
      if (!before) throw refuse('err.account_type_unknown');
      const values = this.values(before, p);
      if (Number(before.is_default) === 1 && values.is_default === 0) throw refuse('err.account_type_default');
      if (p.name !== undefined && (await this.d.repo.nameTaken(trx, values.name, id)))
        throw refuse('err.account_type_name_taken');
      const { is_default, ...rest } = values;
      await this.d.repo.update(trx, id, rest, at);
      if (is_default === 1 && Number(before.is_default) !== 1) await this.d.repo.makeDefault(trx, id, at);
      const after = await this.d.repo.byId(trx, id);
      await this.d.audit.record(
        {
          ...this.who(actor, at),
          action: 'account_type.update',
          targetType: 'account_type',
          targetId: String(id),
          before: accountTypeView(before),
          after: after && accountTypeView(after),
        },
        trx,
      );
    });
    await this.changed();
    return this.type(id).view;
  }

  /**
   * The trader's own choice among the public types (`POST /v1/api/main/account_type`): refused while a position or a
   * pending order is open, checked in the same statement as the change.
   */
  async choose(userId: number, typeId: number): Promise<AccountType> {
    const t = this.types.get(typeId);
    if (!t) throw refuse('err.account_type_unknown');
    if (!t.view.is_public) throw refuse('err.account_type_not_public');
    const at = this.d.clock.now();
    const done = await transaction(this.d.db, (trx) => this.d.repo.setUserTypeIfIdle(trx, userId, typeId, at));
    if (!done) throw refuse('err.account_type_busy');
    this.d.bus.publishUsersChanged({ userIds: [userId] });
    return t.view;
  }

  /** Staff put a trader in a type (any, public or not), with a reason: audited `user.account_type`, the trader told. */
  async assign(actor: Actor, userId: number, typeId: number, reason: string): Promise<AccountType> {
    const t = this.types.get(typeId);
    if (!t) throw refuse('err.account_type_unknown');
    const at = this.d.clock.now();
    const told = { type_id: typeId, name: t.view.name, reason };
    await transaction(this.d.db, async (trx) => {
      const before = await this.d.repo.userTypeId(trx, userId);
      if (!(await this.d.repo.setUserType(trx, userId, typeId, at))) throw refuse('err.record_unknown');
      await (this.d.notices ?? silentNotices).record(trx, userId, 'account_type', told);
      await this.d.audit.record(
        {
          ...this.who(actor, at),
          action: 'user.account_type',
          targetType: 'user',
          targetId: String(userId),
          before: { account_type_id: this.type(before).id, name: this.type(before).view.name },
          after: { account_type_id: typeId, name: t.view.name, reason },
        },
        trx,
      );
    });
    this.d.bus.publishUsersChanged({ userIds: [userId] });
    (this.d.notifier ?? silentNotifier).notify(userId, { kind: 'account_type', name: t.view.name, reason });
    return t.view;
  }

  /**
   * The run-time settings `margin_call_level` and `stop_out_level` are the default type's levels (one source, DESIGN
   * §16): the settings page reads them from it, and a change there writes the default type in the settings' own
   * transaction (audited there as `settings.update`), every node reloading the types after the commit.
   */
  levelSettings(): LinkedSettings {
    return {
      keys: ['margin_call_level', 'stop_out_level'],
      read: () => ({
        margin_call_level: String(this.defaultType.terms.marginCallLevel),
        stop_out_level: String(this.defaultType.terms.stopOutLevel),
      }),
      write: async (trx, v) => {
        if (this.defaultType.id === 0) return;
        const patch = {
          ...(v.margin_call_level === undefined ? {} : { margin_call_level: Number(v.margin_call_level) }),
          ...(v.stop_out_level === undefined ? {} : { stop_out_level: Number(v.stop_out_level) }),
        };
        await this.d.repo.update(trx, this.defaultType.id, patch, this.d.clock.now());
      },
      committed: () => this.changed(),
    };
  }

  private who(actor: Actor, at: number) {
    return { staffId: actor.staffId, ip: actor.ip, peer: actor.peer, at };
  }

  /** Reloads here and tells the other nodes (after the commit). */
  private async changed(): Promise<void> {
    await this.load();
    this.d.bus.publishAccountTypesChanged();
  }

  /** A row's values with the staff's changes applied, checked together (levels, commission, markup, leverage cap). */
  private values(before: AccountTypeValues | AccountTypeRow, p: AccountTypeUpdateParams): AccountTypeValues {
    const flag = (v: boolean | undefined, was: number) => (v === undefined ? Number(was) : v ? 1 : 0);
    let commission = Number(before.commission_per_lot);
    if (p.commission_per_lot !== undefined) {
      const parsed = parseCommission(p.commission_per_lot);
      if (parsed === undefined) throw refuse('err.commission_invalid');
      commission = microsToStorage(parsed);
    }
    const v: AccountTypeValues = {
      name: p.name ?? before.name,
      description: p.description ?? before.description,
      spread_markup: p.spread_markup ?? Number(before.spread_markup),
      commission_per_lot: commission,
      fee_on_margin: flag(p.fee_on_margin, before.fee_on_margin),
      max_leverage: p.max_leverage === undefined ? before.max_leverage : p.max_leverage,
      margin_call_level: p.margin_call_level ?? Number(before.margin_call_level),
      stop_out_level: p.stop_out_level ?? Number(before.stop_out_level),
      free_margin_mode: p.free_margin_mode ?? before.free_margin_mode,
      swap_free: flag(p.swap_free, before.swap_free),
      pending_margin: p.pending_margin ?? before.pending_margin,
      is_default: flag(p.is_default, before.is_default),
      is_public: flag(p.is_public, before.is_public),
      sort: Number(before.sort),
    };
    const problem = accountTermsCheck(termsOfRow({ ...v, id: 0, created_at: 0, updated_at: 0 }));
    if (problem === 'levels_invalid') throw refuse('err.account_type_levels');
    if (problem === 'commission_invalid') throw refuse('err.commission_invalid');
    if (problem !== 'ok') throw refuse('err.field_invalid');
    return v;
  }
}
