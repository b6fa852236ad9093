import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DrawCurrency } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { approvedKyc, ownerCode, realUser, staff, type Staff, type TestUser } from './people.ts';

const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const DAY = 86_400_000;

/**
 * Issue 29 point 1 (DESIGN §16 "Insiders"): no one person creates money and pays it out. Adjustments by one author to
 * one user count together over 24 h against `adjust_approval_usd`, decided atomically under 50 concurrent requests;
 * bonuses and compensations above `adjust_self_limit_usd` a day per author wait; a withdrawal of a user credited by
 * adjustment in the last 7 days is approved by someone other than its author; a change of either limit waits for a
 * second super admin; every refused staff attempt leaves a `.denied` audit row. Each money scenario ends with the
 * ledger checker.
 */
describe('insiders: money needs two people', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;
  let admin2: Staff;
  let finance: Staff;
  let finance2: Staff;

  const db = () => h.app.tradepad.database.db;
  const audits = (action: string) =>
    db().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  const balance = async (u: TestUser) => ((await u.get(API.forexDetail)).data as { balance: string }).balance;
  const adjust = (by: Staff, u: TestUser, amount: string, kind = 'correction') =>
    by.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount, kind, reason: 'goodwill' });

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    admin = await staff(h);
    admin2 = await staff(h, 'super_admin');
    finance = await staff(h, 'finance');
    finance2 = await staff(h, 'finance');
    expect((await admin.postJson(ADMIN_API.walletSettings, { withdraw_method_hold_hours: 0 })).code).toBe(1);
  }, 120_000);
  afterAll(async () => h?.close());

  it('counts one author’s adjustments to one user over 24 h: 20 × 1,000 USD credit 1,000 and leave 19 waiting', async () => {
    const accomplice = await realUser(h, clock);
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await adjust(finance, accomplice, '1000.00'));
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect(answers.map((a) => a.data.status)).toEqual([1, ...Array<number>(19).fill(0)]);
    expect(await balance(accomplice)).toBe('1000.00');
    // Another author has a running total of their own; a day later the first author's is empty again.
    expect((await adjust(finance2, accomplice, '1000.00')).data.status).toBe(1);
    const financeId = Number((await finance.get(ADMIN_API.me)).data.id);
    await db()
      .updateTable('balance_adjustments')
      .set({ created_at: clock.now() - DAY - 1000 })
      .where('created_by', '=', financeId)
      .execute();
    expect((await adjust(finance, accomplice, '600.00')).data.status).toBe(1);
    expect((await adjust(finance, accomplice, '-500.00')).data.status).toBe(0);
    expect(await balance(accomplice)).toBe('2600.00');
    await h.expectLedgerSound();
  });

  it('decides 50 concurrent adjustments one after another: exactly the threshold is credited', async () => {
    const u = await realUser(h, clock);
    const other = await staff(h, 'finance');
    const answers = await Promise.all(Array.from({ length: 50 }, () => adjust(other, u, '100.00')));
    expect(answers.every((a) => a.code === 1)).toBe(true);
    expect(answers.filter((a) => a.data.status === 1)).toHaveLength(10);
    expect(answers.filter((a) => a.data.status === 0)).toHaveLength(40);
    expect(await balance(u)).toBe('1000.00');

    // The daily gift limit per author, across users, holds under the same race: 50 bonuses of 10 USD to 50 users.
    const giver = await staff(h, 'finance');
    const users = [u, ...(await Promise.all(Array.from({ length: 4 }, () => realUser(h, clock))))];
    const gifts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => adjust(giver, users[i % users.length]!, '10.00', 'bonus')),
    );
    expect(gifts.every((a) => a.code === 1)).toBe(true);
    expect(gifts.filter((a) => a.data.status === 1)).toHaveLength(10);
    await h.expectLedgerSound();
  }, 60_000);

  it('holds bonuses and compensations above adjust_self_limit_usd a day per author for a second staff member', async () => {
    const giver = await staff(h, 'finance');
    const [a, b] = [await realUser(h, clock), await realUser(h, clock)];
    expect((await adjust(giver, a, '60.00', 'bonus')).data.status).toBe(1);
    // 60 + 50 > 100, to another user, as a compensation: it waits.
    const held = await adjust(giver, b, '50.00', 'compensation');
    expect(held.data.status).toBe(0);
    expect((await adjust(giver, b, '40.00', 'compensation')).data.status).toBe(1);
    // A correction is not a gift: only the per-user total counts.
    expect((await adjust(giver, b, '500.00', 'correction')).data.status).toBe(1);
    // Approved by someone else, the held one is credited, and it never counts against its author.
    expect((await finance2.post(`${ADMIN_API.adjustments}/${held.data.id}/approve`)).code).toBe(1);
    expect(await balance(b)).toBe('590.00');
    await h.expectLedgerSound();
  });

  it('lets only someone other than the adjustment’s author approve the credited user’s withdrawal', async () => {
    const officer = await staff(h, 'finance');
    const accomplice = await realUser(h, clock);
    await approvedKyc(accomplice, admin);
    expect((await adjust(officer, accomplice, '1000.00')).data.status).toBe(1);
    const usdt = ((await accomplice.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find(
      (c) => c.protocol === 'TRC20',
    )!;
    const bound = await accomplice.post(API.bindDrawMethod, {
      type: 1,
      draw_id: usdt.id,
      dc_address: TRON,
      auth_code: await ownerCode(h, clock, accomplice),
    });
    expect(bound.code, bound.msg).toBe(1);
    const draw = await accomplice.post(API.draw, {
      draw_currency_id: usdt.id,
      number: '900',
      draw_method_id: bound.data.id,
      auth_code: await ownerCode(h, clock, accomplice),
    });
    expect(draw.code, draw.msg).toBe(1);

    const refused = await officer.post(`${ADMIN_API.withdrawals}/${draw.data.id}/approve`, { transfer_ref: 'TX-1' });
    expect(refused).toMatchObject({ code: 0, msg: expect.stringMatching(/another staff member must approve this withdrawal/) });
    const denied = (await audits('withdrawal.approve.denied'))[0]!;
    expect(denied).toMatchObject({ target_type: 'withdrawal', target_id: String(draw.data.id) });
    expect(Number(denied.staff_id)).toBe(Number((await officer.get(ADMIN_API.me)).data.id));
    expect(JSON.parse(denied.after_json!)).toMatchObject({ refused: 'err.withdrawal_adjuster' });
    // Still waiting, nothing paid: a second staff member pays it.
    const queue = await finance2.get(ADMIN_API.withdrawals, { status: 0, user_id: accomplice.id });
    expect(queue.data.data).toHaveLength(1);
    expect((await finance2.post(`${ADMIN_API.withdrawals}/${draw.data.id}/approve`, { transfer_ref: 'TX-1' })).code).toBe(1);
    await h.expectLedgerSound();
  });

  it('lets the author approve again once the credit is over 7 days old', async () => {
    const officer = await staff(h, 'finance');
    const u = await realUser(h, clock);
    await approvedKyc(u, admin);
    const credited = await adjust(officer, u, '300.00');
    await db()
      .updateTable('balance_adjustments')
      .set({ reviewed_at: clock.now() - 7 * DAY - 1000 })
      .where('id', '=', credited.data.id)
      .execute();
    const usdt = ((await u.get(API.drawSymbols, { type: 1 })).data as DrawCurrency[]).find((c) => c.protocol === 'TRC20')!;
    const bound = await u.post(API.bindDrawMethod, {
      type: 1,
      draw_id: usdt.id,
      dc_address: TRON,
      auth_code: await ownerCode(h, clock, u),
    });
    const draw = await u.post(API.draw, {
      draw_currency_id: usdt.id,
      number: '100',
      draw_method_id: bound.data.id,
      auth_code: await ownerCode(h, clock, u),
    });
    expect(draw.code, draw.msg).toBe(1);
    expect((await officer.post(`${ADMIN_API.withdrawals}/${draw.data.id}/approve`, { transfer_ref: 'TX-2' })).code).toBe(1);
    await h.expectLedgerSound();
  });

  it('holds a change of the adjustment limits for a second super admin, then applies it', async () => {
    const asked = await admin.postJson(ADMIN_API.settings, { adjust_approval_usd: '250000', service_link_type: '2' });
    expect(asked).toMatchObject({ code: 1, msg: expect.stringMatching(/Sent for approval/) });
    // The other setting took effect; the limit did not.
    expect(asked.data).toMatchObject({ adjust_approval_usd: '1000', service_link_type: '2' });
    expect(await h.app.tradepad.settings.int('adjust_approval_usd')).toBe(1000);
    const pending = (await admin2.get(ADMIN_API.changes, { status: 0 })).data.data as Array<Record<string, unknown>>;
    const change = pending.find((c) => c.kind === 'setting')!;
    expect(change).toMatchObject({
      target: 'adjust_approval_usd',
      before: { adjust_approval_usd: '1000' },
      after: { adjust_approval_usd: '250000' },
      status: 0,
    });
    expect((await audits('change.request'))[0]).toMatchObject({ target_id: String(change.id) });

    // Its author may not decide it; nor may finance (a setting is a super admin's); both attempts audited.
    expect(await admin.post(`${ADMIN_API.changes}/${change.id}/approve`)).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/other than the one who asked/),
    });
    expect(await finance2.post(`${ADMIN_API.changes}/${change.id}/approve`)).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/Only a super admin/),
    });
    expect(await admin.post(`${ADMIN_API.changes}/${change.id}/reject`, { remark: 'mine' })).toMatchObject({ code: 0 });
    expect((await audits('change.approve.denied')).slice(0, 2).map((a) => JSON.parse(a.after_json!).refused)).toEqual([
      'err.change_role',
      'err.change_own',
    ]);
    expect(await audits('change.reject.denied')).toHaveLength(1);
    expect(await h.app.tradepad.settings.int('adjust_approval_usd')).toBe(1000);

    const approved = await admin2.post(`${ADMIN_API.changes}/${change.id}/approve`);
    expect(approved).toMatchObject({ code: 1, data: { status: 1 } });
    expect((await admin.get(ADMIN_API.settings)).data.adjust_approval_usd).toBe('250000');
    expect(await admin2.post(`${ADMIN_API.changes}/${change.id}/approve`)).toMatchObject({ code: 0 });
    expect((await audits('change.approve'))[0]).toMatchObject({ target_id: String(change.id) });

    // A rejected change of the self limit changes nothing.
    await admin2.postJson(ADMIN_API.settings, { adjust_self_limit_usd: '5000' });
    const self = ((await admin.get(ADMIN_API.changes, { status: 0 })).data.data as Array<{ id: number; target: string }>).find(
      (c) => c.target === 'adjust_self_limit_usd',
    )!;
    expect((await admin.post(`${ADMIN_API.changes}/${self.id}/reject`, { remark: 'Too high' })).code).toBe(1);
    expect((await admin.get(ADMIN_API.settings)).data.adjust_self_limit_usd).toBe('100');
    expect((await admin.get(ADMIN_API.changes, { status: 2 })).data.data[0]).toMatchObject({ id: self.id, remark: 'Too high' });
  });

  it('audits a call refused for the caller’s role as <object>.<verb>.denied', async () => {
    const support = await staff(h, 'support');
    const u = await realUser(h, clock);
    expect(await support.post(`${ADMIN_API.users}/${u.id}/adjust`, { amount: '5.00', kind: 'bonus', reason: 'x' })).toMatchObject(
      {
        code: 0,
      },
    );
    expect(await support.post(ADMIN_API.settings, { service_link_type: '1' })).toMatchObject({ code: 0 });
    const supportId = Number((await support.get(ADMIN_API.me)).data.id);
    const adjustDenied = (await audits('user.adjust.denied'))[0]!;
    expect(adjustDenied).toMatchObject({ target_type: 'user', target_id: String(u.id) });
    expect(Number(adjustDenied.staff_id)).toBe(supportId);
    expect(JSON.parse(adjustDenied.after_json!)).toEqual({
      refused: 'err.forbidden',
      method: 'POST',
      path: '/admin/api/users/:id/adjust',
    });
    expect(Number((await audits('settings.update.denied'))[0]!.staff_id)).toBe(supportId);
    // The audit page finds them by object, like any other action.
    const page = await admin.get(ADMIN_API.audit, { action: 'user.adjust.denied' });
    expect(page.data.total).toBeGreaterThanOrEqual(1);
  });
});
