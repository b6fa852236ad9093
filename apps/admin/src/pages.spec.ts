import { describe, expect, it } from 'vitest';
import { PAGES, sectionPaths } from './pages.ts';
import { SECTION_NAMES } from './sections.ts';

describe("the console's pages", () => {
  it('links each section to a page of its own, which marks it as the current one', () => {
    const links = SECTION_NAMES.map((s) => sectionPaths(s)[0]);
    expect(links).not.toContain(undefined);
    expect(new Set(links).size).toBe(links.length);
    expect(sectionPaths('dashboard')).toEqual(['/']);
    // A section of several resources opens at its first list and stays marked on the others.
    expect(sectionPaths('channels')).toEqual(['/deposit-channels', '/wire-channels', '/draw-currencies']);
    expect(sectionPaths('users')).toEqual(['/users', '/adjustments']);
    // The wallet-settings resource has no page: the settings page is the section's route.
    expect(sectionPaths('settings')).toEqual(['/settings']);
    expect(sectionPaths('support')).toEqual(['/support']);
  });

  it("keeps react-admin's resources apart from the console's own routes", () => {
    // react-admin routes `/<resource>/*`: a resource named as a route's first segment would take that route's pages.
    const roots = Object.keys(PAGES.routes).map((path) => path.split('/')[1]);
    expect(Object.keys(PAGES.resources).filter((name) => roots.includes(name))).toEqual([]);
  });
});
