import { describe, expect, it } from 'vitest';
import type { SettingsRepository } from './settings.repository.ts';
import { SettingsService } from './settings.service.ts';

/** A repository in memory whose reads wait until released, counting them. */
function fakeRepo(values: Record<string, string>) {
  const pending: Array<() => void> = [];
  const repo = {
    reads: 0,
    async all() {
      repo.reads += 1;
      const snapshot = { ...values };
      await new Promise<void>((resolve) => pending.push(resolve));
      return snapshot;
    },
    async set(key: string, value: string) {
      values[key] = value;
    },
    release: () => pending.splice(0).forEach((r) => r()),
  };
  return repo;
}

describe('SettingsService', () => {
  it('reads the settings once for all the requests that find the cache expired together', async () => {
    const repo = fakeRepo({ margin_call_level: '80' });
    let now = 0;
    const settings = new SettingsService(repo as unknown as SettingsRepository, () => now, 5_000);
    const reads = Array.from({ length: 50 }, () => settings.int('margin_call_level'));
    repo.release();
    expect(await Promise.all(reads)).toEqual(Array(50).fill(80));
    expect(repo.reads).toBe(1);
    now = 4_000;
    expect(await settings.int('margin_call_level')).toBe(80);
    expect(repo.reads).toBe(1);
    now = 6_000;
    const again = settings.int('margin_call_level');
    repo.release();
    await again;
    expect(repo.reads).toBe(2);
  });

  it('never keeps a read that a write overtook: the next request reads the new value', async () => {
    const repo = fakeRepo({ margin_call_level: '80' });
    const settings = new SettingsService(repo as unknown as SettingsRepository, () => 0, 5_000);
    const before = settings.int('margin_call_level');
    await settings.set('margin_call_level', '70');
    repo.release();
    // Asked before the write: the old value, but not cached.
    expect(await before).toBe(80);
    const after = settings.int('margin_call_level');
    repo.release();
    expect(await after).toBe(70);
    expect(repo.reads).toBe(2);
  });

  it('answers every setting in one read: the stored value, else the default', async () => {
    const repo = fakeRepo({ margin_call_level: '80', file_link_secret: 'not a setting' });
    const settings = new SettingsService(repo as unknown as SettingsRepository, () => 0, 5_000);
    const all = settings.all();
    repo.release();
    const answer = await all;
    expect(answer).toMatchObject({ margin_call_level: '80', stop_out_level: '50', site_name: 'Tradepad' });
    expect(answer).not.toHaveProperty('file_link_secret');
    expect(repo.reads).toBe(1);
  });
});
