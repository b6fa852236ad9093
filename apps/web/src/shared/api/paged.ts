/** A page of a paged list (DESIGN §3): the rows and how many there are in all. */
export interface Paged<T> {
  data: T[];
  total: number;
}

/** Paged lists start at page 1 (spec §9). */
export const FIRST_PAGE = 1;

/**
 * The page to load after `pages` (react-query's getNextPageParam), or undefined when the list is finished: the rows
 * loaded so far reach the total (spec §9), or the server returned an empty page (a total that shrank meanwhile).
 */
export function nextPageOf<T>(lastPage: Paged<T>, pages: readonly Paged<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  if (lastPage.data.length === 0 || loaded >= lastPage.total) return undefined;
  return FIRST_PAGE + pages.length;
}

/** The rows of every loaded page, in order. */
export function rowsOf<T>(pages: readonly Paged<T>[] | undefined): T[] {
  return pages ? pages.flatMap((p) => p.data) : [];
}

/** A server answer as a page: a missing list is an empty one. */
export function asPage<T>(page: Partial<Paged<T>> | null | undefined): Paged<T> {
  const data = Array.isArray(page?.data) ? page.data : [];
  const total = typeof page?.total === 'number' ? page.total : data.length;
  return { data, total };
}
