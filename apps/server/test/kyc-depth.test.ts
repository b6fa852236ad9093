import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API, API, type KycReview, type Notice } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { decodeMail } from './mail-sink.ts';
import { realUser, staff, type Staff, type TestUser } from './people.ts';

/** A Wednesday afternoon in London. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);
const DAY = 86_400_000;
const dateIn = (ms: number, days: number) => new Date(ms + days * DAY).toISOString().slice(0, 10);

/**
 * Issue 32 point 4 (DESIGN §16 "Real-name depth"): an application takes a date of birth, an address, a proof of
 * address, a selfie, the document's type and expiry, each checked (an adult, not born in the future, a document not
 * expired, images through the upload path); staff may ask for more information (status 4, audited, told), the trader
 * reads it and resubmits (a new application, the earlier one kept for staff); a daily check reminds 30 and 7 days
 * before the document expires, once each, and marks it expired for staff.
 */
describe('real-name depth', () => {
  let h: Harness;
  let clock: ManualClock;
  let admin: Staff;
  let compliance: Staff;

  const centre = async (u: TestUser, lang = 'en') =>
    ((await h.call('GET', API.notices, {}, { authorization: u.token, lang })).data as { data: Notice[] }).data;
  const awaitMail = (to: string, pattern: RegExp) =>
    vi.waitFor(
      () => {
        const found = h.mail
          .filter((m) => m.to === to)
          .map((m) => decodeMail(m.raw))
          .filter((t) => pattern.test(t));
        if (found.length === 0) throw new Error(`no mail to ${to} matching ${pattern}`);
        return found;
      },
      { timeout: 5000, interval: 20 },
    );
  const audits = (action: string, id: number) =>
    h.app.tradepad.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('target_id', '=', String(id))
      .execute();
  const queue = async (params: Record<string, unknown>): Promise<KycReview[]> => {
    const r = await compliance.get(ADMIN_API.kyc, params);
    expect(r.code, r.msg).toBe(1);
    return r.data.data as KycReview[];
  };
  let cards = 0;
  const full = async (u: TestUser, extra: Record<string, unknown> = {}) => ({
    name: 'Alice Chan',
    card_id: `KD${String(++cards).padStart(6, '0')}`,
    front_pic: await u.upload(),
    reverse_pic: await u.upload(),
    birth_date: '1990-04-12',
    address: 'Flat 3, 12 Harbour Road, Wan Chai, Hong Kong',
    address_proof: await u.upload(),
    selfie: await u.upload(),
    doc_type: 'passport',
    doc_expiry: dateIn(clock.now(), 400),
    ...extra,
  });

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    h = await startHarness({ clock });
    admin = await staff(h);
    compliance = await staff(h, 'compliance');
  }, 120_000);
  afterAll(async () => h?.close());

  it('takes the new fields and images, shows them to staff and the trader', async () => {
    const u = await realUser(h, clock);
    const p = await full(u);
    const r = await u.post(API.realName, p);
    expect(r.code, r.msg).toBe(1);
    expect(r.data).toMatchObject({
      review_status: 1,
      birth_date: '1990-04-12',
      doc_type: 'passport',
      doc_expiry: p.doc_expiry,
      doc_expired: false,
    });
    const [row] = await queue({ user_id: u.id });
    expect(row).toMatchObject({
      status: 1,
      birth_date: '1990-04-12',
      address: 'Flat 3, 12 Harbour Road, Wan Chai, Hong Kong',
      doc_type: 'passport',
      doc_expiry: p.doc_expiry,
      expired_at: null,
      previous: [],
    });
    // The two new images are signed links that serve the uploaded image.
    for (const url of [row!.address_proof_url, row!.selfie_url]) {
      expect(url).toMatch(/^\/api\/.*\?/);
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\//);
    }

    // Without the new fields an application still goes through, and staff see blanks.
    const v = await realUser(h, clock);
    const bare = await v.post(API.realName, {
      name: 'Bo Lee',
      card_id: `KD${String(++cards).padStart(6, '0')}`,
      front_pic: await v.upload(),
      reverse_pic: await v.upload(),
    });
    expect(bare.code, bare.msg).toBe(1);
    expect(bare.data).toMatchObject({ birth_date: '', doc_type: '', doc_expiry: '' });
    expect((await queue({ user_id: v.id }))[0]).toMatchObject({ address_proof_url: '', selfie_url: '', address: '' });
  });

  it('refuses a minor, a birth date in the future, an expired document and bad fields, in the trader’s language', async () => {
    const u = await realUser(h, clock);
    const today = dateIn(clock.now(), 0);
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ birth_date: dateIn(clock.now(), -17 * 366) }, 'You must be at least 18 years old', '您必須年滿 18 歲'],
      [{ birth_date: dateIn(clock.now(), 1) }, 'The date of birth cannot be in the future'],
      [{ birth_date: '1990-02-30' }, 'Please enter a valid date of birth (YYYY-MM-DD)'],
      [{ birth_date: '12/04/1990' }, 'Please enter a valid date of birth (YYYY-MM-DD)'],
      [
        { doc_expiry: dateIn(clock.now(), -1) },
        'This document has expired. Please use a valid one',
        '此證件已過期，請使用有效證件',
      ],
      [{ doc_expiry: '2030-13-01' }, "Please enter the document's expiry date as YYYY-MM-DD"],
      [{ doc_type: 'library_card' }, 'Please choose an ID card, a passport or a driving licence'],
      [{ address: 'x'.repeat(301) }, 'Please enter an address of at most 300 characters'],
      [{ selfie: 'not-an-upload.png' }, 'This image was not found. Please upload it again'],
    ];
    const base = await full(u);
    for (const [extra, en, hk] of cases) {
      const p = { ...base, ...extra };
      const r = await u.post(API.realName, p);
      expect(r.code, JSON.stringify(extra)).not.toBe(1);
      expect(r.msg).toBe(en);
      if (hk) expect((await h.call('POST', API.realName, p, { authorization: u.token, lang: 'hk' })).msg).toBe(hk);
    }
    // An image used twice, and another trader's upload.
    const p = base;
    expect((await u.post(API.realName, { ...p, selfie: p.front_pic })).msg).toBe(
      'Please upload a different image for each document',
    );
    const other = await realUser(h, clock);
    expect((await u.post(API.realName, { ...p, address_proof: await other.upload() })).msg).toBe(
      'This image was not found. Please upload it again',
    );
    // A document expiring today is still valid; an adult of exactly 18 today is one.
    const [y, m, d] = today.split('-');
    const eighteen = `${Number(y) - 18}-${m}-${d}`;
    const ok = await u.post(API.realName, { ...base, doc_expiry: today, birth_date: eighteen });
    expect(ok.code, ok.msg).toBe(1);
    expect(await queue({ user_id: u.id })).toHaveLength(1);
  });

  it('asks for more information, the trader resubmits, staff see the earlier one and approve', async () => {
    const u = await realUser(h, clock);
    expect((await u.post(API.realName, await full(u))).code).toBe(1);
    const [first] = await queue({ user_id: u.id, status: 1 });

    // A message is required, and the role must be compliance's.
    expect((await compliance.post(`${ADMIN_API.kyc}/${first!.id}/more`, { message: ' ' })).code).not.toBe(1);
    const more = await compliance.post(`${ADMIN_API.kyc}/${first!.id}/more`, {
      message: 'The proof of address must be dated within 3 months',
    });
    expect(more.code, more.msg).toBe(1);
    expect(more.msg).toBe('The trader was asked for more information');
    expect(more.data).toMatchObject({ id: first!.id, status: 4, remark: 'The proof of address must be dated within 3 months' });
    // Decided once: neither a second "more" nor an approval of the same application.
    expect((await compliance.post(`${ADMIN_API.kyc}/${first!.id}/more`, { message: 'again' })).code).not.toBe(1);
    expect((await compliance.post(`${ADMIN_API.kyc}/${first!.id}/approve`)).code).not.toBe(1);

    const [audit] = await audits('kyc.more', first!.id);
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ status: 1, remark: '' });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({
      status: 4,
      remark: 'The proof of address must be dated within 3 months',
    });

    // The trader sees the status and the message, in the centre and by mail.
    const center = await u.get(API.realNameCenter);
    expect(center.data).toMatchObject({ review_status: 4, remark: 'The proof of address must be dated within 3 months' });
    expect((await centre(u))[0]).toMatchObject({
      kind: 'kyc',
      title: 'More information needed',
      body: 'Staff need more information for your verification: The proof of address must be dated within 3 months',
      link: '/mine/auth',
    });
    expect((await centre(u, 'hk'))[0]!.title).toBe('需要補充資料');
    const [mail] = await awaitMail(u.email, /dated within 3 months/);
    expect(mail).toContain('More information needed for your verification');

    // Status 4 filters in the queue; the resubmission is a new application back at 1.
    expect((await queue({ status: 4, user_id: u.id })).map((k) => k.id)).toEqual([first!.id]);
    const again = await u.post(API.realName, await full(u, { doc_type: 'driving_licence' }));
    expect(again.code, again.msg).toBe(1);
    expect(again.data).toMatchObject({ review_status: 1, remark: '', doc_type: 'driving_licence' });
    expect((await u.post(API.realName, await full(u))).msg).toBe(
      'Your verification is being reviewed. Please wait for the result',
    );

    const [second, older] = await queue({ user_id: u.id });
    expect(older!.id).toBe(first!.id);
    expect(second).toMatchObject({ status: 1, doc_type: 'driving_licence' });
    expect(second!.previous).toEqual([
      expect.objectContaining({ id: first!.id, status: 4, remark: 'The proof of address must be dated within 3 months' }),
    ]);

    expect((await compliance.post(`${ADMIN_API.kyc}/${second!.id}/approve`)).code).toBe(1);
    expect((await u.get(API.realNameCenter)).data.review_status).toBe(2);
    expect(await audits('kyc.approve', second!.id)).toHaveLength(1);
    // An approved application with a valid document is not asked again.
    expect((await admin.post(`${ADMIN_API.kyc}/${second!.id}/more`, { message: 'x' })).code).not.toBe(1);
    await h.expectLedgerSound();
  });

  it('reminds 30 and 7 days before the document expires, once each, and marks it expired for staff', async () => {
    const [a, b] = [await realUser(h, clock), await realUser(h, clock)];
    const start = clock.now();
    // a's document expires in 31 days, b's in 7 (found late: only the 7-day reminder).
    for (const [u, days] of [
      [a, 31],
      [b, 7],
    ] as const) {
      expect((await u.post(API.realName, await full(u, { doc_expiry: dateIn(start, days) }))).code).toBe(1);
      const [row] = await queue({ user_id: u.id, status: 1 });
      expect((await compliance.post(`${ADMIN_API.kyc}/${row!.id}/approve`)).code).toBe(1);
    }
    const [rowA] = await queue({ user_id: a.id });
    const [rowB] = await queue({ user_id: b.id });
    const check = () => h.app.tradepad.kycExpiry.run();
    const kycNotices = async (userId: number) =>
      (
        await h.app.tradepad.database.db
          .selectFrom('notices')
          .select('data_json')
          .where('user_id', '=', userId)
          .where('kind', '=', 'kyc')
          .orderBy('id')
          .execute()
      )
        .map((n) => JSON.parse(n.data_json) as Record<string, unknown>)
        .filter((d) => d.expiry_days !== undefined);

    expect(await check()).toEqual({ reminded: 1, expired: 0 });
    expect(await kycNotices(b.id)).toEqual([{ expiry_days: 7, days: 7, expiry: dateIn(start, 7) }]);
    expect((await centre(b))[0]).toMatchObject({
      title: 'Identity document expiring',
      body: `Your identity document expires on ${dateIn(start, 7)}, in 7 days`,
    });
    await awaitMail(b.email, /in 7 days/);
    expect(await kycNotices(a.id)).toEqual([]);
    // "soon" lists the approved ones expiring within 30 days: b, not yet a.
    const soon = (await queue({ expiry: 'soon' })).map((k) => k.id);
    expect(soon).toContain(rowB!.id);
    expect(soon).not.toContain(rowA!.id);

    clock.advance(DAY);
    expect(await check()).toEqual({ reminded: 1, expired: 0 });
    expect(await kycNotices(a.id)).toEqual([{ expiry_days: 30, days: 30, expiry: dateIn(start, 31) }]);
    // Two checks at once (two nodes at a change of leader) and a third: nothing told again.
    expect(await Promise.all([check(), check(), check()])).toEqual([
      { reminded: 0, expired: 0 },
      { reminded: 0, expired: 0 },
      { reminded: 0, expired: 0 },
    ]);
    await awaitMail(a.email, /in 30 days/);

    // b's document expired on day 7: found on the next check.
    clock.advance(8 * DAY);
    expect(await check()).toEqual({ reminded: 0, expired: 1 });
    clock.advance(15 * DAY);
    expect(await check()).toEqual({ reminded: 1, expired: 0 });
    expect(await check()).toEqual({ reminded: 0, expired: 0 });
    expect((await kycNotices(a.id)).map((n) => n.expiry_days)).toEqual([30, 7]);
    expect((await kycNotices(b.id)).map((n) => n.expiry_days)).toEqual([7]);
    // a's document expires on day 31, valid through it.
    clock.advance(7 * DAY);
    expect(await check()).toEqual({ reminded: 0, expired: 0 });
    clock.advance(DAY);
    expect(await check()).toEqual({ reminded: 0, expired: 1 });
    expect(await check()).toEqual({ reminded: 0, expired: 0 });
    await awaitMail(a.email, /in 7 days/);
    expect(h.mail.filter((m) => m.to === a.email && /in (30|7) days/.test(decodeMail(m.raw)))).toHaveLength(2);

    // Staff see both expired (a fresh sign-in: a month has passed) and may ask for a new document.
    compliance = await staff(h, 'compliance');
    const expired = await queue({ expiry: 'expired' });
    expect(expired.map((k) => k.id)).toEqual(expect.arrayContaining([rowA!.id, rowB!.id]));
    expect(expired.find((k) => k.id === rowB!.id)!.expired_at).toBe(start + 9 * DAY);
    expect(expired.find((k) => k.id === rowA!.id)!.expired_at).toBe(start + 32 * DAY);
    const more = await compliance.post(`${ADMIN_API.kyc}/${rowB!.id}/more`, { message: 'Please upload your new passport' });
    expect(more.code, more.msg).toBe(1);
    expect(more.data.status).toBe(4);
  });
});
