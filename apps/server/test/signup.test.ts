import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { PASSWORD, SIGN_UP_CONSENT, staff } from './people.ts';

/**
 * Issue 21 point 5 (DESIGN §13): consent and country at sign-up, restricted regions for every sign-up and in the area
 * list, the sign-up documents as content staff edit them, and switching between one's linked real and demo account.
 */
describe('sign-up consent, country and demo/real switching', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 20, 9, 0, 0));
  const RESTRICTED_MSG = 'For policy reasons we cannot offer our services in this country or region';
  let seq = 0;

  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(async () => {
    await h.close();
  });

  /** Sends a register code to a fresh address and answers the address and the form (without consent or country). */
  async function emailForm(extra: Record<string, unknown> = {}) {
    const email = `signup${seq++}@example.com`;
    clock.advance(61_000);
    expect((await h.call('POST', API.sendEmail, { email, type: 1 })).code).toBe(1);
    return {
      email,
      form: { type: 1, account: email, password: PASSWORD, re_password: PASSWORD, sms_code: h.lastCode(email), ...extra },
    };
  }

  const areas = async (lang = 'en') =>
    (await h.call('GET', API.areaList, {}, { lang })).data as Array<{
      area_id: number;
      area_code: string;
      restricted: number;
    }>;

  const login = async (account: string, extra: Record<string, unknown> = {}) =>
    h.call('POST', API.login, { account, password: PASSWORD, login_type: 1, ...extra });

  async function demoSession(uuid: string) {
    const demo = await h.call('GET', API.createDemo, { uuid });
    const r = await h.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 });
    expect(r.code, r.msg).toBe(1);
    return { token: r.data.token as string, id: Number(r.data.id), demoId: String(demo.data.demo_id) };
  }

  const switchFrom = (token: string, params: Record<string, unknown> = {}) =>
    h.call('POST', API.switchAccount, params, { authorization: token, lang: 'en' });

  describe('consent and country', () => {
    it('refuses a sign-up without the documents accepted, in the request language, and creates nothing', async () => {
      const { email, form } = await emailForm({ country: 'HK' });
      const none = await h.call('POST', API.register, form);
      expect(none).toMatchObject({
        code: 0,
        msg: 'Please accept the terms of service, the privacy policy and the risk disclosure',
      });
      const zero = await h.call('POST', API.register, { ...form, agree_terms: 0 }, { lang: 'de' });
      expect(zero.msg).toBe('Bitte akzeptieren Sie die Nutzungsbedingungen, die Datenschutzerklärung und die Risikohinweise');
      expect((await login(email)).code).toBe(0);
      // The code was not spent: the same form with consent goes through.
      expect((await h.call('POST', API.register, { ...form, agree_terms: 1 })).code).toBe(1);
    });

    it('asks an e-mail sign-up for a country from the area list and refuses a restricted one', async () => {
      const { form } = await emailForm({ agree_terms: 1 });
      expect((await h.call('POST', API.register, form)).msg).toBe('Please choose your country of residence');
      expect((await h.call('POST', API.register, { ...form, country: 'ZZ' })).msg).toBe(
        'Please choose a country of residence from the list',
      );
      expect((await h.call('POST', API.register, { ...form, country: 'Hong Kong' })).msg).toBe(
        'Please choose a country of residence from the list',
      );
      for (const country of ['KP', 'cu', 'IL'])
        expect(await h.call('POST', API.register, { ...form, country })).toMatchObject({ code: 0, msg: RESTRICTED_MSG });
      const ar = await h.call('POST', API.register, { ...form, country: 'KP' }, { lang: 'ar' });
      expect(ar.msg).toMatch(/[\u0600-\u06FF]/);
      const ok = await h.call('POST', API.register, { ...form, country: 'de' });
      expect(ok.code, ok.msg).toBe(1);
      const row = await h.app.tradepad.database.db
        .selectFrom('users')
        .select('country')
        .where('email', '=', form.account)
        .executeTakeFirstOrThrow();
      expect(row.country).toBe('DE');
    });

    it('refuses a phone sign-up from a restricted area code, or with a restricted country of residence', async () => {
      const list = await areas();
      const kp = list.find((a) => a.area_code === 'KP')!;
      const hk = list.find((a) => a.area_code === 'HK')!;
      const phone = { type: 2, password: PASSWORD, re_password: PASSWORD, agree_terms: 1 };
      const byArea = await h.call('POST', API.register, {
        ...phone,
        account: '19123456',
        area_id: kp.area_id,
        sms_code: '123456',
      });
      expect(byArea.msg).toBe(RESTRICTED_MSG);
      clock.advance(61_000);
      expect((await h.call('POST', API.sendSms, { to: '51230000', area_id: hk.area_id, type: 1 })).code).toBe(1);
      const form = { ...phone, account: '51230000', area_id: hk.area_id, sms_code: h.lastCode('+85251230000') };
      expect((await h.call('POST', API.register, { ...form, country: 'CU' })).msg).toBe(RESTRICTED_MSG);
      expect((await h.call('POST', API.register, { ...form, agree_terms: undefined })).code).toBe(0);
      const ok = await h.call('POST', API.register, form);
      expect(ok.code, ok.msg).toBe(1);
      const row = await h.app.tradepad.database.db
        .selectFrom('users')
        .select('country')
        .where('phone', '=', '+85251230000')
        .executeTakeFirstOrThrow();
      expect(row.country).toBe('HK');
    });

    it('flags the restricted regions in area_list, follows the setting, and lets existing accounts sign in', async () => {
      const before = await areas('de');
      expect(before.find((a) => a.area_code === 'KP')?.restricted).toBe(1);
      expect(before.find((a) => a.area_code === 'HK')?.restricted).toBe(0);
      expect(
        before
          .filter((a) => a.restricted === 1)
          .map((a) => a.area_code)
          .sort(),
      ).toEqual(['CN', 'CU', 'IL', 'KP', 'VU']);

      const { email, form } = await emailForm({ ...SIGN_UP_CONSENT, country: 'FR' });
      expect((await h.call('POST', API.register, form)).code).toBe(1);
      await h.app.tradepad.settings.set('restricted_regions', 'CN,CU,IL,KP,VU,FR');
      try {
        expect((await areas()).find((a) => a.area_code === 'FR')?.restricted).toBe(1);
        const { form: next } = await emailForm({ ...SIGN_UP_CONSENT, country: 'FR' });
        expect((await h.call('POST', API.register, next)).msg).toBe(RESTRICTED_MSG);
        // An account from a region that became restricted still signs in.
        expect((await login(email)).code).toBe(1);
      } finally {
        await h.app.tradepad.settings.set('restricted_regions', 'CN,CU,IL,KP,VU');
      }
    });

    it('records the consent: time, client address and each document version; a staff edit makes a new version', async () => {
      const pages = Object.fromEntries(
        await Promise.all(
          (['terms', 'privacy', 'risk'] as const).map(async (key) => {
            const r = await h.call('GET', API.legalPage, { key }, { lang: 'de' });
            expect(r.code, r.msg).toBe(1);
            return [key, r.data as { id: number; title: string; content: string; version: string }];
          }),
        ),
      );
      expect(pages.terms!.title).toBe('Nutzungsbedingungen');
      expect(pages.risk!.content).toContain('<h3>');
      expect((await h.call('GET', API.legalPage, { key: 'cookies' })).code).toBe(0);
      // Not listed with the news or the announcements.
      for (const category_id of [1, 2]) {
        const list = await h.call('GET', API.newsList, { category_id, limit: 100 });
        expect(list.data.data.map((n: { id: number }) => n.id)).not.toContain(pages.terms!.id);
      }

      const { form } = await emailForm(SIGN_UP_CONSENT);
      const at = h.now();
      expect((await h.call('POST', API.register, form, { 'user-agent': 'signup-test' })).code).toBe(1);
      const consent = async (email: string) =>
        h.app.tradepad.database.db
          .selectFrom('sign_up_consents as c')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .selectAll('c')
          .where('u.email', '=', email)
          .executeTakeFirstOrThrow();
      const first = await consent(form.account);
      expect(first).toMatchObject({
        accepted_at: at,
        ip: '127.0.0.1',
        user_agent: 'signup-test',
        terms_id: pages.terms!.id,
        terms_version: Date.parse(pages.terms!.version),
        privacy_id: pages.privacy!.id,
        risk_id: pages.risk!.id,
      });

      // Content staff edit the terms: the page shows the change, and the next sign-up records the new version.
      clock.advance(60_000);
      const content = await staff(h, 'content');
      const article = await content.get(`${ADMIN_API.news}/${pages.terms!.id}`);
      expect(article.code, article.msg).toBe(1);
      const text = { ...article.data.text, en: { title: 'Terms of Service', desc: '', content: '<p>Version two.</p>' } };
      const saved = await content.postJson(`${ADMIN_API.news}/${pages.terms!.id}`, { category_id: 3, text });
      expect(saved.code, saved.msg).toBe(1);
      const edited = await h.call('GET', API.legalPage, { key: 'terms' }, { lang: 'en' });
      expect(edited.data.content).toBe('<p>Version two.</p>');
      expect(Date.parse(edited.data.version)).toBeGreaterThan(Date.parse(pages.terms!.version));
      const { form: second } = await emailForm(SIGN_UP_CONSENT);
      expect((await h.call('POST', API.register, second)).code).toBe(1);
      expect((await consent(second.account)).terms_version).toBe(Date.parse(edited.data.version));
    });
  });

  describe('demo and real accounts', () => {
    it('links a real account opened from a demo session, and switches both ways without signing in again', async () => {
      const demo = await demoSession('5a1e0000-1111-4222-8333-444455556666');
      const asDemo = await h.call('GET', API.userInfo, {}, { authorization: demo.token });
      expect(asDemo.data).toMatchObject({ is_demo: 1, linked: 0 });
      expect((await switchFrom(demo.token)).msg).toBe('Open a real account first: this demo account has none linked');

      const { email, form } = await emailForm(SIGN_UP_CONSENT);
      expect((await h.call('POST', API.register, form, { authorization: demo.token })).code).toBe(1);
      expect((await h.call('GET', API.userInfo, {}, { authorization: demo.token })).data.linked).toBe(1);
      // The demo's own session (a device uuid, no password) never opens the real account.
      expect((await switchFrom(demo.token)).msg).toBe('Sign in to your real account to switch to it');
      expect((await h.call('GET', API.userInfo, {}, { authorization: demo.token })).code).toBe(1);

      const real = await login(email);
      expect(real.data).toMatchObject({ is_demo: 0, linked: 1 });
      const toDemo = await switchFrom(real.data.token as string);
      expect(toDemo).toMatchObject({ code: 1, msg: 'Switched account' });
      expect(toDemo.data).toMatchObject({ id: demo.id, is_demo: 1, demo_id: demo.demoId, linked: 1 });
      // The session switched from is over.
      expect((await h.call('GET', API.userInfo, {}, { authorization: real.data.token })).code).toBe(999);
      expect((await switchFrom(real.data.token as string)).code).toBe(999);

      const back = await switchFrom(toDemo.data.token as string);
      expect(back.code, back.msg).toBe(1);
      expect(back.data).toMatchObject({ id: real.data.id, email, is_demo: 0 });
      expect((await h.call('GET', API.userInfo, {}, { authorization: toDemo.data.token })).code).toBe(999);
      // A revoked session cannot switch.
      const again = await switchFrom(back.data.token as string);
      await h.call('POST', API.logout, {}, { authorization: again.data.token });
      expect((await switchFrom(again.data.token as string)).code).toBe(999);
    });

    it('gives a real account without a demo a linked one, reachable only by switching', async () => {
      const { email, form } = await emailForm(SIGN_UP_CONSENT);
      expect((await h.call('POST', API.register, form)).code).toBe(1);
      const real = await login(email);
      expect(real.data.linked).toBe(0);
      const demo = await switchFrom(real.data.token as string);
      expect(demo.data).toMatchObject({ is_demo: 1, linked: 1, balance: expect.any(String) });
      const back = await switchFrom(demo.data.token as string);
      expect(back.data.id).toBe(real.data.id);
      const demoAgain = await switchFrom(back.data.token as string);
      expect(demoAgain.data.id).toBe(demo.data.id);
    });

    it('never switches into someone else account, and ends switched sessions when the real one signs out everywhere', async () => {
      const people = [];
      for (let i = 0; i < 2; i++) {
        const { email, form } = await emailForm(SIGN_UP_CONSENT);
        expect((await h.call('POST', API.register, form)).code).toBe(1);
        const r = await login(email);
        const demo = await switchFrom(r.data.token as string);
        const back = await switchFrom(demo.data.token as string);
        people.push({ email, id: Number(r.data.id), demoId: Number(demo.data.id), token: back.data.token as string });
      }
      const [a, b] = people as [(typeof people)[0], (typeof people)[0]];
      // Naming another account's ids changes nothing: the target is always the caller's own link.
      const fromA = await switchFrom(a.token, { user_id: b.id, demo_id: b.demoId, id: b.demoId, account: b.email });
      expect(fromA.data.id).toBe(a.demoId);
      // B's demo session cannot switch to A's real account, nor A's demo session to B's.
      const bDemo = await switchFrom(b.token);
      expect((await switchFrom(bDemo.data.token as string, { user_id: a.id })).data.id).toBe(b.id);
      // Concurrent switches from one session: one goes on, the other finds the session over.
      const bReal = await login(b.email);
      const twice = await Promise.all([switchFrom(bReal.data.token as string), switchFrom(bReal.data.token as string)]);
      expect(twice.map((r) => r.code).sort()).toEqual([1, 999]);

      // A's password reset signs out everywhere: the demo session switched to from A ends too.
      const aDemo = fromA.data.token as string;
      clock.advance(61_000);
      expect((await h.call('POST', API.sendEmail, { email: a.email, type: 2 })).code).toBe(1);
      const reset = await h.call('POST', API.forgetPassword, {
        type: 1,
        account: a.email,
        new_password: 'Lantern-42x',
        secondary_password: 'Lantern-42x',
        auth_code: h.lastCode(a.email),
      });
      expect(reset.code, reset.msg).toBe(1);
      expect((await h.call('GET', API.userInfo, {}, { authorization: aDemo })).code).toBe(999);
      expect((await switchFrom(aDemo)).code).toBe(999);
    });
  });
});
