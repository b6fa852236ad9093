import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'playwright-core';
import { API } from '@tradepad/contracts';
import { chromiumPath, startE2E, type E2E, liveQuote } from './support/harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * One Idempotency-Key per user action (DESIGN §10, issue 17 point 7) from the real app: each tap on the ticket sends
 * a key of its own, and the server keeps the answer under it, so a repeat of that request (a retry whose first answer
 * was lost) gets the same order instead of a second one.
 */
describe.skipIf(!chromiumPath())('idempotency keys from the app', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
    await liveQuote(e);
  });
  afterAll(async () => e?.close());

  it('sends a new key with each tap on Buy, and a repeat of a tap is answered with its order', async () => {
    const { page } = await e.newPage({ lang: 'en' });
    const submits: Request[] = [];
    page.on('request', (r) => {
      if (r.url().includes(API.submit)) submits.push(r);
    });
    await page.goto('/');
    await page.getByTestId('market-row-BTCUSD').click();
    await page.getByTestId('order-ticket').waitFor();
    // A visitor's tap goes to the login, which comes back to the ticket.
    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('mock-login').click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await page.getByTestId('order-ticket').waitFor();
    await page.getByTestId('ticket-side-buy').click();
    await page.getByTestId('ticket-lots').fill('0.01');
    const token = await page.evaluate(() => localStorage.getItem('tradepad.token') ?? '');

    const ids: number[] = [];
    for (let tap = 0; tap < 2; tap++) {
      await page.getByTestId('ticket-submit').click();
      await page.getByTestId('order-placed').waitFor();
      ids.push(Number(/#(\d+)/.exec((await page.getByTestId('placed-id').textContent()) ?? '')?.[1]));
      await page.getByTestId('placed-done').click();
      await page.getByTestId('order-placed').waitFor({ state: 'hidden' });
    }
    const keys = await Promise.all(submits.map((r) => r.headerValue('idempotency-key')));
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(k).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
    expect(ids[0]).not.toBe(ids[1]);

    // The first tap's request sent again, as a retry would: the same order, not a third one.
    const first = submits[0]!;
    const again = await fetch(`${e.baseUrl}${API.submit}`, {
      method: 'POST',
      headers: { ...(await first.allHeaders()), authorization: token },
      body: first.postData() ?? '',
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { data: { order: { Id: number } } }).data.order.Id).toBe(ids[0]);
    const holding = await e.api('GET', API.deals, { status: '1', page: '1' }, { authorization: token });
    expect(holding.data.data.map((o: { Id: number }) => o.Id).sort()).toEqual([...ids].sort());
  });
});
