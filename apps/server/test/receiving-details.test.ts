import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type DepositChannel, type WireChannel } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { realUser, staff, type Staff, type TestUser } from './people.ts';

const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const MINE = 'TWd4WrZ9wn84f5x1hZhL4DHvk738ns5jwb';
const OTHER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const THIRD = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * Issue 29 point 1 (DESIGN §16 "Insiders"): one finance user cannot redirect client deposits. A new deposit address,
 * new wire details or a new channel wait in the changes queue (`GET /admin/api/changes?status=0`) and reach traders
 * only when a second staff member approves (`POST changes/:id/approve`); a rejection changes nothing; the author
 * cannot decide their own; a change asked on details that changed since cannot be approved. Limits alone take effect
 * at once. Every request and decision is audited.
 */
describe('receiving details need a second staff member', () => {
  let h: Harness;
  let clock: ManualClock;
  let finance: Staff;
  let finance2: Staff;
  let trader: TestUser;

  const audits = (action: string) =>
    h.app.tradepad.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();
  const channels = async (): Promise<DepositChannel[]> => (await finance.get(ADMIN_API.depositChannels)).data;
  const trc = async () => (await channels()).find((c) => c.protocol_code === 'TRC20')!;
  const traderSees = async () =>
    ((await trader.get(API.depositCoins)).data as Array<{ id: number; protocol_code: string; address: string }>).find(
      (c) => c.protocol_code === 'TRC20',
    )!;
  const editable = (c: DepositChannel) => {
    const { id: _id, ...fields } = c;
    return fields;
  };

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    finance = await staff(h, 'finance');
    finance2 = await staff(h, 'finance');
    trader = await realUser(h, clock);
  }, 120_000);
  afterAll(async () => h?.close());

  it('keeps a new deposit address from traders until a second staff member approves it', async () => {
    const before = await trc();
    const seen = (await traderSees()).address;
    const asked = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, { ...editable(before), address: MINE });
    expect(asked).toMatchObject({
      code: 1,
      msg: expect.stringMatching(/Sent for approval/),
      data: { id: before.id, address: before.address, pending_change_id: expect.any(Number) },
    });
    expect((await traderSees()).address).toBe(seen);
    const change = (await finance2.get(ADMIN_API.changes, { status: 0 })).data.data[0];
    expect(change).toMatchObject({
      id: asked.data.pending_change_id,
      kind: 'deposit_channel',
      target: String(before.id),
      before: { address: before.address },
      after: { address: MINE },
      status: 0,
    });
    expect((await audits('change.request'))[0]).toMatchObject({ target_id: String(change.id) });

    // The author may not decide it, and the attempt is audited.
    expect(await finance.post(`${ADMIN_API.changes}/${change.id}/approve`)).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/other than the one who asked/),
    });
    expect((await audits('change.approve.denied'))[0]).toMatchObject({ target_type: 'change', target_id: String(change.id) });
    expect((await traderSees()).address).toBe(seen);

    const approved = await finance2.post(`${ADMIN_API.changes}/${change.id}/approve`);
    expect(approved).toMatchObject({ code: 1, data: { status: 1, reviewed_by_email: expect.any(String) } });
    expect((await traderSees()).address).toBe(MINE);
    expect((await audits('change.approve'))[0]).toMatchObject({ target_id: String(change.id) });
    expect((await finance2.get(ADMIN_API.changes, { status: 1 })).data.data[0]).toMatchObject({ id: change.id });
    expect((await finance2.get(ADMIN_API.changes, { status: 0 })).data.total).toBe(0);
  });

  it('applies limits at once, and a rejected change leaves the address as it was', async () => {
    const before = await trc();
    const limits = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, { ...editable(before), min_amount: '20' });
    expect(limits).toMatchObject({ code: 1, msg: 'Saved', data: { min_amount: '20', pending_change_id: null } });

    const asked = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, {
      ...editable(before),
      min_amount: '20',
      address: OTHER,
    });
    const id = asked.data.pending_change_id as number;
    expect(await finance2.post(`${ADMIN_API.changes}/${id}/reject`, {})).toMatchObject({ code: 0 });
    expect((await finance2.post(`${ADMIN_API.changes}/${id}/reject`, { remark: 'Not our wallet' })).data).toMatchObject({
      status: 2,
      remark: 'Not our wallet',
    });
    expect((await traderSees()).address).toBe(before.address);
    expect(await finance2.post(`${ADMIN_API.changes}/${id}/approve`)).toMatchObject({ code: 0 });
    expect((await traderSees()).address).toBe(before.address);
  });

  it('decides a change once when approvals and a rejection arrive together', async () => {
    const before = await trc();
    const asked = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, { ...editable(before), address: OTHER });
    const id = asked.data.pending_change_id as number;
    const finance3 = await staff(h, 'finance');
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => (i % 2 ? finance2 : finance3).post(`${ADMIN_API.changes}/${id}/approve`)),
      finance3.post(`${ADMIN_API.changes}/${id}/reject`, { remark: 'racing' }),
    ]);
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    const decided =
      (await audits('change.approve')).filter((a) => a.target_id === String(id)).length +
      (await audits('change.reject')).filter((a) => a.target_id === String(id)).length;
    expect(decided).toBe(1);
    // Put the address back for the tests that follow, through the queue as any change.
    const now = await trc();
    if (now.address !== before.address) {
      const back = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, {
        ...editable(now),
        address: before.address,
      });
      expect((await finance2.post(`${ADMIN_API.changes}/${back.data.pending_change_id as number}/approve`)).code).toBe(1);
    }
  });

  it('refuses to approve a change asked on details that changed since', async () => {
    const before = await trc();
    const first = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, { ...editable(before), address: OTHER });
    const second = await finance.postJson(`${ADMIN_API.depositChannels}/${before.id}`, {
      ...editable(before),
      address: THIRD,
      precision: 4,
    });
    expect((await finance2.post(`${ADMIN_API.changes}/${first.data.pending_change_id}/approve`)).code).toBe(1);
    expect(await finance2.post(`${ADMIN_API.changes}/${second.data.pending_change_id}/approve`)).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/changed since/),
    });
    expect((await traderSees()).address).toBe(OTHER);
    expect((await finance2.get(ADMIN_API.changes, { status: 0 })).data.data[0]).toMatchObject({
      id: second.data.pending_change_id,
    });
  });

  it('holds new wire details and a new channel the same way', async () => {
    const wires: WireChannel[] = (await finance.get(ADMIN_API.wireChannels)).data;
    const wire = wires[0]!;
    const { id: _id, ...fields } = wire;
    const asked = await finance.postJson(`${ADMIN_API.wireChannels}/${wire.id}`, { ...fields, payee_account: '99887766' });
    expect(asked.data).toMatchObject({ payee_account: wire.payee_account, pending_change_id: expect.any(Number) });
    const info = async () => (await trader.get(API.wireInfo, { bank_coin: wire.id })).data as Record<string, unknown>;
    expect(JSON.stringify(await info())).not.toContain('99887766');
    expect((await finance2.post(`${ADMIN_API.changes}/${asked.data.pending_change_id}/approve`)).code).toBe(1);
    expect(JSON.stringify(await info())).toContain('99887766');

    const count = (await channels()).length;
    const added = await finance.postJson(ADMIN_API.depositChannels, {
      ...editable(await trc()),
      currency_code: 'USDC',
      address: MINE,
    });
    expect(added).toMatchObject({ code: 1, data: { id: 0, currency_code: 'USDC', pending_change_id: expect.any(Number) } });
    expect(await channels()).toHaveLength(count);
    const change = (await finance2.get(ADMIN_API.changes, { status: 0 })).data.data[0];
    expect(change).toMatchObject({
      kind: 'deposit_channel',
      target: '',
      before: null,
      after: { currency_code: 'USDC', address: MINE },
    });
    expect((await finance2.post(`${ADMIN_API.changes}/${change.id}/approve`)).code).toBe(1);
    expect((await channels()).find((c) => c.currency_code === 'USDC')).toMatchObject({ address: MINE });
  });

  it('lets only the money desk see and decide the queue, auditing the others', async () => {
    const content = await staff(h, 'content');
    expect(await content.get(ADMIN_API.changes, { status: 0 })).toMatchObject({ code: 0 });
    expect(await content.post(`${ADMIN_API.changes}/1/approve`)).toMatchObject({ code: 0 });
    expect((await audits('change.view.denied'))[0]).toMatchObject({ target_type: 'change' });
    expect((await audits('change.approve.denied'))[0]).toMatchObject({ target_id: '1' });
    await h.expectLedgerSound();
  });
});
