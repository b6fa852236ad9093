import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, SUPPORT_MESSAGES_PER_MINUTE, SUPPORT_TEXT_MAX, type SupportMessage } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Envelope, type Harness } from './harness.ts';
import { demoUser, realUser, staff, type Staff, type TestUser } from './people.ts';

const MONDAY = Date.UTC(2026, 10, 16, 9, 0, 0);

/**
 * The support chat (DESIGN §13, issue 18 point 9): a trader writes, support staff see the thread in the inbox with its
 * unread count, reply (audited), and the reply reaches the trader's open sockets at once as `SUPPORT` without a `sub`;
 * no one reads another user's thread; messages are validated and rate limited; only support and super admin use the
 * inbox.
 */
describe('support chat', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;
  let support: Staff;

  const thread = (u: TestUser, page = 1) => u.get(API.supportMessages, { page }) as Promise<Envelope>;
  const write = (u: TestUser, text: string, key?: string) =>
    h.call('POST', API.supportMessages, { text }, { authorization: u.token, ...(key ? { 'idempotency-key': key } : {}) });
  const reply = (s: Staff, userId: number, text: string, key?: string) =>
    h.call(
      'POST',
      `${ADMIN_API.supportThreads}/${userId}`,
      { text },
      { authorization: s.token, lang: 'en', ...(key ? { 'idempotency-key': key } : {}) },
    );

  /** A socket logged in as `u` and subscribed to nothing. */
  async function loggedInSocket(u: TestUser) {
    const s = await h.ws();
    s.send({ type: 'login', params: u.token });
    expect((await s.json('login_result')).code).toBe(1);
    return s;
  }

  beforeAll(async () => {
    clock = new ManualClock(MONDAY);
    h = await startHarness({ clock });
    admin = await staff(h);
    support = await staff(h, 'support');
  });
  afterAll(async () => h?.close());

  it('a trader writes, support sees the thread unread, replies, and the trader gets it live on every socket', async () => {
    const u = await realUser(h, clock);
    const phone = await loggedInSocket(u);
    const tablet = await loggedInSocket(u);

    const first = await write(u, '  My deposit has not arrived <b>yet</b>  ');
    expect(first.code, first.msg).toBe(1);
    // Plain text kept as written (trimmed), never interpreted.
    expect(first.data).toMatchObject({ user_id: u.id, from: 'user', text: 'My deposit has not arrived <b>yet</b>' });
    clock.advance(1000);
    expect((await write(u, 'It was sent an hour ago')).code).toBe(1);

    const inbox = await support.get(ADMIN_API.supportThreads, { status: 'waiting' });
    expect(inbox.code, inbox.msg).toBe(1);
    const mine = (inbox.data.data as Array<Record<string, unknown>>).find((t) => t.user_id === u.id);
    expect(mine).toMatchObject({
      user_id: u.id,
      user_account: u.email,
      email: u.email,
      is_demo: false,
      last_from: 'user',
      last_text: 'It was sent an hour ago',
      unread: 2,
      status: 'waiting',
      updated_at: h.now(),
    });

    // Opening the thread shows it newest first and marks it read.
    const opened = await support.get(`${ADMIN_API.supportThreads}/${u.id}`);
    expect(opened.code, opened.msg).toBe(1);
    expect(opened.data).toMatchObject({ user_id: u.id, user_account: u.email, total: 2 });
    expect((opened.data.data as SupportMessage[]).map((m) => m.text)).toEqual([
      'It was sent an hour ago',
      'My deposit has not arrived <b>yet</b>',
    ]);
    const after = (await support.get(ADMIN_API.supportThreads)).data.data as Array<Record<string, unknown>>;
    expect(after.find((t) => t.user_id === u.id)?.unread).toBe(0);

    clock.advance(1000);
    const answered = await reply(support, u.id, 'We have found it: it is credited now.', 'reply-1');
    expect(answered.code, answered.msg).toBe(1);
    expect(answered.data).toMatchObject({ user_id: u.id, from: 'staff', staff_name: 'support', created_at: h.now() });

    // Both sockets get it, with no `sub`, as the message the thread lists.
    for (const s of [phone, tablet]) {
      const pushed = await s.json('SUPPORT');
      expect(pushed).toEqual({ type: 'SUPPORT', message: answered.data });
    }
    const listed = await thread(u);
    expect(listed.code, listed.msg).toBe(1);
    expect(listed.data.total).toBe(3);
    expect(listed.data.data[0]).toEqual(answered.data);

    // The same key replays the reply: one message, one push.
    const again = await reply(support, u.id, 'We have found it: it is credited now.', 'reply-1');
    expect(again.data.id).toBe(answered.data.id);
    expect((await thread(u)).data.total).toBe(3);

    // Answered: it leaves the waiting list and shows under answered.
    const waiting = (await support.get(ADMIN_API.supportThreads, { status: 'waiting' })).data.data as Array<{ user_id: number }>;
    expect(waiting.some((t) => t.user_id === u.id)).toBe(false);
    const done = (await support.get(ADMIN_API.supportThreads, { status: 'answered' })).data.data as Array<{ user_id: number }>;
    expect(done[0]?.user_id).toBe(u.id);

    // The reply is audited (once, the replay aside) with its author, the user and the text.
    const rows = await h.app.tradepad.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'support.reply')
      .where('target_id', '=', String(u.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_type: 'user', ip: '127.0.0.1' });
    const author = await h.app.tradepad.database.db
      .selectFrom('staff')
      .select('role')
      .where('id', '=', Number(rows[0]!.staff_id))
      .executeTakeFirst();
    expect(author?.role).toBe('support');
    expect(JSON.parse(rows[0]!.after_json!)).toMatchObject({ message_id: answered.data.id, user_id: u.id });
    phone.close();
    tablet.close();
  });

  it('a reply reaches only that trader: other users neither receive nor can read the thread', async () => {
    const alice = await realUser(h, clock);
    const bob = await realUser(h, clock);
    const bobSocket = await loggedInSocket(bob);
    expect((await write(alice, 'Private question about my account')).code).toBe(1);
    expect((await reply(support, alice.id, 'Private answer for Alice')).code).toBe(1);

    // Bob's thread is his own: empty, whatever he asks for.
    const bobs = await thread(bob);
    expect(bobs.data).toEqual({ data: [], total: 0 });
    const sneaky = await bob.get(API.supportMessages, { user_id: alice.id });
    expect(JSON.stringify(sneaky)).not.toContain('Private');
    // The staff routes refuse a trader's token.
    expect((await h.call('GET', `${ADMIN_API.supportThreads}/${alice.id}`, {}, { authorization: bob.token })).code).toBe(999);
    expect(
      (await h.call('POST', `${ADMIN_API.supportThreads}/${alice.id}`, { text: 'hi' }, { authorization: bob.token })).code,
    ).toBe(999);

    // Bob's socket heard nothing of it (a ping proves the socket is live and in order).
    bobSocket.send('ping');
    await bobSocket.next((m) => m === 'pong');
    expect(bobSocket.received.some((m) => m.includes('SUPPORT'))).toBe(false);
    bobSocket.close();

    // Without a session there is no thread at all.
    expect((await h.call('GET', API.supportMessages)).code).toBe(999);
  });

  it('validates messages and replies, and refuses an unknown user or another user’s image', async () => {
    const u = await realUser(h, clock);
    const other = await realUser(h, clock);
    for (const text of ['', '   ', 'x'.repeat(SUPPORT_TEXT_MAX + 1)]) {
      const r = await write(u, text);
      expect(r.code).toBe(0);
      expect(r.msg).toBe('Please write a message of at most 2,000 characters');
    }
    expect((await write(u, 'x'.repeat(SUPPORT_TEXT_MAX))).code).toBe(1);
    expect((await h.call('POST', API.supportMessages, { text: 'hi' }, { authorization: u.token, lang: 'hk' })).code).toBe(1);
    const hk = await h.call('POST', API.supportMessages, { text: '' }, { authorization: u.token, lang: 'hk' });
    expect(hk.msg).toBe('請輸入訊息，最多 2,000 個字元');

    // An image of one's own, alone or with text; never someone else's upload.
    const url = await u.upload();
    const name = new URL(url, 'http://x').pathname.split('/').pop()!;
    const withImage = await u.post(API.supportMessages, { text: '', image: name });
    expect(withImage.code, withImage.msg).toBe(1);
    expect(withImage.data.image).toMatch(/\/api\/files\/.+sig=/);
    const stolen = await other.post(API.supportMessages, { text: 'look', image: name });
    expect(stolen.code).toBe(0);
    expect(stolen.msg).toBe('This image was not found. Please upload it again');

    expect((await reply(support, u.id, '')).code).toBe(0);
    expect((await reply(support, u.id, 'y'.repeat(SUPPORT_TEXT_MAX + 1))).code).toBe(0);
    const unknown = await reply(support, 987_654, 'Hello?');
    expect(unknown).toMatchObject({ code: 0, msg: 'This record does not exist' });
    expect((await support.get(`${ADMIN_API.supportThreads}/987654`)).code).toBe(0);
    expect((await support.get(`${ADMIN_API.supportThreads}/abc`)).code).toBe(0);
    expect((await support.get(ADMIN_API.supportThreads, { status: 'bogus' })).code).toBe(0);
  });

  it(`limits a trader to ${SUPPORT_MESSAGES_PER_MINUTE} messages a minute, counted atomically`, async () => {
    const u = await realUser(h, clock);
    // Sent all at once: exactly the allowance passes.
    const burst = await Promise.all(Array.from({ length: SUPPORT_MESSAGES_PER_MINUTE + 5 }, (_, i) => write(u, `message ${i}`)));
    expect(burst.filter((r) => r.code === 1)).toHaveLength(SUPPORT_MESSAGES_PER_MINUTE);
    const refused = burst.filter((r) => r.code !== 1);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.msg).toBe('Too many requests, please wait a moment and try again');
    expect((await thread(u, 1)).data.total).toBe(SUPPORT_MESSAGES_PER_MINUTE);
    // The inbox counts only what was kept.
    const t = ((await support.get(ADMIN_API.supportThreads)).data.data as Array<Record<string, unknown>>).find(
      (x) => x.user_id === u.id,
    );
    expect(t?.unread).toBe(SUPPORT_MESSAGES_PER_MINUTE);

    // A minute later the window is new; another user was never limited by it.
    clock.advance(60_000);
    expect((await write(u, 'one more')).code).toBe(1);
  });

  it('is open to demo accounts too', async () => {
    const d = await demoUser(h);
    const s = await loggedInSocket(d);
    const sent = await write(d, 'How do I open a real account?');
    expect(sent.code, sent.msg).toBe(1);
    const t = ((await support.get(ADMIN_API.supportThreads)).data.data as Array<Record<string, unknown>>).find(
      (x) => x.user_id === d.id,
    );
    expect(t).toMatchObject({ is_demo: true, unread: 1 });
    expect((await reply(admin, d.id, 'Tap "Real account" on the sign-in screen.')).code).toBe(1);
    expect(((await s.json('SUPPORT')).message as SupportMessage).text).toBe('Tap "Real account" on the sign-in screen.');
    s.close();
  });

  it('counts demo accounts’ messages together per client address, so free accounts cannot flood the inbox', async () => {
    clock.advance(3_600_000);
    // A dozen demo accounts from one address, each writing twice (the flood: 12 threads, 240 messages).
    const demos = await Promise.all(Array.from({ length: 12 }, () => demoUser(h)));
    const sent = [];
    for (const d of demos) for (const i of [1, 2]) sent.push(await write(d, `flood ${i}`));
    expect(sent.filter((r) => r.code === 1)).toHaveLength(20);
    for (const r of sent.filter((r) => r.code !== 1)) expect(r.msg).toBe('Too many requests, please wait a moment and try again');
    // A real account behind the same address is not held back by them.
    expect((await write(await realUser(h, clock), 'I have a question')).code).toBe(1);
    // An hour later the address may write again.
    clock.advance(3_600_000);
    expect((await write(demos[0]!, 'later')).code).toBe(1);
  });

  it('the inbox is for support and super admin only', async () => {
    const u = await realUser(h, clock);
    expect((await write(u, 'Anyone there?')).code).toBe(1);
    const routes = [
      (s: Staff) => s.get(ADMIN_API.supportThreads),
      (s: Staff) => s.get(`${ADMIN_API.supportThreads}/${u.id}`),
      (s: Staff) => s.post(`${ADMIN_API.supportThreads}/${u.id}`, { text: 'Hello from the desk' }),
    ];
    for (const role of ['finance', 'dealer', 'compliance', 'content']) {
      const s = await staff(h, role);
      for (const call of routes) expect(await call(s)).toMatchObject({ code: 0, msg: 'You do not have permission to do this' });
    }
    for (const s of [support, admin]) for (const call of routes) expect((await call(s)).code).toBe(1);
    // Nothing the refused roles tried was written: two replies, from the allowed ones.
    expect((await thread(u)).data.total).toBe(3);
  });
});
