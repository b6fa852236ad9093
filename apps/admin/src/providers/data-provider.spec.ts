import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, listUrl } from './data-provider.ts';
import { ApiError, withQuery } from './http.ts';

describe('list URLs', () => {
  it('builds list URLs without empty filters', () => {
    expect(withQuery('/admin/api/deposits', { status: 0, user_id: undefined, page: 1, limit: 20 })).toBe(
      '/admin/api/deposits?status=0&page=1&limit=20',
    );
    expect(withQuery('/admin/api/kyc', { status: undefined })).toBe('/admin/api/kyc');
  });

  it("sends react-admin's page and page size as page (from 1) and limit, and no status for 'all'", () => {
    expect(listUrl('withdrawals', { pagination: { page: 3, perPage: 20 }, filter: { status: 'all', user_id: '7' } })).toBe(
      '/admin/api/withdrawals?user_id=7&page=3&limit=20',
    );
    expect(listUrl('outbox', { pagination: { page: 1, perPage: 50 }, filter: { channel: 'sms' } })).toBe(
      '/admin/api/outbox?channel=sms&page=1&limit=50',
    );
  });
});

describe('the envelope', () => {
  const answers: unknown[] = [];
  const sent: Array<{ url: string; init: RequestInit }> = [];
  beforeEach(() => {
    const store = new Map<string, string>([['tradepad.admin.token', 'tok']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return { json: async () => answers.shift() };
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    answers.length = 0;
    sent.length = 0;
  });

  it('answers a page as {data, total} and sends the token', async () => {
    answers.push({ code: 1, msg: 'ok', data: { data: [{ id: 4, status: 0 }], total: 31 } });
    const r = await dataProvider.getList('deposits', {
      pagination: { page: 2, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 0 },
    });
    expect(r).toEqual({ data: [{ id: 4, status: 0 }], total: 31 });
    expect(sent[0]!.url).toBe('/admin/api/deposits?status=0&page=2&limit=20');
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBe('tok');
  });

  it('lists staff whole, changes one with only the changed key, and reveals one outbox message', async () => {
    answers.push({ code: 1, msg: 'ok', data: [{ id: 1, role: 'super_admin' }] });
    expect(
      await dataProvider.getList('staff', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).toEqual({ data: [{ id: 1, role: 'super_admin' }], total: 1 });
    answers.push({ code: 1, msg: 'Saved', data: { id: 2, role: 'finance', status: 0 } });
    await dataProvider.update('staff', { id: 2, data: { enabled: false }, previousData: { id: 2 } });
    expect(sent[1]!.url).toBe('/admin/api/staff/2');
    expect(JSON.parse(String(sent[1]!.init.body))).toEqual({ enabled: false });
    answers.push({ code: 1, msg: 'ok', data: { id: 9, body: 'Code 123456', masked: false } });
    expect(await dataProvider.revealOutbox(9)).toMatchObject({ body: 'Code 123456' });
    expect(sent[2]!.url).toBe('/admin/api/outbox/9/reveal');
    expect(sent[2]!.init.method).toBe('POST');
  });

  it('reads, adds (with an Idempotency-Key), publishes, schedules, unpublishes and deletes an article', async () => {
    for (let i = 0; i < 6; i++) answers.push({ code: 1, msg: 'ok', data: i === 5 ? null : { id: 8, status: 'draft' } });
    await dataProvider.getOne('news', { id: 8 });
    await dataProvider.create('news', { data: { category_id: 1, text: { en: { title: 'T' } } } });
    await dataProvider.publishNews(8);
    await dataProvider.publishNews(8, 1_800_000_000_000);
    await dataProvider.unpublishNews(8);
    await dataProvider.delete('news', { id: 8, previousData: { id: 8 } });
    expect(sent.map((s) => `${s.init.method} ${s.url}`)).toEqual([
      'GET /admin/api/news/8',
      'POST /admin/api/news',
      'POST /admin/api/news/8/publish',
      'POST /admin/api/news/8/publish',
      'POST /admin/api/news/8/unpublish',
      'POST /admin/api/news/8/delete',
    ]);
    expect((sent[1]!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(sent[2]!.init.body))).toEqual({});
    expect(JSON.parse(String(sent[3]!.init.body))).toEqual({ publish_at: 1_800_000_000_000 });
    expect(listUrl('news', { pagination: { page: 1, perPage: 25 }, filter: { category_id: 2, status: 'scheduled' } })).toBe(
      '/admin/api/news?category_id=2&status=scheduled&page=1&limit=25',
    );
  });

  it("rejects a refusal with the server's message, and code 999 with status 999 and the session cleared", async () => {
    answers.push({ code: 0, msg: 'The record was already reviewed', data: null });
    const refused = dataProvider.reject('kyc', 5, { remark: 'blurry' });
    await expect(refused).rejects.toThrow('The record was already reviewed');
    expect(sent[0]!.url).toBe('/admin/api/kyc/5/reject');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ remark: 'blurry' });

    answers.push({ code: 999, msg: 'Please sign in again', data: null });
    const err = await dataProvider.approve('withdrawals', 2, { transfer_ref: 'tx' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(999);
    expect(localStorage.getItem('tradepad.admin.token')).toBeNull();
  });

  it('sends an Idempotency-Key with each approve or reject click: a new one per click, the given one on a retry', async () => {
    for (let i = 0; i < 4; i++) answers.push({ code: 1, msg: 'Approved', data: { id: 3, status: 1 } });
    await dataProvider.approve('deposits', 3);
    await dataProvider.approve('deposits', 3);
    await dataProvider.reject('withdrawals', 3, { remark: 'no' }, 'retry-key');
    await dataProvider.getList('kyc', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    const keys = sent.map((s) => (s.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    // A list read carries none.
    expect(keys.slice(2)).toEqual(['retry-key', undefined]);
  });

  it('reads a channel by id from its list and saves to /:id', async () => {
    answers.push({ code: 1, msg: '', data: [{ id: 1 }, { id: 2, code: 'BTC' }] });
    expect((await dataProvider.getOne('draw-currencies', { id: '2' })).data).toEqual({ id: 2, code: 'BTC' });
    answers.push({ code: 1, msg: '', data: { id: 2, code: 'ETH' } });
    await dataProvider.update('draw-currencies', { id: 2, data: { code: 'ETH' }, previousData: { id: 2 } });
    expect(sent[1]!.url).toBe('/admin/api/draw-currencies/2');
  });

  it('treats the wallet settings as one record', async () => {
    answers.push({ code: 1, msg: '', data: { withdraw_requires_kyc: true } });
    expect((await dataProvider.getOne('wallet-settings', { id: 'wallet' })).data).toEqual({
      id: 'wallet',
      withdraw_requires_kyc: true,
    });
    // Saving sends the setting alone: the server refuses a body with a key it does not know, such as the record id.
    answers.push({ code: 1, msg: '', data: { withdraw_requires_kyc: false } });
    await dataProvider.update('wallet-settings', {
      id: 'wallet',
      data: { id: 'wallet', withdraw_requires_kyc: false },
      previousData: { id: 'wallet', withdraw_requires_kyc: true },
    });
    expect(JSON.parse(String(sent[1]!.init.body))).toEqual({ withdraw_requires_kyc: false });
  });
});
