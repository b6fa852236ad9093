import { describe, expect, it } from 'vitest';
import { asPage, nextPageOf, rowsOf, type Paged } from './paged.ts';

const page = (n: number, total: number, from = 0): Paged<number> => ({
  data: Array.from({ length: n }, (_, i) => from + i),
  total,
});

describe('paged lists', () => {
  it('asks for the next page until the loaded rows reach the total', () => {
    const p1 = page(20, 45);
    expect(nextPageOf(p1, [p1])).toBe(2);
    const p2 = page(20, 45, 20);
    expect(nextPageOf(p2, [p1, p2])).toBe(3);
    const p3 = page(5, 45, 40);
    expect(nextPageOf(p3, [p1, p2, p3])).toBeUndefined();
    expect(rowsOf([p1, p2, p3])).toHaveLength(45);
  });

  it('is finished at once for a list that fits one page, and on an empty page', () => {
    const only = page(3, 3);
    expect(nextPageOf(only, [only])).toBeUndefined();
    const empty = page(0, 50);
    expect(nextPageOf(empty, [page(20, 50), empty])).toBeUndefined();
  });

  it('reads a missing list as an empty page', () => {
    expect(asPage(null)).toEqual({ data: [], total: 0 });
    expect(asPage({ data: [1, 2] })).toEqual({ data: [1, 2], total: 2 });
    expect(rowsOf(undefined)).toEqual([]);
  });
});
