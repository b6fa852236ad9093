import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_SCREENS } from './first-visit-screens.ts';

const TAB_SCREENS_SOURCE = readFileSync(new URL('../src/app/tab-screens.ts', import.meta.url), 'utf8');

/** Each tab screen of tab-screens.ts: its address, whether it needs a session, and the module it imports. */
function tabScreens(): Array<{ address: string; auth: boolean; module: string }> {
  const found = [...TAB_SCREENS_SOURCE.matchAll(/'(\/[^']*)': \{[\s\S]*?auth: (true|false)[\s\S]*?import\('([^']+)'\)/g)];
  return found.map(([, address, auth, path]) => ({
    address: address!,
    auth: auth === 'true',
    module: new URL(path!, new URL('../src/app/', import.meta.url)).pathname.replace(/^.*\/apps\/web\//, ''),
  }));
}

describe('FIRST_VISIT_SCREENS', () => {
  it('names every public tab screen with the module tab-screens.ts loads for it', () => {
    const screens = tabScreens();
    expect(screens.length).toBe(6);
    const expected = Object.fromEntries(screens.filter((s) => !s.auth).map((s) => [s.address, s.module]));
    expect(FIRST_VISIT_SCREENS).toEqual(expected);
  });
});
