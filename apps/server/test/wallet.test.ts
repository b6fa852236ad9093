import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DepositCoinOption, type DrawCurrency } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { approvedDeposit, approvedKyc, demoUser, ownerCode, realUser, staff, type Staff, type TestUser } from './people.ts';

const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * Money in and out through HTTP: deposits approved or refused, withdrawals paid or given back, their methods, the
 * real-name check that guards withdrawals, races between reviewers, and other users' ids. Every scenario ends with
 * the ledger checker.
 */
describe('wallet', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;
  let coins: DepositCoinOption[];

  /** The cash figures of `forexDetail` (its `credit`, bonuses, is never touched by deposits and withdrawals: 0 here). */
  const balances = async (u: TestUser) => {
    const d = (await u.get(API.forexDetail)).data as { balance: string; lock_balance: string; credit: string };
    expect(d.credit).toBe('0.00');
    return { balance: d.balance, lock_balance: d.lock_balance };
  };

  /** A user with `usd` credited through a real, approved USDT deposit. */
  async function funded(usd: string): Promise<TestUser> {
    const u = await realUser(h, clock);
    await approvedDeposit(u, admin, usd);
    return u;
  }

  /** A user whose real-name verification staff approved. */
  async function verified(u: TestUser, cardId = `ID${Math.floor(Math.random() * 1e9)}`): Promise<void> {
    await approvedKyc(u, admin, cardId);
  }

  async function method(u: TestUser, currency: DrawCurrency, address = TRON): Promise<number> {
    const auth_code = await ownerCode(h, clock, u);
    const r = await u.post(API.bindDrawMethod, { type: 1, draw_id: currency.id, dc_address: address, auth_code });
    expect(r.code, r.msg).toBe(1);
    return r.data.id as number;
  }

  const usdtTrc = async (u: TestUser) =>
    ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'TRC20')!;

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    admin = await staff(h);
    // New methods usable at once here; the hold has its own tests (withdrawal-security.test.ts).
    expect((await admin.postJson(ADMIN_API.settings, { withdraw_method_hold_hours: 0 })).code).toBe(1);
    const probe = await realUser(h, clock);
    coins = (await probe.get(API.depositCoins)).data;
  }, 120_000);
  afterAll(async () => h?.close());

  describe('deposits', () => {
    it('lists the coin channels with their addresses and the bank currencies with their wire details', async () => {
      const u = await realUser(h, clock);
      expect(coins.map((c) => `${c.currency_code}-${c.protocol_code}`)).toEqual(['USDT-TRC20', 'USDT-ERC20', 'BTC-BTC']);
      expect(coins[0]).toMatchObject({ address: expect.stringMatching(/^T/), min_amount: '10', precision: 2, usd_price: '1' });
      const banks = (await u.get(API.depositSymbols)).data;
      expect(banks.map((b: { name: string }) => b.name)).toEqual(['USD', 'EUR', 'HKD']);
      const wire = await u.get(API.wireInfo, { bank_coin: banks[2].id });
      expect(wire.data).toMatchObject({ currency: 'HKD', bank_swift: 'HCBKHKHH', payee_name: 'Tradepad Markets Ltd' });
      expect(await u.get(API.wireInfo, { bank_coin: coins[0]!.id })).toMatchObject({
        code: 0,
        msg: expect.stringMatching(/channel/),
      });
    });

    it('credits an approved coin deposit exactly once, even when two reviewers click at once', async () => {
      const u = await realUser(h, clock);
      const proof = await u.upload();
      const sent = await u.post(API.depositSubmit, { charge_id: coins[0]!.id, number: '250.5', proofImg: proof, address: TRON });
      expect(sent).toMatchObject({ code: 1, data: { status: 0, number: '250.5', usd_amount: '250.50', type: 0 } });
      // A double submit of the same proof makes no second deposit.
      const again = await u.post(API.depositSubmit, { charge_id: coins[0]!.id, number: '250.5', proofImg: proof });
      expect(again.data.id).toBe(sent.data.id);
      expect((await u.get(API.depositList, { type: 0 })).data).toMatchObject({
        total: 1,
        data: [{ id: sent.data.id, status: 0 }],
      });

      const finance = await staff(h, 'finance');
      const decisions = await Promise.all([
        ...Array.from({ length: 6 }, () => admin.post(`${ADMIN_API.deposits}/${sent.data.id}/approve`)),
        ...Array.from({ length: 6 }, () => finance.post(`${ADMIN_API.deposits}/${sent.data.id}/reject`, { remark: 'late' })),
      ]);
      const winners = decisions.filter((d) => d.code === 1);
      expect(winners).toHaveLength(1);
      expect(decisions.filter((d) => d.code === 0).every((d) => /already been reviewed/.test(d.msg))).toBe(true);
      const approved = winners[0]!.msg === 'Approved';
      expect(await balances(u)).toEqual({ balance: approved ? '250.50' : '0.00', lock_balance: '0.00' });
      const listed = (await u.get(API.depositList)).data.data[0];
      expect(listed.status).toBe(approved ? 1 : 2);
      await h.expectLedgerSound();
    });

    it('converts a bank wire at the currency rate and shows a rejection with its remark, moving no money', async () => {
      const u = await realUser(h, clock);
      const hkd = (await u.get(API.depositSymbols)).data[2];
      const w = await u.post(API.wireSubmit, { wire_id: hkd.id, number: '7800', proofImg: await u.upload() });
      expect(w.data).toMatchObject({ type: 1, currency_code: 'HKD', usd_amount: '1000.00', status: 0 });
      const r = await admin.post(`${ADMIN_API.deposits}/${w.data.id}/reject`, { remark: 'The proof does not show the payee' });
      expect(r.code, r.msg).toBe(1);
      expect((await u.get(API.depositList)).data.data[0]).toMatchObject({
        status: 2,
        status_name: 'Rejected',
        remark: 'The proof does not show the payee',
      });
      expect((await balances(u)).balance).toBe('0.00');
      const other = await u.post(API.wireSubmit, { wire_id: hkd.id, number: '800', proofImg: await u.upload() });
      expect((await admin.post(`${ADMIN_API.deposits}/${other.data.id}/reject`, { remark: 'Duplicate', status: 3 })).code).toBe(
        1,
      );
      expect((await u.get(API.depositList)).data.data[0]).toMatchObject({ status: 3, status_name: 'Invalid' });
      // Approved afterwards: refused, the decision stands.
      expect(await admin.post(`${ADMIN_API.deposits}/${w.data.id}/approve`)).toMatchObject({ code: 0 });
      expect((await balances(u)).balance).toBe('0.00');
      await h.expectLedgerSound();
    });

    it('refuses bad deposits with a clear message and writes nothing', async () => {
      const u = await realUser(h, clock);
      const stranger = await realUser(h, clock);
      const proof = await u.upload();
      const strangersProof = await stranger.upload();
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ charge_id: coins[0]!.id, number: '5', proofImg: proof }, /at least 10/],
        [{ charge_id: coins[0]!.id, number: '10.123', proofImg: proof }, /at most 2 decimal places/],
        [{ charge_id: coins[0]!.id, number: '2000000', proofImg: proof }, /at most 1000000/],
        [{ charge_id: coins[0]!.id, number: '-10', proofImg: proof }, /valid amount/],
        [{ charge_id: coins[0]!.id, number: 'NaN', proofImg: proof }, /valid amount/],
        [{ charge_id: coins[0]!.id, number: '1e9', proofImg: proof }, /valid amount/],
        [{ charge_id: coins[0]!.id, number: '100' }, /payment proof/],
        [{ charge_id: coins[0]!.id, number: '100', proofImg: strangersProof }, /not found/],
        [{ charge_id: coins[0]!.id, number: '100', proofImg: '/api/files/../../etc/passwd' }, /not found/],
        [{ charge_id: 99999, number: '100', proofImg: proof }, /channel/],
      ];
      for (const [params, msg] of cases) {
        const r = await u.post(API.depositSubmit, params);
        expect(r, JSON.stringify(params)).toMatchObject({ code: 0, msg: expect.stringMatching(msg), data: null });
      }
      const hk = await h.call('POST', API.depositSubmit, cases[0]![0], { authorization: u.token, lang: 'hk' });
      expect(hk.msg).not.toMatch(/at least/);
      expect((await u.get(API.depositList)).data.total).toBe(0);
      const demo = await demoUser(h);
      for (const path of [
        API.depositCoins,
        API.depositSymbols,
        API.depositList,
        API.drawSymbols,
        API.realNameCenter,
        API.inviteList,
      ])
        expect(await demo.get(path, { type: 1 }), path).toMatchObject({ code: 0, msg: /real accounts/ });
      expect(await demo.post(API.depositSubmit, cases[0]![0])).toMatchObject({ code: 0, msg: /real accounts/ });
    });
  });

  describe('withdrawals', () => {
    it('requires an approved real-name verification, then locks the amount, and a rejection gives it back', async () => {
      const u = await funded('500');
      const usdt = await usdtTrc(u);
      const m = await method(u, usdt);
      const draw = { draw_currency_id: usdt.id, number: '100', draw_method_id: m };
      expect(await u.post(API.draw, draw)).toMatchObject({ code: 0, msg: /real-name verification/ });
      expect((await u.get(API.drawConfig)).data).toEqual({ kyc_required: true, review_status: 0, free_balance: '500.00' });
      await verified(u);

      const r = await u.post(API.draw, { ...draw, memo: 'rent', auth_code: await ownerCode(h, clock, u) });
      expect(r).toMatchObject({
        code: 1,
        data: { status: 0, number: '100.00', fee: '1.00', real_number: '99.00', notes: 'rent', address: TRON },
      });
      expect(await balances(u)).toEqual({ balance: '400.00', lock_balance: '100.00' });

      expect((await admin.post(`${ADMIN_API.withdrawals}/${r.data.id}/reject`, { remark: 'Address under review' })).code).toBe(1);
      expect(await balances(u)).toEqual({ balance: '500.00', lock_balance: '0.00' });
      expect((await u.get(API.drawList)).data.data[0]).toMatchObject({ status: 2, remark: 'Address under review' });
      const ledger = (await u.get(API.ledger)).data.data.map((e: { Value: string; MemoTran: string }) => [e.Value, e.MemoTran]);
      expect(ledger.slice(0, 2)).toEqual([
        ['100.00', `Withdrawal #${r.data.id} rejected: amount returned`],
        ['-100.00', `Withdrawal #${r.data.id} requested: amount held`],
      ]);
      await h.expectLedgerSound();
    });

    it('pays an approved withdrawal out of the locked balance, the fee to the house, exactly once', async () => {
      const u = await funded('1000');
      await verified(u);
      const bank = ((await u.get(API.drawSymbols, { type: 2 })).data as DrawCurrency[]).find((c) => c.code === 'USD')!;
      const bound = await u.post(API.bindDrawMethod, {
        type: 2,
        draw_id: bank.id,
        bank_name: 'Bank of Somewhere',
        bank_address: '1 Main Street',
        bank_swift: 'bosmusxx',
        payee_name: 'Alice Chan',
        payee_account: 'US12 3456 7890',
        auth_code: await ownerCode(h, clock, u),
      });
      expect(bound).toMatchObject({ code: 1, data: { bank_swift: 'BOSMUSXX', payee_account: 'US1234567890' } });
      const r = await u.post(API.draw, {
        draw_currency_id: bank.id,
        number: '600',
        draw_method_id: bound.data.id,
        auth_code: await ownerCode(h, clock, u),
      });
      // 1 % fee.
      expect(r.data).toMatchObject({ fee: '6.00', real_number: '594.00', type: 2, payee_account: 'US1234567890' });
      const decisions = await Promise.all(
        Array.from({ length: 8 }, () =>
          admin.post(`${ADMIN_API.withdrawals}/${r.data.id}/approve`, { transfer_ref: 'WIRE-778' }),
        ),
      );
      expect(decisions.filter((d) => d.code === 1)).toHaveLength(1);
      expect(await balances(u)).toEqual({ balance: '400.00', lock_balance: '0.00' });
      expect((await u.get(API.drawList, { type: 2 })).data.data[0]).toMatchObject({ status: 1, transfer_ref: 'WIRE-778' });
      const audit = (await admin.get(ADMIN_API.audit)).data.data.find(
        (a: { action: string; target_id: string }) => a.action === 'withdrawal.approve' && a.target_id === String(r.data.id),
      );
      expect(JSON.parse(audit.before_json)).toMatchObject({ status: 0 });
      expect(JSON.parse(audit.after_json)).toMatchObject({ status: 1, transfer_ref: 'WIRE-778' });
      await h.expectLedgerSound();
    });

    it('refuses amounts beyond the free balance, the limits, or a method of another currency or user', async () => {
      const u = await funded('300');
      await verified(u);
      const other = await realUser(h, clock);
      const usdt = await usdtTrc(u);
      const m = await method(u, usdt);
      const othersMethod = await method(other, usdt);
      const erc = ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'ERC20')!;
      // A refusal inside the withdrawal's transaction leaves its code unused.
      const auth_code = await ownerCode(h, clock, u);
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ draw_currency_id: usdt.id, number: '300.01', draw_method_id: m, auth_code }, /free balance \(300.00 USD\)/],
        [{ draw_currency_id: usdt.id, number: '5', draw_method_id: m }, /at least 10/],
        [{ draw_currency_id: usdt.id, number: '50000.01', draw_method_id: m }, /at most 50000/],
        [{ draw_currency_id: usdt.id, number: '10.001', draw_method_id: m }, /decimal places/],
        [{ draw_currency_id: usdt.id, number: 'Infinity', draw_method_id: m }, /valid amount/],
        [{ draw_currency_id: usdt.id, number: '100', draw_method_id: othersMethod }, /does not exist/],
        [{ draw_currency_id: erc.id, number: '100', draw_method_id: m }, /another currency/],
        [{ draw_currency_id: usdt.id, number: '100' }, /choose a bound/],
      ];
      for (const [params, msg] of cases)
        expect(await u.post(API.draw, params), JSON.stringify(params)).toMatchObject({
          code: 0,
          msg: expect.stringMatching(msg),
        });
      expect(await balances(u)).toEqual({ balance: '300.00', lock_balance: '0.00' });
      // Two withdrawals at once for most of the balance (one code between them, which serves one): one passes.
      const both = await Promise.all(
        [0, 1].map(() => u.post(API.draw, { draw_currency_id: usdt.id, number: '200', draw_method_id: m, auth_code })),
      );
      expect(both.filter((b) => b.code === 1)).toHaveLength(1);
      expect(await balances(u)).toEqual({ balance: '100.00', lock_balance: '200.00' });
      await h.expectLedgerSound();
    });

    it('checks coin addresses for their network and keeps methods private to their owner', async () => {
      const u = await realUser(h, clock);
      const other = await realUser(h, clock);
      const currencies = (await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[];
      const [trc, erc, btc] = ['TRC20', 'ERC20', 'BTC'].map((p) => currencies.find((c) => c.protocol === p)!);
      const bind = async (draw_id: number, dc_address: string) =>
        u.post(API.bindDrawMethod, { type: 1, draw_id, dc_address, auth_code: await ownerCode(h, clock, u) });
      expect(await bind(trc!.id, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toMatchObject({
        code: 0,
        msg: 'This is not a valid TRC20 address',
      });
      expect(await bind(erc!.id, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toMatchObject({ code: 0, msg: /ERC20/ });
      expect(await bind(btc!.id, TRON)).toMatchObject({ code: 0, msg: /BTC/ });
      expect((await bind(erc!.id, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).code).toBe(1);
      expect((await bind(btc!.id, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).code).toBe(1);
      expect(await bind(btc!.id, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatchObject({ code: 0, msg: /already bound/ });
      expect(await u.post(API.bindDrawMethod, { type: 2, draw_id: trc!.id, bank_name: 'x' })).toMatchObject({ code: 0 });
      expect(await u.post(API.bindDrawMethod, { type: 2, draw_id: 0 })).toMatchObject({ code: 0 });
      const mine = (await u.get(API.getDrawMethod, { draw_type: 1 })).data;
      expect(mine).toHaveLength(2);
      expect(mine[0]).toMatchObject({ draw_currency: { code: 'BTC', protocol: 'BTC' } });
      expect((await u.get(API.getDrawMethod, { draw_type: 1, draw_id: erc!.id })).data).toHaveLength(1);
      expect((await other.get(API.getDrawMethod, { draw_type: 1 })).data).toEqual([]);
      // Another user's id is answered exactly like a missing one.
      const theirs = await other.post(API.delDrawMethod, { id: mine[0].id });
      const missing = await other.post(API.delDrawMethod, { id: 987654 });
      expect(theirs).toEqual(missing);
      expect(theirs).toMatchObject({ code: 0, msg: 'This withdrawal method does not exist' });
      expect((await u.post(API.delDrawMethod, { id: mine[0].id })).code).toBe(1);
      expect((await u.post(API.delDrawMethod, { id: mine[0].id })).code).toBe(0);
    });
  });

  describe('real-name verification', () => {
    it('goes from none to waiting to rejected with a reason, then again to approved', async () => {
      const u = await realUser(h, clock);
      expect((await u.get(API.realNameCenter)).data).toMatchObject({ review_status: 0 });
      const front = await u.upload();
      const back = await u.upload();
      expect(await u.post(API.realName, { name: 'Alice Chan', card_id: 'A1234567', front_pic: front })).toMatchObject({
        code: 0,
        msg: /back of your ID/,
      });
      expect(
        await u.post(API.realName, { name: 'Alice Chan', card_id: 'A1234567', front_pic: front, reverse_pic: front }),
      ).toMatchObject({
        code: 0,
        msg: /two different images/,
      });
      const apply = { name: 'Alice Chan', card_id: 'a1234567', front_pic: front, reverse_pic: back };
      expect((await u.post(API.realName, apply)).data).toMatchObject({ review_status: 1, card_id: 'A1****67' });
      expect(await u.post(API.realName, apply)).toMatchObject({ code: 0, msg: /being reviewed/ });
      const item = (await admin.get(ADMIN_API.kyc, { status: 1, user_id: u.id })).data.data[0];
      expect(item).toMatchObject({ card_id: 'A1234567', front_url: expect.stringContaining('/api/files/') });
      expect((await fetch(`${h.baseUrl}${item.front_url}`)).status).toBe(200);
      // Compliance decides; a content editor may not.
      const content = await staff(h, 'content');
      expect(await content.post(`${ADMIN_API.kyc}/${item.id}/approve`)).toMatchObject({ code: 0 });
      const compliance = await staff(h, 'compliance');
      expect((await compliance.post(`${ADMIN_API.kyc}/${item.id}/reject`, { remark: 'The photo is blurred' })).code).toBe(1);
      expect((await u.get(API.realNameCenter)).data).toMatchObject({ review_status: 3, remark: 'The photo is blurred' });

      const again = await u.post(API.realName, { ...apply, front_pic: await u.upload(), reverse_pic: await u.upload() });
      expect(again.data.review_status).toBe(1);
      const next = (await admin.get(ADMIN_API.kyc, { status: 1, user_id: u.id })).data.data[0];
      expect((await admin.post(`${ADMIN_API.kyc}/${next.id}/approve`)).code).toBe(1);
      expect((await u.get(API.realNameCenter)).data).toMatchObject({ review_status: 2, remark: '' });
      expect(await u.post(API.realName, { ...apply, front_pic: await u.upload(), reverse_pic: await u.upload() })).toMatchObject({
        code: 0,
        msg: /already verified/,
      });

      // The same ID number on another account: taken for review like any other, so the answer never tells a trader
      // that a number is verified elsewhere; the reviewer is told, and cannot approve it.
      const twin = await realUser(h, clock);
      expect(
        (await twin.post(API.realName, { ...apply, front_pic: await twin.upload(), reverse_pic: await twin.upload() })).data,
      ).toMatchObject({ review_status: 1 });
      const twinItem = (await admin.get(ADMIN_API.kyc, { status: 1, user_id: twin.id })).data.data[0];
      expect(await admin.post(`${ADMIN_API.kyc}/${twinItem.id}/approve`)).toMatchObject({ code: 0, msg: /another account/ });
      expect((await admin.post(`${ADMIN_API.kyc}/${twinItem.id}/reject`, { remark: 'Duplicate ID' })).code).toBe(1);
      // Images of another user cannot be attached.
      expect(await twin.post(API.realName, { ...apply, card_id: 'Z9999999' })).toMatchObject({ code: 0, msg: /not found/ });
    });
  });

  describe('invites', () => {
    it('lists the people who registered with the invite code, masked', async () => {
      const inviter = await realUser(h, clock);
      expect((await inviter.get(API.inviteList)).data).toEqual({ invite_code: inviter.invite, data: [], total: 0 });
      const friend = await realUser(h, clock, { invite_code: inviter.invite });
      const list = (await inviter.get(API.inviteList)).data;
      expect(list.total).toBe(1);
      expect(list.data[0].account).toBe(`${friend.email.slice(0, 2)}***@example.com`);
    });
  });
});
