import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '../../db/database.ts';
import { insertTestTrader, openTempDatabase } from '../../db/database.testing.ts';
import { SessionsRepository } from './sessions.repository.ts';

describe('SessionsRepository: traders’ sessions kept in memory', () => {
  let close: () => Promise<void>;
  let handle: DbHandle;
  let repo: SessionsRepository;
  let userId: number;

  beforeEach(async () => {
    ({ handle, close } = await openTempDatabase('tradepad-sessions-'));
    repo = new SessionsRepository(handle.db, handle.read, handle.kind);
    userId = await insertTestTrader(handle);
    await repo.create({ tokenHash: 'h1', actor: 'user', actorId: userId, at: 1, ip: '::1', userAgent: 'test' });
  });

  afterEach(async () => {
    vi.useRealTimers();
    await close();
  });

  const renameBehindItsBack = (email: string) => handle.db.updateTable('users').set({ email }).where('id', '=', userId).execute();

  it('serves a second look-up from memory, read-only', async () => {
    const first = await repo.findUserSession('h1');
    await renameBehindItsBack('changed@example.com');
    const second = await repo.findUserSession('h1');
    expect(second).toBe(first);
    expect(Object.isFrozen(second!.user) && Object.isFrozen(second!.session)).toBe(true);
    expect(await repo.findUserSession('nope')).toBeUndefined();
  });

  it('forgets a user’s row when told, and a session when it is revoked or touched', async () => {
    await repo.findUserSession('h1');
    await renameBehindItsBack('new@example.com');
    repo.forgetUser(userId);
    const fresh = await repo.findUserSession('h1');
    expect(fresh!.user.email).toBe('new@example.com');

    await repo.touch(fresh!.session.id, 99);
    expect((await repo.findUserSession('h1'))!.session.last_seen_at).toBe(99);
    await repo.revoke(fresh!.session.id, 100);
    expect((await repo.findUserSession('h1'))!.session.revoked_at).toBe(100);
  });

  it('forgets every session of a user signed out at once', async () => {
    await repo.create({ tokenHash: 'h2', actor: 'user', actorId: userId, at: 1, ip: '::1', userAgent: 'test' });
    await repo.findUserSession('h1');
    const keep = await repo.findUserSession('h2');
    await repo.revokeAll('user', userId, 50, keep!.session.id);
    expect((await repo.findUserSession('h1'))!.session.revoked_at).toBe(50);
    expect((await repo.findUserSession('h2'))!.session.revoked_at).toBeNull();
  });

  it('does not keep what a read saw when a forget came while it was reading', async () => {
    // Between the read's statement and its answer: the row changes and the repository is told.
    let meanwhile: (() => Promise<void>) | undefined;
    const read = handle.read.withPlugin({
      transformQuery: (a) => a.node,
      transformResult: async (a) => {
        await meanwhile?.();
        meanwhile = undefined;
        return a.result;
      },
    });
    const slow = new SessionsRepository(handle.db, read, handle.kind);
    meanwhile = async () => {
      await renameBehindItsBack('late@example.com');
      slow.forgetUser(userId);
    };
    expect((await slow.findUserSession('h1'))!.user.email).toBe('ann@example.com');
    expect((await slow.findUserSession('h1'))!.user.email).toBe('late@example.com');
  });

  it('reads again after a few seconds, so a write that forgot to tell it still shows', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    await repo.findUserSession('h1');
    await renameBehindItsBack('later@example.com');
    vi.advanceTimersByTime(4_000);
    expect((await repo.findUserSession('h1'))!.user.email).toBe('ann@example.com');
    vi.advanceTimersByTime(1_500);
    expect((await repo.findUserSession('h1'))!.user.email).toBe('later@example.com');
  });
});
