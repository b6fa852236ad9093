import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { API } from '@tradepad/contracts/api-paths';
import { apiGet, apiPost, apiRequest, buildRequest, configureApi, KEEPALIVE_MAX_BYTES } from './http-client.ts';
import { stubSilentFetch } from './silent-fetch.testing.ts';

const events: string[] = [];

beforeEach(() => {
  events.length = 0;
  configureApi({
    origin: () => 'https://api.example.test',
    token: () => 'tok',
    lang: () => 'de',
    sessionExpired: (redirect) => events.push(`expired:${redirect}`),
    toastError: (m) => events.push(`error:${m}`),
    toastSuccess: (m) => events.push(`ok:${m}`),
    transportMessage: (kind, status) => `t:${kind}${status ? `:${status}` : ''}`,
    loadingStart: () => events.push('loading'),
    loadingStop: () => events.push('loaded'),
  });
});
afterEach(() => vi.unstubAllGlobals());

function respond(body: unknown, status = 200) {
  const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('buildRequest', () => {
  it('GET adds t and headers, skips empty params', () => {
    const { url, init } = buildRequest('/api/user/info', { params: { a: 1, b: undefined, c: null } }, 42);
    expect(url).toBe('https://api.example.test/api/user/info?a=1&t=42');
    expect(init.headers).toMatchObject({ lang: 'de', authorization: 'tok' });
    expect(init.body).toBeUndefined();
  });
  it('POST sends a form body without t', () => {
    const { url, init } = buildRequest('/api/user/loginForU', {
      method: 'POST',
      params: { account: 'a@b.co', password: 'p&=1', login_type: 1 },
    });
    expect(url).toBe('https://api.example.test/api/user/loginForU');
    expect(init.body).toBe('account=a%40b.co&password=p%26%3D1&login_type=1');
    expect((init.headers as Record<string, string>)['content-type']).toMatch(/x-www-form-urlencoded/);
  });
  it("sends a call's Idempotency-Key header only when it has one", () => {
    const keyed = buildRequest('/v1/api/forex/submit', { method: 'POST', params: { cont: 1 }, idempotencyKey: 'k-1' });
    expect(keyed.init.headers).toMatchObject({ 'Idempotency-Key': 'k-1', authorization: 'tok' });
    const plain = buildRequest('/v1/api/forex/submit', { method: 'POST', params: { cont: 1 } });
    expect(Object.keys(plain.init.headers as object)).not.toContain('Idempotency-Key');
  });
  it('asks the browser to keep a request alive past the page only when told (a save as the page is left)', () => {
    const leaving = buildRequest('/v1/api/chart/layout', { method: 'POST', json: { forex_id: 1 }, keepalive: true });
    expect(leaving.init.keepalive).toBe(true);
    expect(leaving.init.body).toBe('{"forex_id":1}');
    expect(buildRequest('/v1/api/chart/layout', { method: 'POST', json: {} }).init.keepalive).toBeUndefined();
    // Over the browsers' 64-KB limit it goes as an ordinary request, which a browser does not refuse.
    const big = { text: 'x'.repeat(KEEPALIVE_MAX_BYTES) };
    expect(buildRequest('/v1/api/chart/layout', { method: 'POST', json: big, keepalive: true }).init.keepalive).toBeUndefined();
  });
  it('POST sends a multipart upload as is, leaving its content type to the browser', () => {
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'proof.png');
    const { init } = buildRequest('/api/common/image_upload', { method: 'POST', form });
    expect(init.body).toBe(form);
    expect(init.headers).toMatchObject({ lang: 'de', authorization: 'tok' });
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});

describe('apiRequest', () => {
  it('resolves data on code 1 and toasts msg only when asked', async () => {
    respond({ code: 1, msg: 'Done', data: { x: 1 } });
    await expect(apiRequest('/p', { method: 'POST', params: {}, toastSuccess: true, loading: true })).resolves.toEqual({ x: 1 });
    expect(events).toEqual(['loading', 'loaded', 'ok:Done']);
  });
  it('rejects and toasts msg on a refusal', async () => {
    respond({ code: 0, msg: 'Wrong password', data: null });
    await expect(apiRequest('/p')).rejects.toMatchObject({ kind: 'refused', message: 'Wrong password' });
    expect(events).toEqual(['error:Wrong password']);
  });
  it('stays quiet when the call opts out', async () => {
    respond({ code: 0, msg: 'nope', data: null });
    await expect(apiRequest('/p', { params: {}, silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });
  it('code 999 resets the session and redirects, except for a quiet check', async () => {
    respond({ code: 999, msg: 'Session expired', data: null });
    await expect(apiRequest('/p')).rejects.toMatchObject({ kind: 'session' });
    expect(events).toEqual(['expired:true', 'error:Session expired']);
    events.length = 0;
    respond({ code: 999, msg: 'Session expired', data: null });
    await expect(apiRequest('/p', { params: {}, quietSession: true })).rejects.toMatchObject({ kind: 'session' });
    expect(events).toEqual(['expired:false']);
  });
  it('transport errors toast a local message and close the loading indicator', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/p', { loading: true })).rejects.toMatchObject({ kind: 'transport' });
    expect(events).toEqual(['loading', 'loaded', 'error:t:network']);
    events.length = 0;
    respond('<html>', 502);
    await expect(apiRequest('/p')).rejects.toMatchObject({ kind: 'transport', code: 502 });
    expect(events).toEqual(['error:t:http:502']);
  });
  it('a cancelled call is not toasted', async () => {
    stubSilentFetch();
    const controller = new AbortController();
    const call = apiRequest('/p', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'aborted' });
    expect(events).toEqual([]);
  });
});

describe('apiGet and apiPost, typed from the contracts', () => {
  it('send the parameters as the transport does and resolve with the answer', async () => {
    const fetchMock = respond({ code: 1, msg: 'ok', data: { data: [], total: 0, list: [] } });
    await expect(apiGet(API.deals, { status: 1, page: 2 })).resolves.toEqual({ data: [], total: 0, list: [] });
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(
      /^https:\/\/api\.example\.test\/v1\/api\/forex\/my_deal\?status=1&page=2&t=\d+$/,
    );
  });
  it("put a record's id where the contract's path has `:id`", async () => {
    const fetchMock = respond({ code: 1, msg: 'Deleted', data: null });
    await expect(apiPost(`${API.alerts}/:id/delete`, undefined, { id: 7 })).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example.test/v1/api/alerts/7/delete');
  });
});
