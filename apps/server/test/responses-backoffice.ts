import { expect } from 'vitest';
import { generate } from 'otplib';
import { ADMIN_API, API } from '@tradepad/contracts';
import type { ManualClock } from '../src/ports/clock.ts';
import { ADMIN, type Envelope, type Harness } from './harness.ts';
import { demoUser, realUser, staff, type Staff } from './people.ts';
import { nextStaffCode } from './staff-totp.ts';

/** What `responses.test.ts` hands its parts: the server, its clock, a super admin and the schema check. */
export interface ResponsesContext {
  h: Harness;
  clock: ManualClock;
  admin: Staff;
  id: (code: string) => number;
  tick: (code: string, bid: string) => void;
  expectAnswer: (path: string, env: Envelope, method?: 'GET' | 'POST') => any;
}

/**
 * The back office calls of `responses.test.ts`, each made for real and its answer checked against its schema (kept
 * apart so that file stays within the house's 600 lines). Signs the super admin out at the end: the caller signs in again.
 */
export async function describeBackOfficeCalls({ h, clock, admin, id, tick, expectAnswer }: ResponsesContext): Promise<void> {
  const get = async (path: string, params?: Record<string, unknown>) => expectAnswer(path, await admin.get(path, params), 'GET');
  const post = async (path: string, params?: Record<string, unknown>) =>
    expectAnswer(path, await admin.post(path, params), 'POST');
  const totp = await nextStaffCode(h.staffSecrets, ADMIN.email, h.now());
  const login = await h.call('POST', ADMIN_API.login, { email: ADMIN.email, password: ADMIN.password, totp });
  expect(expectAnswer(ADMIN_API.login, login, 'POST')).toMatchObject({ role: 'super_admin', totp_pending: false });
  expect(await get(ADMIN_API.me)).toMatchObject({ role: 'super_admin' });
  const desk = await post(ADMIN_API.staff, {
    email: 'desk@tradepad.example',
    name: 'Desk',
    password: 'Desk-12345x',
    role: 'dealer',
  });
  expectAnswer(`${ADMIN_API.staff}/:id`, await admin.post(`${ADMIN_API.staff}/${desk.id}`, { role: 'support' }), 'POST');
  expect((await get(ADMIN_API.staff)).length).toBe(2);
  expect((await get(ADMIN_API.audit)).total).toBeGreaterThan(0);
  await get(ADMIN_API.outbox, { channel: 'sms' });
  // Mail goes through SMTP here: one message kept in the outbox by hand, to be revealed.
  const { id: kept } = await h.app.tradepad.database.db
    .insertInto('outbox')
    .values({ channel: 'sms', recipient: '+85251234567', subject: '', body: 'Code 123456', secret: '123456', created_at: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  expectAnswer(`${ADMIN_API.outbox}/:id/reveal`, await admin.post(`${ADMIN_API.outbox}/${kept}/reveal`), 'POST');
  // Each configuration list; one of its rows saved back unchanged, as the console's edit form does; a new one added.
  const added = { address: 'TWd4WrZ9wn84f5x1hZhL4DHvk738ns5jwb', name: 'CHF', code: 'DAI' };
  for (const list of [ADMIN_API.depositChannels, ADMIN_API.wireChannels, ADMIN_API.drawCurrencies] as const) {
    const [row] = await get(list);
    expectAnswer(`${list}/:id`, await admin.postJson(`${list}/${row.id}`, row), 'POST');
    const { id: _id, ...fields } = row;
    expectAnswer(list, await admin.postJson(list, { ...fields, ...added, enabled: false }), 'POST');
  }
  // The channels added above wait in the changes queue for a second staff member (issue 29).
  const checker = await staff(h, 'finance');
  const queued = expectAnswer(ADMIN_API.changes, await checker.get(ADMIN_API.changes, { status: 0 }), 'GET');
  expect(queued.data).toHaveLength(2);
  expectAnswer(
    `${ADMIN_API.changes}/:id/approve`,
    await checker.post(`${ADMIN_API.changes}/${queued.data[0].id}/approve`),
    'POST',
  );
  expectAnswer(
    `${ADMIN_API.changes}/:id/reject`,
    await checker.post(`${ADMIN_API.changes}/${queued.data[1].id}/reject`, { remark: 'not ours' }),
    'POST',
  );
  // A real-name application turned down.
  const v = await realUser(h, clock);
  const application = { name: 'Bob Lee', card_id: 'ID20261119', front_pic: await v.upload(), reverse_pic: await v.upload() };
  expect((await v.post(API.realName, application)).code).toBe(1);
  // Asked for more first (issue 32), then submitted again and turned down.
  const [asked] = (await get(ADMIN_API.kyc, { status: 1, user_id: v.id })).data;
  expectAnswer(`${ADMIN_API.kyc}/:id/more`, await admin.post(`${ADMIN_API.kyc}/${asked.id}/more`, { message: 'a selfie' }));
  expect((await v.post(API.realName, { ...application, selfie: await v.upload() })).code).toBe(1);
  const [waiting] = (await get(ADMIN_API.kyc, { status: 1, user_id: v.id })).data;
  expectAnswer(`${ADMIN_API.kyc}/:id/reject`, await admin.post(`${ADMIN_API.kyc}/${waiting.id}/reject`, { remark: 'blurred' }));
  // Users: found, looked at and acted on; an adjustment above the threshold approved by a second staff member.
  expect((await get(ADMIN_API.users, { q: v.email })).total).toBe(1);
  const user = (path: string) => `${ADMIN_API.users}/${v.id}${path}`;
  expect(expectAnswer(`${ADMIN_API.users}/:id`, await admin.get(user('')), 'GET')).toMatchObject({ id: v.id });
  expectAnswer(`${ADMIN_API.users}/:id/status`, await admin.post(user('/status'), { trading_enabled: 0 }), 'POST');
  expectAnswer(`${ADMIN_API.users}/:id/notes`, await admin.post(user('/notes'), { text: 'asked for a bonus' }), 'POST');
  const setup = await v.post(API.totpSetup);
  expect(
    (await v.post(API.totpEnable, { code: await generate({ secret: setup.data.secret, epoch: Math.floor(h.now() / 1000) }) }))
      .code,
  ).toBe(1);
  expectAnswer(`${ADMIN_API.users}/:id/totp/reset`, await admin.post(user('/totp/reset')), 'POST');
  expectAnswer(`${ADMIN_API.users}/:id/sessions/revoke`, await admin.post(user('/sessions/revoke')), 'POST');
  const desk2 = await staff(h, 'finance');
  const big = expectAnswer(
    `${ADMIN_API.users}/:id/adjust`,
    await desk2.post(user('/adjust'), { amount: '1500.00', kind: 'bonus', reason: 'campaign' }),
    'POST',
  );
  const small = await desk2.post(user('/adjust'), { amount: '2000.00', kind: 'bonus', reason: 'campaign' });
  expect((await get(ADMIN_API.adjustments, { status: 0 })).total).toBe(2);
  expectAnswer(`${ADMIN_API.adjustments}/:id/approve`, await admin.post(`${ADMIN_API.adjustments}/${big.id}/approve`), 'POST');
  expectAnswer(
    `${ADMIN_API.adjustments}/:id/reject`,
    await admin.post(`${ADMIN_API.adjustments}/${small.data.id}/reject`, { remark: 'one is enough' }),
    'POST',
  );
  await get(ADMIN_API.walletSettings);
  await post(ADMIN_API.walletSettings, { withdraw_requires_kyc: 1 });
  const instruments = await get(ADMIN_API.instruments);
  const first = instruments.data[0] as { Id: number; spread: number };
  expectAnswer(
    `${ADMIN_API.instruments}/:id`,
    await admin.postJson(`${ADMIN_API.instruments}/${first.Id}`, { spread: first.spread }),
    'POST',
  );
  expectAnswer(
    ADMIN_API.instruments,
    await admin.postJson(ADMIN_API.instruments, {
      code: 'RSPX',
      names: { en: 'Responses index' },
      category_id: 4,
      precision: 1,
      contract_size: 1,
      start_price: '100.0',
      leverage: [10],
      spread: 5,
      min_lots: '0.1',
      max_lots: '10',
      lot_step: '0.1',
      hours: { timeZone: 'UTC', rollover: 0, sessions: [{ day: 1, open: 0, close: 1440 }] },
    }),
    'POST',
  );
  await get(ADMIN_API.settingsImpact, { margin_call: 120 });
  const today = new Date(h.now()).toISOString().slice(0, 10);
  await get(ADMIN_API.reportsDaily, { from: today, to: today });
  await get(ADMIN_API.reportsMonthly, { from: today, to: today });
  const articles = await get(ADMIN_API.news, { category_id: 1 });
  const text = { en: { title: 'Desk hours', desc: 'When we answer', content: '<p>Every day</p>' } };
  const saved = expectAnswer(
    ADMIN_API.news,
    await admin.postJson(ADMIN_API.news, { category_id: 1, published: 0, text }),
    'POST',
  );
  expectAnswer(
    `${ADMIN_API.news}/:id`,
    await admin.postJson(`${ADMIN_API.news}/${saved.id}`, { ...saved, published: 1 }),
    'POST',
  );
  expect(articles.total).toBeGreaterThan(0);
  expect(saved.published).toBe(false);
  expectAnswer(`${ADMIN_API.news}/:id`, await admin.get(`${ADMIN_API.news}/${saved.id}`), 'GET');
  expectAnswer(`${ADMIN_API.news}/:id/unpublish`, await admin.post(`${ADMIN_API.news}/${saved.id}/unpublish`), 'POST');
  const at = { publish_at: h.now() + 60_000 };
  expectAnswer(`${ADMIN_API.news}/:id/publish`, await admin.post(`${ADMIN_API.news}/${saved.id}/publish`, at), 'POST');
  expectAnswer(`${ADMIN_API.news}/:id/delete`, await admin.post(`${ADMIN_API.news}/${saved.id}/delete`), 'POST');
  // The trading desk, risk and dashboard (issue 18): a position listed, then closed from the desk.
  const holder = await demoUser(h);
  tick('EURUSD', '1.08500');
  const opened = await holder.post(API.submit, { type: 1, cont: '0.01', forex_id: id('EURUSD'), status: 1, multiple: 100 });
  expect(opened.code, opened.msg).toBe(1);
  expect(expectAnswer(ADMIN_API.positions, await admin.get(ADMIN_API.positions, { status: 1 })).total).toBeGreaterThan(0);
  expectAnswer(ADMIN_API.exposure, await admin.get(ADMIN_API.exposure));
  expectAnswer(ADMIN_API.risk, await admin.get(ADMIN_API.risk));
  expectAnswer(ADMIN_API.dashboard, await admin.get(ADMIN_API.dashboard));
  // Real markets (issue 31): the liquidity page, the hedge blotter and its pause switch (no LP configured here).
  expectAnswer(ADMIN_API.liquidity, await admin.get(ADMIN_API.liquidity), 'GET');
  expectAnswer(ADMIN_API.hedgeOrders, await admin.get(ADMIN_API.hedgeOrders), 'GET');
  expectAnswer(ADMIN_API.hedgeState, await admin.get(ADMIN_API.hedgeState), 'GET');
  expectAnswer(ADMIN_API.hedgeState, await admin.post(ADMIN_API.hedgeState, { paused: true }), 'POST');
  expectAnswer(ADMIN_API.hedgeState, await admin.post(ADMIN_API.hedgeState, { paused: false }), 'POST');
  // Issue 32: stops set from the desk, then the close.
  expectAnswer(
    `${ADMIN_API.positions}/:id/stops`,
    await admin.post(`${ADMIN_API.positions}/${opened.data.order.Id}/stops`, {
      stop_loss_price: '1.08000',
      target_profit_price: '0',
      reason: 'schema check',
    }),
    'POST',
  );
  expectAnswer(
    `${ADMIN_API.positions}/:id/close`,
    await admin.post(`${ADMIN_API.positions}/${opened.data.order.Id}/close`, { reason: 'schema check' }),
    'POST',
  );
  await get(ADMIN_API.settings);
  await post(ADMIN_API.settings, { margin_call_level: '100' });
  await post(ADMIN_API.logout);
}
