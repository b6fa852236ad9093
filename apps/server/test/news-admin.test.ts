import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type AdminArticle, type NewsItem } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { staff, type Staff } from './people.ts';

const START = Date.UTC(2026, 10, 18, 9, 0, 0);
const MINUTE = 60_000;

type Audit = { action: string; target_type: string; target_id: string; before: unknown; after: unknown };

/**
 * Issue 18 point 7 through HTTP: the back office's news calls (list, get, create, update, publish, unpublish, delete),
 * who may use them, the sanitiser on every save, and what traders see: drafts and scheduled articles never, a
 * scheduled one from its time (manual clock), a published one in each of its languages.
 */
describe('news in the back office', () => {
  let h: Harness;
  let clock: ManualClock;
  let content: Staff;
  let admin: Staff;

  const article = (title: string, extra: Record<string, unknown> = {}) => ({
    category_id: 1,
    text: { en: { title, desc: '', content: `<p>${title} body</p>` } },
    ...extra,
  });
  const create = async (who: Staff, body: unknown): Promise<AdminArticle> => {
    const r = await who.postJson(ADMIN_API.news, body);
    expect(r.code, r.msg).toBe(1);
    return r.data as AdminArticle;
  };
  /** The ids traders see in the news list, and whether `news/info` answers for `id`. */
  const traderIds = async (lang = 'en'): Promise<number[]> =>
    (await h.call('GET', API.newsList, { category_id: 1, limit: 100 }, { lang })).data.data.map((n: NewsItem) => n.id);
  const traderInfo = (id: number, lang = 'en') => h.call('GET', API.newsInfo, { id }, { lang });
  const auditOf = async (id: number): Promise<Audit[]> =>
    ((await admin.get(ADMIN_API.audit, { limit: 100 })).data.data as Audit[]).filter(
      (a) => a.target_type === 'news' && a.target_id === String(id),
    );

  beforeAll(async () => {
    clock = new ManualClock(START);
    h = await startHarness({ clock });
    admin = await staff(h);
    content = await staff(h, 'content');
  }, 120_000);
  afterAll(async () => h?.close());

  it('creates a draft that traders never see, reads it back, and audits news.create', async () => {
    const saved = await create(content, article('Quiet draft'));
    expect(saved).toMatchObject({ status: 'draft', published: false, publish_at: null });
    expect((await content.get(`${ADMIN_API.news}/${saved.id}`)).data).toMatchObject({ id: saved.id, status: 'draft' });
    expect(await traderIds()).not.toContain(saved.id);
    expect(await traderInfo(saved.id)).toMatchObject({ code: 0, msg: 'This article does not exist' });
    const drafts = (await content.get(ADMIN_API.news, { status: 'draft', page: 1, limit: 5 })).data;
    expect(drafts.data.map((a: AdminArticle) => a.id)).toContain(saved.id);
    expect(drafts.total).toBeGreaterThanOrEqual(1);
    expect((await auditOf(saved.id)).map((a) => a.action)).toEqual(['news.create']);
  });

  it('sanitises script and event handlers out of the content on create and on update', async () => {
    const saved = await create(content, {
      category_id: 2,
      text: {
        en: {
          title: '<b>Bold</b> title<script>x()</script>',
          desc: '<i>plain</i> desc',
          content: '<h2 onclick="x()">Head</h2><script>alert(1)</script><img src=x onerror="alert(2)"><p>Body</p>',
        },
      },
    });
    expect(saved.text.en).toEqual({ title: 'Bold title', desc: 'plain desc', content: '<h2>Head</h2><p>Body</p>' });
    const updated = await content.postJson(`${ADMIN_API.news}/${saved.id}`, {
      category_id: 2,
      text: {
        en: { title: 'Again', content: '<p onmouseover="x()">Ok</p><svg onload="x()"></svg><a href="javascript:x()">l</a>' },
      },
    });
    expect(updated.code, updated.msg).toBe(1);
    const html = (updated.data as AdminArticle).text.en!.content;
    expect(html).not.toMatch(/onmouseover|onload|javascript|<svg|<script/i);
    expect(html).toContain('<p>Ok</p>');
  });

  it('publishes now: traders see it in each language it has, the audit has before and after', async () => {
    const saved = await create(content, {
      category_id: 1,
      text: {
        en: { title: 'Two languages', desc: 'English desc', content: '<p>English body</p>' },
        hk: { title: '兩種語言', desc: '中文摘要', content: '<p>中文內容</p>' },
      },
    });
    clock.advance(1000);
    const pub = await content.post(`${ADMIN_API.news}/${saved.id}/publish`);
    expect(pub.code, pub.msg).toBe(1);
    expect(pub.msg).toBe('Published');
    expect(pub.data).toMatchObject({ status: 'published', published: true, publish_at: clock.now() });
    expect(await traderIds('en')).toContain(saved.id);
    expect((await traderInfo(saved.id, 'en')).data).toMatchObject({ title: 'Two languages', content: '<p>English body</p>' });
    expect((await traderInfo(saved.id, 'hk')).data).toMatchObject({ title: '兩種語言', content: '<p>中文內容</p>' });
    const listedHk = (await h.call('GET', API.newsList, { category_id: 1, limit: 100 }, { lang: 'hk' })).data.data;
    expect(listedHk.find((n: NewsItem) => n.id === saved.id)).toMatchObject({ title: '兩種語言', desc: '中文摘要' });
    // A language it lacks falls back to English.
    expect((await traderInfo(saved.id, 'de')).data.title).toBe('Two languages');
    const [publish] = await auditOf(saved.id);
    expect(publish).toMatchObject({ action: 'news.publish', before: { status: 'draft' }, after: { status: 'published' } });

    // Editing keeps it published; unpublishing hides it again.
    const edited = await content.postJson(`${ADMIN_API.news}/${saved.id}`, {
      category_id: 1,
      text: { ...saved.text, en: { title: 'Two languages, edited', desc: '', content: '<p>Edited</p>' } },
    });
    expect(edited.data).toMatchObject({ status: 'published', publish_at: pub.data.publish_at });
    expect((await traderInfo(saved.id, 'en')).data.title).toBe('Two languages, edited');
    const un = await content.post(`${ADMIN_API.news}/${saved.id}/unpublish`);
    expect(un).toMatchObject({ code: 1, msg: 'Withdrawn: back to draft', data: { status: 'draft', publish_at: null } });
    expect(await traderIds()).not.toContain(saved.id);
    expect(await traderInfo(saved.id)).toMatchObject({ code: 0 });
    expect((await auditOf(saved.id)).map((a) => a.action)).toEqual([
      'news.unpublish',
      'news.update',
      'news.publish',
      'news.create',
    ]);
  });

  it('keeps a scheduled article from traders until its time comes, with no job to run', async () => {
    const saved = await create(content, article('Scheduled note'));
    const at = clock.now() + 10 * MINUTE;
    const r = await content.post(`${ADMIN_API.news}/${saved.id}/publish`, { publish_at: at });
    expect(r.data).toMatchObject({ status: 'scheduled', publish_at: at });
    expect((await content.get(ADMIN_API.news, { status: 'scheduled' })).data.data.map((a: AdminArticle) => a.id)).toEqual([
      saved.id,
    ]);
    expect(await traderIds()).not.toContain(saved.id);
    expect(await traderInfo(saved.id)).toMatchObject({ code: 0 });

    clock.advance(10 * MINUTE - 1);
    expect(await traderIds()).not.toContain(saved.id);
    clock.advance(1);
    const ids = await traderIds();
    expect(ids[0]).toBe(saved.id);
    const info = await traderInfo(saved.id);
    expect(info.data).toMatchObject({ title: 'Scheduled note' });
    // Dated when it appeared, not when it was written.
    expect(info.data.created_at).toBe(new Date(at).toISOString().slice(0, 19).replace('T', ' '));
    expect((await content.get(`${ADMIN_API.news}/${saved.id}`)).data.status).toBe('published');
  });

  it('validates: publish time, languages, lengths, category, unknown ids; refusals in the staff language', async () => {
    const saved = await create(content, article('Validated'));
    const hk = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      h.app
        .inject({ method, url, payload: payload as object, headers: { authorization: content.token, lang: 'hk' } })
        .then((r) => r.json() as { code: number; msg: string });
    const tooLate = clock.now() + 400 * 24 * 60 * MINUTE;
    expect(await hk('POST', `${ADMIN_API.news}/${saved.id}/publish`, { publish_at: tooLate })).toMatchObject({
      code: 0,
      msg: '請選擇由現在起至一年內的發佈時間',
    });
    expect(await content.post(`${ADMIN_API.news}/${saved.id}/publish`, { publish_at: clock.now() - 60 * MINUTE })).toMatchObject({
      code: 0,
      msg: 'Please choose a publication time from now to one year ahead',
    });
    expect((await content.post(`${ADMIN_API.news}/${saved.id}/publish`, { publish_at: 'soon' })).code).toBe(0);
    expect((await content.get(`${ADMIN_API.news}/${saved.id}`)).data.status).toBe('draft');
    expect((await content.postJson(ADMIN_API.news, { category_id: 1, text: { xx: { title: 'Unknown language' } } })).code).toBe(
      0,
    );
    expect((await content.postJson(ADMIN_API.news, { category_id: 1, text: { en: { title: 'x'.repeat(201) } } })).code).toBe(0);
    expect((await content.postJson(ADMIN_API.news, { category_id: 1, text: { en: { title: '' } } })).code).toBe(0);
    // Category 3 holds the sign-up documents since issue 21; 4 is unknown.
    expect((await content.postJson(ADMIN_API.news, { category_id: 4, text: { en: { title: 'Cat' } } })).code).toBe(0);
    expect(await hk('POST', `${ADMIN_API.news}/999999/publish`)).toMatchObject({ code: 0, msg: '此文章不存在' });
    expect((await content.get(`${ADMIN_API.news}/999999`)).code).toBe(0);
    expect((await content.post(`${ADMIN_API.news}/999999/delete`)).code).toBe(0);
  });

  it('deletes an article for good, hiding it from traders, with its last copy in the audit', async () => {
    const saved = await create(content, article('Short-lived', { published: true }));
    expect(saved.status).toBe('published');
    expect(await traderIds()).toContain(saved.id);
    expect(await content.post(`${ADMIN_API.news}/${saved.id}/delete`)).toMatchObject({ code: 1, msg: 'Deleted' });
    expect(await traderIds()).not.toContain(saved.id);
    expect((await content.get(`${ADMIN_API.news}/${saved.id}`)).code).toBe(0);
    const [del] = await auditOf(saved.id);
    expect(del).toMatchObject({ action: 'news.delete', before: { id: saved.id, text: { en: { title: 'Short-lived' } } } });
    expect(del!.after).toBeNull();
  });

  it('replays a create repeated with the same Idempotency-Key instead of adding a second article', async () => {
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: ADMIN_API.news,
        payload: article('Once only'),
        headers: { authorization: content.token, lang: 'en', 'idempotency-key': 'news-create-once-0001' },
      });
    const [a, b] = [await send(), await send()];
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    const all = (await content.get(ADMIN_API.news, { limit: 100 })).data.data as AdminArticle[];
    expect(all.filter((x) => x.text.en?.title === 'Once only')).toHaveLength(1);
  });

  it('lets content staff and super admins use every news call and refuses every other role', async () => {
    const target = await create(admin, article('Role target'));
    const calls = (id: number) =>
      [
        ['GET', ADMIN_API.news, undefined],
        ['GET', `${ADMIN_API.news}/${id}`, undefined],
        ['POST', ADMIN_API.news, article('Role check')],
        ['POST', `${ADMIN_API.news}/${id}`, article('Role check')],
        ['POST', `${ADMIN_API.news}/${id}/publish`, {}],
        ['POST', `${ADMIN_API.news}/${id}/unpublish`, {}],
        ['POST', `${ADMIN_API.news}/${id}/delete`, {}],
      ] as const;
    for (const role of ['finance', 'dealer', 'compliance', 'support']) {
      const who = await staff(h, role);
      for (const [method, url, body] of calls(target.id)) {
        const r = method === 'GET' ? await who.get(url) : await who.postJson(url, body ?? {});
        expect(r.code, `${role} ${method} ${url}`).toBe(0);
        expect(r.data, `${role} ${method} ${url}`).toBeNull();
      }
    }
    expect((await content.get(`${ADMIN_API.news}/${target.id}`)).data.text.en.title).toBe('Role target');
    for (const who of [content, admin]) {
      const own = await create(who, article('Allowed'));
      for (const [method, url, body] of calls(own.id)) {
        const r = method === 'GET' ? await who.get(url) : await who.postJson(url, body ?? {});
        expect(r.code, `${method} ${url}: ${r.msg}`).toBe(1);
      }
    }
  });
});
