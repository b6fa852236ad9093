import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, LANGS, type NewsItem, type RankEntry, type TradeItem } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { approvedKyc, demoUser, realUser, staff, type Staff, type TestUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/** News, announcements and rankings through HTTP: languages, sanitising, staff roles, and leaders from real orders. */
describe('content', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { clock, tick } = market;
  let admin: Staff;

  beforeAll(async () => {
    h = await market.start();
    admin = await staff(h);
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => h?.close());

  describe('news and announcements', () => {
    it('lists the seeded news newest first in the reader language, paged, with details', async () => {
      const en = await h.call('GET', API.newsList, { category_id: 1, page: 1, limit: 3 }, { lang: 'en' });
      expect(en.data.total).toBeGreaterThanOrEqual(5);
      expect(en.data.data).toHaveLength(3);
      const dates = en.data.data.map((n: NewsItem) => n.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const hk = await h.call('GET', API.newsList, { category_id: 1, page: 1, limit: 3 }, { lang: 'hk' });
      expect(hk.data.data[0].id).toBe(en.data.data[0].id);
      expect(hk.data.data[0].title).not.toBe(en.data.data[0].title);
      const info = await h.call('GET', API.newsInfo, { id: en.data.data[0].id }, { lang: 'de' });
      expect(info.data.content).toMatch(/<p>/);
      expect(await h.call('GET', API.newsInfo, { id: 999999 }, { lang: 'en' })).toMatchObject({
        code: 0,
        msg: 'This article does not exist',
      });
      expect(await h.call('GET', API.newsList, { category_id: 7 }, { lang: 'en' })).toMatchObject({ code: 0 });
    });

    it('has the restricted-regions announcement in all 14 languages', async () => {
      const titles = new Set<string>();
      for (const lang of LANGS) {
        const list = await h.call('GET', API.newsList, { category_id: 2 }, { lang });
        expect(list.data.total, lang).toBeGreaterThanOrEqual(1);
        const policy = await Promise.all(
          list.data.data.map((n: NewsItem) => h.call('GET', API.newsInfo, { id: n.id }, { lang })),
        );
        const notice = policy.find((p) =>
          /Vanuatu|瓦努阿圖|瓦努阿图|バヌアツ|바누아투|วานูอาตู|فانواتو|Вануату/i.test(p.data.content),
        );
        expect(notice, lang).toBeDefined();
        titles.add(notice!.data.title);
      }
      expect(titles.size).toBeGreaterThanOrEqual(12);
    });

    it('sanitises what staff write, keeps drafts hidden, and audits every save', async () => {
      const saved = await admin.postJson(ADMIN_API.news, {
        category_id: 1,
        published: false,
        text: {
          en: {
            title: 'Maintenance window',
            desc: '',
            content:
              '<p onclick="steal()">Sunday <strong>02:00</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
          },
        },
      });
      expect(saved.code, saved.msg).toBe(1);
      const stored = saved.data.text.en.content as string;
      expect(stored).toBe('<p>Sunday <strong>02:00</strong></p><a rel="noopener noreferrer nofollow" target="_blank">x</a>');
      expect(saved.data.text.en.desc).toBe('Sunday 02:00 x');
      expect(await h.call('GET', API.newsInfo, { id: saved.data.id }, { lang: 'en' })).toMatchObject({ code: 0 });

      const published = await admin.postJson(`${ADMIN_API.news}/${saved.data.id}`, {
        category_id: 1,
        published: true,
        text: saved.data.text,
      });
      expect(published.code).toBe(1);
      // No English? The article shows in English to readers of any language.
      const ar = await h.call('GET', API.newsInfo, { id: saved.data.id }, { lang: 'ar' });
      expect(ar.data).toMatchObject({ title: 'Maintenance window', content: stored });
      const audit = (await admin.get(ADMIN_API.audit)).data.data.filter((a: { target_type: string }) => a.target_type === 'news');
      expect(audit.map((a: { action: string }) => a.action).slice(0, 2)).toEqual(['news.update', 'news.create']);

      const content = await staff(h, 'content');
      expect(
        (await content.postJson(ADMIN_API.news, { category_id: 2, published: true, text: { en: { title: 'x' } } })).code,
      ).toBe(1);
      const finance = await staff(h, 'finance');
      expect(
        await finance.postJson(ADMIN_API.news, { category_id: 2, published: true, text: { en: { title: 'x' } } }),
      ).toMatchObject({
        code: 0,
      });
      expect(await admin.postJson(ADMIN_API.news, { category_id: 1, published: true, text: {} })).toMatchObject({ code: 0 });
    });
  });

  describe('rankings', () => {
    let eurusd: number;
    async function tradeOnce(u: TestUser, closeAt: string) {
      tick('EURUSD', '1.08500');
      const r = await u.post(API.submit, { type: 1, cont: '0.1', forex_id: eurusd, status: 1, multiple: 100 });
      expect(r.code, r.msg).toBe(1);
      tick('EURUSD', closeAt);
      expect((await u.post(API.close, { id: r.data.order.Id })).code).toBe(1);
    }
    async function fundedUser(): Promise<TestUser> {
      const u = await realUser(h, clock);
      const coins = (await u.get(API.depositCoins)).data;
      const d = await u.post(API.depositSubmit, { charge_id: coins[0].id, number: '1000', proofImg: await u.upload() });
      expect((await admin.post(`${ADMIN_API.deposits}/${d.data.id}/approve`)).code).toBe(1);
      return u;
    }

    it('is honestly empty before any strategy opens, then lists strategies by their 3-week return after fees', async () => {
      eurusd = ((await h.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'EURUSD')!.Id;
      expect((await h.call('GET', API.followList)).data).toMatchObject({ data: [], total: 0 });

      const winner = await fundedUser();
      const loser = await fundedUser();
      const shy = await fundedUser();
      const demo = await demoUser(h);
      // Copy trading (DESIGN §18): the rank page lists strategies, opened by verified real traders.
      for (const [u, name] of [
        [winner, 'Winner'],
        [loser, 'Loser'],
      ] as const) {
        await approvedKyc(u, admin);
        const opened = await u.post(API.copyStrategies, { name, performance_fee_percent: '10', management_fee_percent: '0' });
        expect(opened.code, opened.msg).toBe(1);
      }
      expect((await h.call('GET', API.followList)).data.total).toBe(2);
      await tradeOnce(winner, '1.09000');
      await tradeOnce(winner, '1.08400');
      await tradeOnce(loser, '1.08000');
      await tradeOnce(shy, '1.09500');
      // The opt-in still answers (the profile shows it), but lists nobody without a strategy.
      expect((await shy.post(API.rankSetting, { opt_in: 1 })).code).toBe(1);
      expect((await shy.get(API.userInfo)).data.rank_opt_in).toBe(1);
      expect(await demo.post(API.rankSetting, { opt_in: 1 })).toMatchObject({ code: 0, msg: /real accounts/ });

      clock.advance(6 * 60_000); // past the figures' 5-minute cache
      const list = (await h.call('GET', API.followList)).data;
      expect(list.total).toBe(2);
      const [first, second] = list.data as RankEntry[];
      expect(first).toMatchObject({ code: 'EURUSD', multiple: 100, total_trade_num: 2, three_week_win: '50.00', followers: 0 });
      expect(first!.user).toMatch(/^\w{2}\*{4}\w{2}$/);
      expect(first!.strategy_id).toBeGreaterThan(0);
      expect(Number(first!.three_week_profit)).toBeGreaterThan(0);
      expect(Number(first!.three_week_rate)).toBeGreaterThan(0);
      expect(second).toMatchObject({ three_week_win: '0.00', total_trade_num: 1 });
      expect(Number(second!.three_week_rate)).toBeLessThan(0);
      await h.expectLedgerSound();
    });
  });
  describe('run-time settings', () => {
    it('lets a super admin switch the company mode and refuses bad values, audited', async () => {
      // A fresh sign-in: the rankings test moved the clock past the staff session's idle limit.
      const admin = await staff(h);
      const got = await admin.get(ADMIN_API.settings);
      expect(got.code, got.msg).toBe(1);
      const before = got.data;
      expect(before).toMatchObject({ company_type: '1', margin_call_level: '100', stop_out_level: '50' });
      expect(before).not.toHaveProperty('file_link_secret');
      const saved = await admin.post(ADMIN_API.settings, { company_type: '0', service_link: 'https://chat.example/room' });
      expect(saved).toMatchObject({ code: 1, data: { company_type: '0', service_link: 'https://chat.example/room' } });
      expect((await h.call('GET', API.companyStatus)).data).toMatchObject({ type: 0 });
      for (const bad of [{ company_type: '7' }, { service_link: 'javascript:alert(1)' }, { stop_out_level: '100' }, {}])
        expect(await admin.post(ADMIN_API.settings, bad), JSON.stringify(bad)).toMatchObject({ code: 0 });
      expect((await admin.post(ADMIN_API.settings, { margin_call_level: '40' })).msg).toBe(
        'The stop-out level must be below the margin-call level',
      );
      const finance = await staff(h, 'finance');
      expect(await finance.post(ADMIN_API.settings, { company_type: '1' })).toMatchObject({ code: 0 });
      expect((await admin.post(ADMIN_API.settings, { company_type: '1' })).code).toBe(1);
      const audit = (await admin.get(ADMIN_API.audit)).data.data.find((a: { action: string }) => a.action === 'settings.update');
      expect(JSON.parse(audit.before_json)).toEqual({ company_type: '0' });
      expect(JSON.parse(audit.after_json)).toEqual({ company_type: '1' });
    });
  });
});
