import { describe, expect, it } from 'vitest';
import { HOME_PAGE, RESOURCE_PAGES, ROUTE_PAGES, SECTION_NAMES, sectionPaths } from './sections.ts';

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
    // Copy trading's two pages are one section.
    expect(sectionPaths('copy')).toEqual(['/copy']);
  });

  it('registers every resource and route the sections name, the home page at /', () => {
    expect(HOME_PAGE).toBeDefined();
    // The support section's calls are its own page's: react-admin does not register them.
    expect(Object.keys(RESOURCE_PAGES)).toEqual([
      'users',
      'adjustments',
      'deposits',
      'withdrawals',
      'kyc',
      'deposit-channels',
      'wire-channels',
      'draw-currencies',
      'news',
      'wallet-settings',
      'staff',
      'outbox',
    ]);
    expect(RESOURCE_PAGES['wallet-settings']).toEqual({});
    expect(Object.keys(RESOURCE_PAGES.users ?? {})).toEqual(['list', 'show']);
    expect(Object.keys(RESOURCE_PAGES.adjustments ?? {})).toEqual(['list']);
    expect(Object.keys(ROUTE_PAGES)).toEqual([
      '/positions',
      '/risk',
      '/liquidity',
      '/hedge',
      '/account-types',
      '/copy',
      '/copy/fees',
      '/changes',
      '/instruments',
      '/settings',
      '/audit',
      '/reports',
      '/support',
      '/support/:userId',
    ]);
  });

  it("keeps react-admin's resources apart from the console's own routes", () => {
    // react-admin routes `/<resource>/*`: a resource named as a route's first segment would take that route's pages.
    const roots = Object.keys(ROUTE_PAGES).map((path) => path.split('/')[1]);
    expect(Object.keys(RESOURCE_PAGES).filter((name) => roots.includes(name))).toEqual([]);
  });
});
