import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transaction } from '../../db/after-commit.ts';
import type { DbHandle } from '../../db/database.ts';
import { insertTestTrader, openTempDatabase } from '../../db/database.testing.ts';
import { InProcessBus } from '../../ports/bus.ts';
import { ManualClock } from '../../ports/clock.ts';
import { SessionsRepository } from './sessions.repository.ts';
import { expired, SessionsService, TOUCH_EVERY_MS } from './sessions.service.ts';

const HOUR = 3_600_000;

describe('session lifetimes', () => {
  const lifetimes = { idleMs: HOUR, absoluteMs: 10 * HOUR };
  it('never counts a session idle within the idle time plus the last-seen write interval', () => {
    const s = { created_at: 0, last_seen_at: 0 };
    expect(expired(s, HOUR + TOUCH_EVERY_MS, lifetimes)).toBe(false);
    expect(expired(s, HOUR + TOUCH_EVERY_MS + 1, lifetimes)).toBe(true);
  });
  it('ends a session at its absolute lifetime however recently it was seen', () => {
    const s = { created_at: 0, last_seen_at: 10 * HOUR };
    expect(expired(s, 10 * HOUR, lifetimes)).toBe(false);
    expect(expired(s, 10 * HOUR + 1, lifetimes)).toBe(true);
    expect(expired(s, 10 * HOUR + 1, { idleMs: HOUR })).toBe(false);
  });
});

describe('SessionsService: revocations announced after the commit', () => {
  let close: () => Promise<void>;
  let handle: DbHandle;
  let sessions: SessionsService;
  let announced: number[][];
  let userId: number;
  const clock = new ManualClock(1_000_000);

  beforeEach(async () => {
    ({ handle, close } = await openTempDatabase('tradepad-sessions-svc-'));
    const bus = new InProcessBus();
    announced = [];
    bus.onSessionsRevoked(({ sessionIds }) => announced.push([...sessionIds]));
    sessions = new SessionsService(
      new SessionsRepository(handle.db, handle.read, handle.kind),
      clock,
      'user',
      { idleMs: HOUR },
      bus,
    );
    userId = await insertTestTrader(handle);
  });

  afterEach(async () => {
    await close();
  });

  const ids = async () => (await handle.db.selectFrom('sessions').select('id').orderBy('id').execute()).map((r) => r.id);

  it('announces a logout at once, and a second logout of the same session not again', async () => {
    await sessions.issue(userId, '::1', 'test');
    const [id] = await ids();
    await sessions.revoke(id!);
    await sessions.revoke(id!);
    expect(announced).toEqual([[id]]);
  });

  it('announces the sessions a transaction revoked only once it commits, and nothing when it rolls back', async () => {
    for (let i = 0; i < 3; i++) await sessions.issue(userId, '::1', 'test');
    const [keep, a, b] = await ids();
    await expect(
      transaction(handle.db, async (trx) => {
        await sessions.revokeAll(userId, keep, trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(announced).toEqual([]);

    await transaction(handle.db, async (trx) => {
      await sessions.revokeAll(userId, keep, trx);
      expect(announced).toEqual([]);
    });
    expect(announced).toEqual([[a, b]]);
  });
});
