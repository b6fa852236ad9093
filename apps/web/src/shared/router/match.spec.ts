import { describe, expect, it } from 'vitest';
import { isSamePath, matchRoutes, rankRoutes, type RouteDef } from './match.ts';

const table: RouteDef<string>[] = [
  {
    element: 'shell',
    children: [
      { path: '/', element: 'home' },
      { path: '/trade', element: null as unknown as string },
      { path: '/news/detail', element: 'article' },
      { path: '/news/:id', element: 'news-id' },
      { path: '/mine/announcement', element: 'announcements' },
      { path: '/mine/announcement/detail', element: 'announcement' },
      { path: '*', element: 'not-found' },
    ],
  },
];
const ranked = rankRoutes(table);
const elements = (path: string) => matchRoutes(ranked, path)?.chain.map((r) => r.element);

describe('matchRoutes', () => {
  it('matches through the layout, outermost first', () => {
    expect(elements('/')).toEqual(['shell', 'home']);
    expect(elements('/mine/announcement/detail')).toEqual(['shell', 'announcement']);
  });

  it('prefers a static segment to a parameter, and anything to the catch-all, whatever the order written', () => {
    expect(elements('/news/detail')).toEqual(['shell', 'article']);
    expect(elements('/news/42')).toEqual(['shell', 'news-id']);
    expect(elements('/nowhere/at/all')).toEqual(['shell', 'not-found']);
  });

  it('ignores case and a trailing slash, as links typed by hand expect', () => {
    expect(elements('/Trade/')).toEqual(['shell', null]);
    expect(elements('/NEWS/DETAIL')).toEqual(['shell', 'article']);
  });

  it('gives parameters decoded, and a malformed escape as it came', () => {
    expect(matchRoutes(ranked, '/news/a%20b')?.params).toEqual({ id: 'a b' });
    expect(matchRoutes(ranked, '/news/%E0%A4%A')?.params).toEqual({ id: '%E0%A4%A' });
    expect(matchRoutes(ranked, '/x/y')?.params).toEqual({ '*': 'x/y' });
  });

  it('matches nothing when no route fits and there is no catch-all', () => {
    expect(matchRoutes(rankRoutes([{ path: '/a', element: 'a' }]), '/a/b')).toBeNull();
  });
});

describe('isSamePath', () => {
  it('compares paths only: case, trailing slash, query and fragment aside', () => {
    expect(isSamePath('/order', '/Order/')).toBe(true);
    expect(isSamePath('/order?tab=1#x', '/order')).toBe(true);
    expect(isSamePath('/order', '/order/1')).toBe(false);
    expect(isSamePath('/', '/')).toBe(true);
  });
});
