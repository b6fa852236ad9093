import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type OrderView } from '@tradepad/contracts';
import type { Harness } from './harness.ts';
import { demoTrader } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The engine rebuilds its books from the database: stops and pending orders placed before a restart fire after it. */
describe('trading across a restart', () => {
  const market = new ScriptedMarket();
  const { id, tick } = market;
  let h: Harness | undefined;
  afterAll(async () => h?.close());

  it('keeps open positions and pending orders, and their triggers fire after the restart', async () => {
    const first = await market.start({ keepData: true });
    const btc = id('BTCUSD');
    const auth = { authorization: (await demoTrader(first)).token };
    tick('BTCUSD', '95000.00');
    const held = await first.call(
      'POST',
      API.submit,
      { type: 1, cont: '0.1', forex_id: btc, status: 1, multiple: 10, target_profit_price: '96000.00' },
      auth,
    );
    const pending = await first.call(
      'POST',
      API.submit,
      { type: 1, cont: '0.1', forex_id: btc, status: 0, target_price: '94000.00', multiple: 10 },
      auth,
    );
    expect([held.code, pending.code]).toEqual([1, 1]);
    const balanceBefore = (await first.call('GET', API.getBalance, {}, auth)).data.balance as string;
    h = await market.restart(first);
    expect((await h.call('GET', API.getBalance, {}, auth)).data.balance).toBe(balanceBefore);
    const open = (await h.call('GET', API.deals, { status: 1, page: 1 }, auth)).data.data as OrderView[];
    expect(open.map((o) => [o.Id, o.TargetProfitPrice])).toEqual([[held.data.order.Id, 96000]]);
    // The pending limit fills, then the take-profit closes the first position.
    tick('BTCUSD', '93970.00');
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
    tick('BTCUSD', '96100.00');
    await new Promise((r) => setTimeout(r, 20));
    await h.app.tradepad.engine.idle();
    const history = (await h.call('GET', API.deals, { status: 3, page: 1 }, auth)).data.data as OrderView[];
    expect(history.map((o) => [o.Id, o.ClosedType])).toEqual([[held.data.order.Id, 3]]);
    const holding = (await h.call('GET', API.deals, { status: 1, page: 1 }, auth)).data.data as OrderView[];
    expect(holding.map((o) => [o.Id, o.Price])).toEqual([[pending.data.order.Id, 93990]]);
    await h.expectLedgerSound();

    // The command-line checker agrees (SQLite file of this run, or its PostgreSQL database).
    const env = { ...process.env, DATA_DIR: h.dataDir, DATABASE_URL: h.database.url ?? '' };
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/check-ledger.ts'], {
      cwd: ROOT,
      env,
    }).toString();
    expect(out).toMatch(/^ledger sound/);
  }, 120_000);
});
