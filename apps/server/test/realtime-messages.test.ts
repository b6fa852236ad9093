import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, clientMessage, serverMessage, type TradeItem } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoUser } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

/**
 * The websocket's message schemas (packages/contracts realtime/messages.ts) against the real server: every JSON
 * message a logged-in socket receives through an order's life parses with `serverMessage`, with nothing left over.
 */
describe('websocket message schemas against the server', () => {
  let h: Harness;
  const market = new ScriptedMarket();
  const { tick } = market;

  beforeAll(async () => {
    h = await market.start();
    tick('EURUSD', '1.08500');
  }, 120_000);
  afterAll(async () => h?.close());

  it('describes every message the server pushes, and the client messages it accepts', async () => {
    const u = await demoUser(h);
    const items = (await h.call('GET', API.tradeList)).data as TradeItem[];
    const eurusd = items.find((i) => i.Code === 'EURUSD')!.Id;
    const s = await h.ws();
    const all: string[] = [];
    s.socket.on('message', (data) => all.push(data.toString()));
    const sent = [
      { type: 'login', params: u.token },
      { type: 'sub', params: 'DAY_MARKET' },
      { type: 'sub', params: 'KLINE.EURUSD' },
      { type: 'sub', params: 'FOREX_TRADE' },
      { type: 'sub', params: 'FOREX_CLOSED' },
    ];
    for (const m of sent) {
      expect(clientMessage.safeParse(m).success).toBe(true);
      s.send(m);
      await s.json(m.type === 'login' ? 'login_result' : 'sub_result');
    }

    const order = await u.post(API.submit, { type: 1, cont: '1', forex_id: eurusd, status: 1, multiple: 100 });
    expect(order.code, order.msg).toBe(1);
    tick('EURUSD', '1.08600');
    await s.json('FOREX_TRADE');
    await s.json('KLINE');
    await s.json('DAY_MARKET');
    expect((await u.post(API.close, { id: order.data.order.Id })).code).toBe(1);
    await s.json('FOREX_CLOSED');

    const seen = new Set<string>();
    for (const text of all) {
      if (!text.startsWith('{')) continue;
      const message = JSON.parse(text) as { type: string };
      const parsed = serverMessage.safeParse(message);
      expect(parsed.success ? [] : parsed.error.issues, `${message.type}: ${text}`).toEqual([]);
      expect(parsed.data, `${message.type} carries fields its schema does not describe`).toEqual(message);
      seen.add(message.type);
    }
    expect([...seen].sort()).toEqual(['DAY_MARKET', 'FOREX_CLOSED', 'FOREX_TRADE', 'KLINE', 'login_result', 'sub_result']);
    expect(clientMessage.safeParse({ type: 'subscribe', params: 'DAY_MARKET' }).success).toBe(false);
    s.close();
    await h.app.tradepad.engine.idle();
  });
});
