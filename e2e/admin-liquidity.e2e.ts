import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API } from '@tradepad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixLp } from '../apps/server/test/fix-lp.ts';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const DESK = { width: 1280, height: 800 };
const DEALER = { email: 'lp-dealer@example.com', password: 'Staff12345' };

/**
 * The Liquidity page (issue 31 point 4, DESIGN §14) in the browser, on a server fed by two LP acceptors over FIX 4.4
 * and a third session whose LP is not there: sessions with their state and error, the instruments with their LP
 * symbol, source, the source's bid and ask and the quote's age, and a symbol every LP rejected, closed with the
 * reason. Screenshots in English and Traditional Chinese.
 */
describe.skipIf(!chromiumPath())('liquidity page in the back office', () => {
  let e: E2E;
  let lp1: FixLp;
  let lp2: FixLp;
  let dir = '';

  beforeAll(async () => {
    lp1 = await FixLp.start({
      name: 'lp1',
      prices: { 'ETH/USD': { bid: '3400.10', ask: '3400.60' }, 'BTC/USD': { bid: '95010.25', ask: '95012.75' } },
    });
    lp2 = await FixLp.start({ name: 'lp2', prices: { 'ETH/USD': { bid: '3400.20', ask: '3400.70' } } });
    lp1.reject('LTC/USD', 'not permissioned');
    lp2.reject('LTC/USD', 'unknown symbol');
    lp1.stream(250);
    lp2.stream(250);
    const session = (name: string, port: number) => ({
      name,
      host: '127.0.0.1',
      port,
      senderCompId: 'TRADEPAD',
      targetCompId: 'LP1',
      heartbeatSeconds: 30,
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-fix-e2e-'));
    const file = path.join(dir, 'feed.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        sessions: [session('lp1', lp1.port), session('lp2', lp2.port), session('lp3', 1)],
        symbols: { ETHUSD: 'ETH/USD', BTCUSD: 'BTC/USD', LTCUSD: 'LTC/USD' },
      }),
    );
    e = await startE2E({ FEED: `fix:${file}` });
    const admin = await e.staffLogin(ADMIN);
    const made = await e.api('POST', ADMIN_API.staff, { ...DEALER, name: 'Lee', role: 'dealer' }, { authorization: admin });
    expect(made.code, made.msg).toBe(1);
    await e.staffLogin(DEALER);
  });

  afterAll(async () => {
    await e?.close();
    lp1?.stop();
    lp2?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the sessions and where each price comes from', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, DEALER);
    await page.locator('nav a', { hasText: 'Liquidity' }).click();
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    const row = (text: string) => page.locator('tbody tr', { hasText: text }).first();
    await row('ETH/USD').getByText('lp1').waitFor();
    await row('BTC/USD').getByText('95010.25').waitFor();
    await row('LTC/USD').getByText('Rejected by lp1: LTC/USD: not permissioned', { exact: false }).waitFor();
    await row('lp3').getByText('Down').waitFor();
    await page.waitForTimeout(300);
    await e.shot(page, 'admin-liquidity-en');
    await context.close();
  });

  it('in Traditional Chinese', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, DEALER, '?lang=hk');
    await page.locator('nav a', { hasText: '流動性' }).click();
    await page.locator('tbody tr', { hasText: 'ETH/USD' }).first().getByText('lp1').waitFor();
    await page.locator('tbody tr', { hasText: 'lp1' }).first().getByText('已連線').waitFor();
    // The feed's reason in Chinese; the provider's own words after it as they came.
    await page.locator('tbody tr', { hasText: 'LTC/USD' }).first().getByText('被拒絕：lp1: LTC/USD: not permissioned').waitFor();
    await e.shot(page, 'admin-liquidity-hk');
    await context.close();
  });
});
