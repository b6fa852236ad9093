import { DRAW_BANK, DRAW_COIN, KYC_APPROVED, KYC_WAITING, type KycStatus } from '@tradepad/contracts';
import { micros, parseMoney, type Micros } from '@tradepad/domain';
import { describe, expect, it } from 'vitest';
import { refuse } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { ManualClock } from '../../ports/clock.ts';
import type { UserNotice } from '../../ports/notifier.ts';
import type { JournalEntry, LedgerRepository } from '../ledger/ledger.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { WalletRepository } from './wallet.repository.ts';
import { WalletService } from './wallet.service.ts';
import { isRealUser, type RealUser } from '../../core/access.ts';
import { testUserRow } from '../../db/user-row.testing.ts';

const NOW = Date.UTC(2026, 10, 18, 14, 0, 0);
const HOUR = 3_600_000;
const USER_ID = 7;

const row = (over: Partial<UserRow> = {}): UserRow => testUserRow({ id: USER_ID, created_at: NOW, updated_at: NOW, ...over });

/** A real trader, as the router hands the wallet's calls one (a demo row never gets this far). */
const user = (over: Partial<UserRow> = {}): RealUser => {
  const r = row(over);
  if (!isRealUser(r)) throw new Error('a demo row');
  return r;
};

/** USDT on TRC20: a fixed fee of 1 USD, 10 to 10 000 USD, 1 USDT per USD. */
const USDT = {
  id: 3,
  type: DRAW_COIN,
  code: 'USDT',
  protocol: 'TRC20',
  draw_rate: '1',
  fee_type: 1,
  usd_price: '1',
  min_amount: '10',
  max_amount: '10000',
  precision: 6,
  enabled: 1,
  sort: 1,
  created_at: 0,
  updated_at: 0,
};

/** A bank account bound to USDT's id two days ago (past any hold), unless a test says otherwise. */
const method = (over: Record<string, unknown> = {}) => ({
  id: 11,
  user_id: USER_ID,
  type: DRAW_COIN,
  draw_id: USDT.id,
  dc_address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  remark: '',
  created_at: NOW - 48 * HOUR,
  deleted_at: null,
  ...over,
});

/**
 * The wallet on fakes: a database whose transaction runs the callback on a marker object, a ledger holding one cash
 * balance, a repository of one currency and the methods a test binds, and the owner's proof as a spy.
 */
function wallet(opts: {
  cash?: string;
  floating?: string;
  kycRequired?: boolean;
  kyc?: KycStatus;
  holdHours?: number;
  waiting?: number;
  methods?: Array<ReturnType<typeof method>>;
  proofRefused?: boolean;
  /** Changes to the one withdrawal currency (USDT unless told otherwise). */
  currency?: Partial<typeof USDT>;
}) {
  const currency = { ...USDT, ...opts.currency };
  const trx = {} as Tx;
  const db = { transaction: () => ({ execute: <T>(fn: (t: Tx) => Promise<T>) => fn(trx) }) } as unknown as Db;
  const posted: JournalEntry[] = [];
  const inserted: Array<Record<string, unknown>> = [];
  const proofsUsed: Tx[] = [];
  const notices: UserNotice[] = [];
  const cash = parseMoney(opts.cash ?? '1000');
  const methods = opts.methods ?? [method()];
  const ledger = {
    balance: async () => cash,
    lockBalance: async () => cash,
    post: async (_trx: Tx, entry: JournalEntry) => void posted.push(entry),
  };
  const repo = {
    drawCurrency: async (id: number) => (id === currency.id ? currency : undefined),
    method: async (_userId: number, id: number) => methods.find((m) => m.id === id),
    methods: async () => methods,
    waitingWithdrawals: async () => opts.waiting ?? 0,
    insertWithdrawal: async (_trx: Tx, row: Record<string, unknown>) => inserted.push(row) + 100,
    withdrawal: async (_db: Db, id: number) => ({ ...inserted[id - 101]!, id, reviewed_at: null, reviewed_by: null }),
    insertMethod: async (row: Record<string, unknown>) => inserted.push(row) + 200,
    deleteMethod: async (_userId: number, id: number) => methods.some((m) => m.id === id),
  };
  const settings = {
    get: async (key: string) => (key === 'withdraw_requires_kyc' && opts.kycRequired ? '1' : '0'),
    int: async (key: string) => (key === 'withdraw_method_hold_hours' ? (opts.holdHours ?? 24) : 0),
  };
  const service = new WalletService({
    db,
    repo: repo as unknown as WalletRepository,
    ledger: ledger as unknown as LedgerRepository,
    settings: settings as unknown as SettingsService,
    images: { owned: async () => true, signedUrl: (name) => `/files/${name}` },
    engine: { floating: async () => parseMoney(opts.floating ?? '0') },
    kycStatus: async () => opts.kyc ?? KYC_APPROVED,
    owner: {
      check: async () => {
        if (opts.proofRefused) throw refuse('err.code_expired');
        return async (t) => void proofsUsed.push(t);
      },
    },
    notifier: { notify: (_userId, notice) => void notices.push(notice) },
    clock: new ManualClock(NOW),
  });
  return { service, trx, posted, inserted, proofsUsed, notices };
}

const draw = (over: Record<string, unknown> = {}) => ({
  currencyId: USDT.id,
  methodId: 11,
  number: '100',
  auth_code: '123456',
  ip: '203.0.113.9',
  ...over,
});

/** What an entry moves: the sum of its credits (its debits balance them). */
const amountOf = (entry: JournalEntry | undefined): Micros =>
  micros((entry?.postings ?? []).filter((p) => p.amount > 0n).reduce((s, p) => s + p.amount, 0n));

describe('WalletService.draw', () => {
  it('locks the amount and records the withdrawal with its fee and what arrives, using the proof in the same transaction', async () => {
    const w = wallet({});
    const record = await w.service.draw(user(), 'en', draw());
    expect(record).toMatchObject({ number: '100.00', fee: '1.00', real_number: '99.00' });
    expect(w.inserted[0]).toMatchObject({ amount: 100_000_000, fee: 1_000_000, received: 99_000_000, method_id: 11 });
    expect(amountOf(w.posted[0])).toBe(parseMoney('100'));
    expect(w.proofsUsed).toEqual([w.trx]);
    expect(w.notices).toEqual([expect.objectContaining({ kind: 'withdrawal_requested', amount: parseMoney('100') })]);
  });

  it('serves real accounts only: a demo row is not a RealUser (the router refuses it, err.only_real_account)', () => {
    expect(isRealUser(row({ is_demo: 1 }))).toBe(false);
    expect(isRealUser(row())).toBe(true);
  });

  it('asks for an approved identity only while the setting requires it', async () => {
    const required = wallet({ kycRequired: true, kyc: KYC_WAITING });
    await expect(required.service.draw(user(), 'en', draw())).rejects.toMatchObject({ key: 'err.kyc_required' });
    expect(required.posted).toHaveLength(0);
    const optional = wallet({ kycRequired: false, kyc: KYC_WAITING });
    await optional.service.draw(user(), 'en', draw());
    expect(optional.posted).toHaveLength(1);
  });

  it.each([
    ['an unknown currency', { currencyId: 99 }, 'err.channel_unknown'],
    ['an unknown method', { methodId: 99 }, 'err.method_unknown'],
    ['more decimals than cents', { number: '10.001' }, 'err.amount_precision'],
    ['less than the minimum', { number: '9.99' }, 'err.amount_below_min'],
    ['more than the maximum', { number: '10000.01' }, 'err.amount_above_max'],
    ['a word for an amount', { number: 'ten' }, 'err.amount_invalid'],
  ])('refuses %s and writes nothing', async (_case, over, key) => {
    const w = wallet({});
    await expect(w.service.draw(user(), 'en', draw(over))).rejects.toMatchObject({ key });
    expect(w.posted).toHaveLength(0);
    expect(w.proofsUsed).toHaveLength(0);
  });

  it("refuses a method bound to another currency than the withdrawal's", async () => {
    const w = wallet({ methods: [method({ draw_id: 4 })] });
    await expect(w.service.draw(user(), 'en', draw())).rejects.toMatchObject({ key: 'err.method_currency_mismatch' });
  });

  it('holds a new method for the configured hours, naming when it becomes usable', async () => {
    const fresh = wallet({ holdHours: 24, methods: [method({ created_at: NOW - 23 * HOUR })] });
    await expect(fresh.service.draw(user(), 'en', draw())).rejects.toMatchObject({
      key: 'err.method_on_hold',
      params: { time: expect.any(String) },
    });
    const held = wallet({ holdHours: 24, methods: [method({ created_at: NOW - 24 * HOUR })] });
    await held.service.draw(user(), 'en', draw());
    expect(held.posted).toHaveLength(1);
  });

  it('never takes more than the free balance: the cash less the floating loss of open positions', async () => {
    const w = wallet({ cash: '100', floating: '-30' });
    await expect(w.service.draw(user(), 'en', draw({ number: '70.01' }))).rejects.toMatchObject({
      key: 'err.amount_above_free',
      params: { free: '70.00' },
    });
    expect(w.inserted).toHaveLength(0);
    await w.service.draw(user(), 'en', draw({ number: '70' }));
    expect(amountOf(w.posted[0])).toBe(parseMoney('70'));
  });

  it('refuses an amount the fee eats, naming the least that arrives', async () => {
    const w = wallet({ currency: { draw_rate: '10', min_amount: '1' } });
    await expect(w.service.draw(user(), 'en', draw({ number: '10' }))).rejects.toMatchObject({
      key: 'err.amount_below_min',
      params: { min: '10.01' },
    });
    expect(w.posted).toHaveLength(0);
  });

  it('refuses a sixth withdrawal waiting for review', async () => {
    const w = wallet({ waiting: 5 });
    await expect(w.service.draw(user(), 'en', draw())).rejects.toMatchObject({
      key: 'err.withdraw_pending_limit',
      params: { max: 5 },
    });
    expect(w.posted).toHaveLength(0);
  });

  it("writes nothing when the owner's proof is refused", async () => {
    const w = wallet({ proofRefused: true });
    await expect(w.service.draw(user(), 'en', draw())).rejects.toMatchObject({ key: 'err.code_expired' });
    expect(w.inserted).toHaveLength(0);
    expect(w.posted).toHaveLength(0);
  });
});

describe('WalletService methods and the withdrawal screen', () => {
  it('shows the free balance at the floating P/L', async () => {
    const w = wallet({ cash: '500', floating: '-120.5', kycRequired: true, kyc: KYC_WAITING });
    expect(await w.service.drawConfig(user())).toEqual({
      kyc_required: true,
      review_status: KYC_WAITING,
      free_balance: '379.50',
    });
  });

  it("refuses a coin address that is not one of the currency's network", async () => {
    const w = wallet({ methods: [] });
    await expect(
      w.service.bindMethod(user(), { type: DRAW_COIN, draw_id: USDT.id, dc_address: 'not-an-address' }, { ip: '203.0.113.9' }),
    ).rejects.toMatchObject({ key: 'err.address_invalid', params: { network: 'TRC20' } });
  });

  it('refuses a method of the wrong kind for the currency, one bound already, and an eleventh', async () => {
    const bank = {
      type: DRAW_BANK,
      draw_id: USDT.id,
      bank_name: 'B',
      bank_address: 'A',
      bank_swift: 'S',
      payee_name: 'P',
      payee_account: '1',
    } as const;
    await expect(wallet({ methods: [] }).service.bindMethod(user(), bank, { ip: '1.1.1.1' })).rejects.toMatchObject({
      key: 'err.channel_unknown',
    });
    const usdBank = { type: DRAW_BANK, code: 'USD', protocol: '' };
    const bound = method({ type: DRAW_BANK, dc_address: '', bank_name: 'B', payee_account: '1' });
    await expect(
      wallet({ currency: usdBank, methods: [bound] }).service.bindMethod(user(), bank, { ip: '1.1.1.1' }),
    ).rejects.toMatchObject({ key: 'err.method_exists' });
    const full = Array.from({ length: 10 }, (_, i) => method({ id: 20 + i, type: DRAW_BANK, payee_account: String(i + 2) }));
    await expect(
      wallet({ currency: usdBank, methods: full }).service.bindMethod(user(), bank, { ip: '1.1.1.1' }),
    ).rejects.toMatchObject({
      key: 'err.method_limit',
      params: { max: 10 },
    });
  });

  it("refuses to delete a method that is not the trader's", async () => {
    const w = wallet({});
    await expect(w.service.deleteMethod(user(), 99)).rejects.toMatchObject({ key: 'err.method_unknown' });
    await w.service.deleteMethod(user(), 11);
  });
});
