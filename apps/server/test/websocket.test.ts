import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { API } from '@tradepad/contracts';
import { startHarness, type Harness } from './harness.ts';

describe('websocket /v1/ws', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await startHarness();
    const uuid = '99999999-8888-4777-8666-555555555555';
    const demo = await h.call('GET', API.createDemo, { uuid });
    token = (await h.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 })).data.token;
  });
  afterAll(async () => h.close());

  it('refuses the handshake of a browser page from another site (403), and lets its own pages and non-browsers in', async () => {
    const url = `${h.baseUrl.replace('http', 'ws')}/v1/ws`;
    const host = new URL(h.baseUrl).host;
    const upgrade = (headers: Record<string, string>) =>
      new Promise<number | 'open'>((resolve) => {
        const socket = new WebSocket(url, { headers });
        socket.once('open', () => {
          resolve('open');
          socket.close();
        });
        socket.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('error', () => resolve(0));
      });
    expect(await upgrade({ origin: 'https://evil.example' })).toBe(403);
    expect(await upgrade({ origin: 'null' })).toBe(403);
    expect(await upgrade({ origin: `http://${host}` })).toBe('open');
    expect(await upgrade({})).toBe('open');
  });

  it('answers a text ping with a text pong', async () => {
    const s = await h.ws();
    s.send('ping');
    expect(await s.next((m) => m === 'pong')).toBe('pong');
    s.close();
  });

  it('answers malformed messages and unknown types without closing', async () => {
    const s = await h.ws('?lang=en');
    s.send('{not json');
    expect(await s.json('error')).toMatchObject({ code: 0, msg: 'Malformed message' });
    s.send({ type: 'dance', params: '' });
    expect(await s.json('error')).toMatchObject({ code: 0, msg: 'Unknown message type' });
    s.send('"just a string"');
    expect(await s.json('error')).toMatchObject({ code: 0 });
    s.send('ping');
    expect(await s.next((m) => m === 'pong')).toBe('pong');
    s.close();
  });

  it('logs in with a token, opens user channels only after login, and logs out', async () => {
    const s = await h.ws('?lang=en');
    s.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await s.json('sub_result')).toMatchObject({ code: 0, msg: 'Please log in first', channel: 'FOREX_TRADE' });
    s.send({ type: 'login', params: 'not-a-real-token-at-all-000000' });
    expect(await s.json('login_result')).toMatchObject({ code: 0 });
    s.send({ type: 'login', params: token });
    expect(await s.json('login_result')).toMatchObject({ code: 1 });
    s.send({ type: 'sub', params: 'FOREX_TRADE' });
    expect(await s.json('sub_result')).toMatchObject({ code: 1, channel: 'FOREX_TRADE' });
    s.send({ type: 'sub', params: 'NO_SUCH_CHANNEL' });
    expect(await s.json('sub_result')).toMatchObject({ code: 0, msg: 'Unknown channel' });

    const userId = (await h.call('GET', API.userInfo, {}, { authorization: token })).data.id as number;
    h.app.tradepad.gateway.publishToUser(userId, 'FOREX_TRADE', { type: 'FOREX_TRADE', Balance: '1.00' });
    expect(await s.json('FOREX_TRADE')).toMatchObject({ Balance: '1.00' });

    s.send({ type: 'logout', params: '' });
    expect(await s.json('logout_result')).toMatchObject({ code: 1 });
    h.app.tradepad.gateway.publishToUser(userId, 'FOREX_TRADE', { type: 'FOREX_TRADE', Balance: '2.00' });
    s.send('ping');
    await s.next((m) => m === 'pong');
    expect(s.received.some((m) => m.includes('2.00'))).toBe(false);
    s.close();
  });

  it("never sends one user another user's channel messages", async () => {
    const a = await h.ws();
    a.send({ type: 'login', params: token });
    await a.json('login_result');
    a.send({ type: 'sub', params: 'FOREX_CLOSED' });
    await a.json('sub_result');
    h.app.tradepad.gateway.publishToUser(-1, 'FOREX_CLOSED', { type: 'FOREX_CLOSED', id: [1] });
    a.send('ping');
    await a.next((m) => m === 'pong');
    expect(a.received.some((m) => m.includes('FOREX_CLOSED","id'))).toBe(false);
    a.close();
  });

  it('limits subscriptions per connection', async () => {
    const s = await h.ws('?lang=en');
    s.send({ type: 'login', params: token });
    await s.json('login_result');
    h.app.tradepad.gateway.registerChannel({ match: { prefix: 'TEST.' }, requiresLogin: false });
    for (let i = 0; i < 64; i++) s.send({ type: 'sub', params: `TEST.${i}` });
    for (let i = 0; i < 64; i++) expect((await s.json('sub_result')).code).toBe(1);
    s.send({ type: 'sub', params: 'TEST.65' });
    expect(await s.json('sub_result')).toMatchObject({ code: 0, msg: 'Too many subscriptions on this connection' });
    s.close();
  });
});
