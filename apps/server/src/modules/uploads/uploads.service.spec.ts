import { describe, expect, it } from 'vitest';
import { FILE_LINK_SECRET_KEY, loadFileLinkSecret, type SecretStore } from './uploads.service.ts';

/** The two calls loadFileLinkSecret makes, over a map shared like the settings table. */
function settingsOver(table: Map<string, string>): SecretStore {
  return {
    all: async () => Object.fromEntries(table),
    seedMissing: async (defaults: Record<string, string>) => {
      for (const [k, v] of Object.entries(defaults)) if (!table.has(k)) table.set(k, v);
    },
  };
}

describe('loadFileLinkSecret', () => {
  it('creates a random 32-byte key on the first start and keeps it afterwards', async () => {
    const table = new Map<string, string>();
    const first = await loadFileLinkSecret(settingsOver(table));
    expect(first.length).toBe(32);
    expect(table.get(FILE_LINK_SECRET_KEY)).toBe(first.toString('hex'));
    expect((await loadFileLinkSecret(settingsOver(table))).equals(first)).toBe(true);
  });

  it('makes a different key for every new database', async () => {
    const a = await loadFileLinkSecret(settingsOver(new Map()));
    const b = await loadFileLinkSecret(settingsOver(new Map()));
    expect(a.equals(b)).toBe(false);
  });

  it('refuses to start with a damaged key rather than sign with it', async () => {
    const table = new Map([[FILE_LINK_SECRET_KEY, 'not-hex']]);
    await expect(loadFileLinkSecret(settingsOver(table))).rejects.toThrow(/64 hex digits/);
  });
});
