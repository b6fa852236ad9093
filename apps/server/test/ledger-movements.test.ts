import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { micros } from '@tradepad/domain';
import { refuse } from '../src/core/errors.ts';
import { transaction } from '../src/db/after-commit.ts';
import { depositCredited } from '../src/modules/ledger/ledger-entries.ts';
import { TradeWriter } from '../src/modules/trading/trade-writer.ts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { demoUser } from './people.ts';

const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);

/**
 * Effects follow the commit: the engine's in-memory cash hears each committed movement of a user's cash through the
 * ledger's one listener, whoever wrote it, and never a movement whose transaction (or savepoint) rolled back.
 */
describe('committed cash movements', () => {
  let h: Harness;
  const clock = new ManualClock(WEDNESDAY);

  beforeAll(async () => {
    h = await startHarness({ clock });
  });
  afterAll(async () => {
    await h.expectLedgerSound();
    await h.close();
  });

  const credit = (userId: number, usd: bigint, depositId: number) =>
    depositCredited({ depositId, userId, amount: micros(usd * 1_000_000n), at: clock.now() });

  it('moves the engine cash after a commit, and not at all when the transaction rolls back', async () => {
    const { engine, ledger, database } = h.app.tradepad;
    const u = await demoUser(h);
    const acc = await engine.accountFor(u.id, true);
    const start = acc.cash;

    await expect(
      transaction(database.db, async (trx) => {
        await ledger.post(trx, credit(u.id, 500n, 900_001));
        // Not yet committed: nothing has moved in memory.
        expect(acc.cash).toBe(start);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(acc.cash).toBe(start);
    expect(await ledger.balance(database.db, u.id, 'cash')).toBe(start);

    await transaction(database.db, (trx) => ledger.post(trx, credit(u.id, 500n, 900_002)));
    expect(acc.cash).toBe(start + 500_000_000n);
    expect(await ledger.balance(database.db, u.id, 'cash')).toBe(acc.cash);
  });

  it('drops the movements of a group-committed job undone by its savepoint, keeping the others', async () => {
    const { engine, ledger, database } = h.app.tradepad;
    const u = await demoUser(h);
    const acc = await engine.accountFor(u.id, true);
    const start = acc.cash;
    const writer = new TradeWriter(database.db);
    const results = await Promise.allSettled([
      writer.run((trx) => ledger.post(trx, credit(u.id, 10n, 900_003))),
      writer.run(async (trx) => {
        await ledger.post(trx, credit(u.id, 20n, 900_004));
        throw refuse('err.insufficient_margin');
      }),
      writer.run((trx) => ledger.post(trx, credit(u.id, 30n, 900_005))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(acc.cash).toBe(start + 40_000_000n);
    expect(await ledger.balance(database.db, u.id, 'cash')).toBe(acc.cash);
  });

  it('refuses a ledger write in a transaction whose effects nobody would run', async () => {
    const { ledger, database } = h.app.tradepad;
    const u = await demoUser(h);
    await expect(database.db.transaction().execute((trx) => ledger.post(trx, credit(u.id, 1n, 900_006)))).rejects.toThrow(
      /afterCommit/,
    );
    expect(await ledger.balance(database.db, u.id, 'cash')).toBe(micros(100_000_000_000n));
  });
});
