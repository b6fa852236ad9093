import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API, API } from '@tradepad/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorMissing, QuickFixExecutor } from '../apps/server/test/quickfix-executor.ts';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const DESK = { width: 1280, height: 800 };
const PASSWORD = 'Harbour26x';
const DEALER = { email: 'hedge-dealer@example.com', password: 'Staff12345' };
const missing = chromiumPath() ? executorMissing() : 'no Chromium';

/**
 * The Hedge orders page (issue 31 point 4, DESIGN §14) in the browser, on a server hedging BTCUSD ("every fill") at
 * QuickFIX's own executor: a real trader's two fills become two filled IOC orders on the blotter; the dealer pauses
 * hedging on the Liquidity page and the blotter says so. Screenshots in English and Traditional Chinese.
 */
describe.skipIf(missing !== undefined)(`hedge orders in the back office${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let e: E2E;
  let executor: QuickFixExecutor;
  let dir = '';

  beforeAll(async () => {
    executor = await QuickFixExecutor.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-hedge-e2e-'));
    const file = path.join(dir, 'hedge.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        session: {
          name: 'prime',
          host: '127.0.0.1',
          port: executor.port,
          senderCompId: 'TRADEPAD',
          targetCompId: 'EXECUTOR',
          heartbeatSeconds: 30,
        },
        symbols: { BTCUSD: 'BTC/USD' },
        account: 'HOUSE1',
      }),
    );
    e = await startE2E({ HEDGE: `fix:${file}` });
    const admin = await e.staffLogin(ADMIN);
    const made = await e.api('POST', ADMIN_API.staff, { ...DEALER, name: 'Hedy', role: 'dealer' }, { authorization: admin });
    expect(made.code, made.msg).toBe(1);
    await e.staffLogin(DEALER);
    const items = (await e.api('GET', API.tradeList)).data as Array<{ Id: number; Code: string }>;
    const btc = items.find((i) => i.Code === 'BTCUSD')!.Id;
    const terms = await e.api(
      'POST',
      `${ADMIN_API.instruments}/${btc}`,
      { hedge_mode: 'all', hedge_tolerance: '500' },
      { authorization: admin },
    );
    expect(terms.code, terms.msg).toBe(1);

    const trader = (await e.registerTrader('hedge-trader@example.com', PASSWORD)).token;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const up = await fetch(`${e.baseUrl}${API.imageUpload}`, { method: 'POST', body: form, headers: { authorization: trader } });
    const proofImg = ((await up.json()) as { data: { url: string } }).data.url;
    const coins = await e.api('GET', API.depositCoins, {}, { authorization: trader });
    const dep = await e.api(
      'POST',
      API.depositSubmit,
      { charge_id: String(coins.data[0].id), number: '5000', proofImg },
      { authorization: trader },
    );
    expect(dep.code, dep.msg).toBe(1);
    expect((await e.api('POST', `${ADMIN_API.deposits}/${dep.data.id}/approve`, {}, { authorization: admin })).code).toBe(1);
    for (const [type, cont] of [
      ['1', '0.05'],
      ['2', '0.02'],
    ] as const) {
      const order = () =>
        e.api('POST', API.submit, { type, cont, forex_id: String(btc), status: '1', multiple: '10' }, { authorization: trader });
      // Right after start the feed may not have quoted BTCUSD yet: try for up to 20 s.
      let o = await order();
      for (let tries = 0; o.code !== 1 && tries < 40; tries++) {
        await new Promise((r) => setTimeout(r, 500));
        o = await order();
      }
      expect(o.code, o.msg).toBe(1);
    }
  }, 120_000);

  afterAll(async () => {
    await e?.close();
    await executor?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the orders sent to the LP with their fills, and shows hedging paused', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, DEALER);
    await page.locator('nav a', { hasText: 'Hedge orders' }).click();
    await page.getByRole('heading', { name: 'Hedge orders' }).waitFor();
    await page.locator('tbody tr', { hasText: 'BTC/USD' }).nth(1).waitFor();
    await page.locator('tbody tr', { hasText: 'Sell' }).getByText('Filled').waitFor({ timeout: 10_000 });
    await page.locator('tbody tr', { hasText: 'Buy' }).getByText('Filled').waitFor({ timeout: 10_000 });
    expect(await page.locator('tbody tr', { hasText: 'Buy' }).textContent()).toContain('0.05');
    await page.getByText('Session prime: Connected').waitFor();
    await e.shot(page, 'admin-hedge-orders-en');

    // The pause switch is on the Liquidity page, beside the hedging session.
    await page.locator('nav a', { hasText: 'Liquidity' }).click();
    await page.locator('tbody tr', { hasText: 'prime' }).getByText('Hedging').waitFor();
    await page.getByLabel('Pause hedging').click();
    await page.getByText('Hedging is paused: real client fills are not hedged', { exact: false }).waitFor();
    await page.locator('nav a', { hasText: 'Hedge orders' }).click();
    await page.getByText('Hedging is paused: new client fills are not hedged', { exact: false }).waitFor();
    await page.locator('nav a', { hasText: 'Liquidity' }).click();
    await page.getByLabel('Pause hedging').click();
    await page.getByText('Hedging is on', { exact: false }).waitFor();
    await context.close();
  });

  it('in Traditional Chinese', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, DEALER, '?lang=hk');
    await page.locator('nav a', { hasText: '對沖訂單' }).click();
    await page.locator('tbody tr', { hasText: 'BTC/USD' }).first().getByText('已成交').waitFor();
    await e.shot(page, 'admin-hedge-orders-hk');
    await context.close();
  });
});
