/**
 * Route matching, the pure half of the app's router: a route table of nested routes (a route without a path is a
 * layout around its children), paths of static segments, `:name` parameters and a final `*`. Matching ignores case
 * and a trailing slash; the most specific route wins (static segments over parameters over `*`), then the first
 * written.
 */
export interface RouteDef<E> {
  path?: string;
  element?: E;
  children?: RouteDef<E>[];
}

export interface RouteMatch<E> {
  /** The matched chain, outermost layout first; each renders the next through its outlet. */
  chain: RouteDef<E>[];
  params: Readonly<Record<string, string>>;
}

interface Branch<E> {
  chain: RouteDef<E>[];
  segments: string[];
  score: number;
  order: number;
}

const splitPath = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** Per segment: static 10, parameter 3, splat -2 (so `/a/b` beats `/a/:x` beats `/a/*` beats `*`). */
function scoreOf(segments: string[]): number {
  return segments.reduce((sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : 10), segments.length);
}

/** Every routable chain of a table, ranked once (the table is fixed for the app's life). */
export function rankRoutes<E>(routes: RouteDef<E>[]): Branch<E>[] {
  const branches: Branch<E>[] = [];
  const walk = (list: RouteDef<E>[], parents: RouteDef<E>[], prefix: string[]) => {
    for (const route of list) {
      const chain = [...parents, route];
      const segments = route.path === undefined ? prefix : [...prefix, ...splitPath(route.path)];
      if (route.children?.length) walk(route.children, chain, segments);
      if (route.path !== undefined) branches.push({ chain, segments, score: scoreOf(segments), order: branches.length });
    }
  };
  walk(routes, [], []);
  return branches.sort((a, b) => b.score - a.score || a.order - b.order);
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === '*') {
      params['*'] = path.slice(i).join('/');
      return params;
    }
    const s = path[i];
    if (s === undefined) return null;
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(s);
      } catch {
        params[p.slice(1)] = s;
      }
    } else if (p.toLowerCase() !== s.toLowerCase()) return null;
  }
  return pattern.length === path.length ? params : null;
}

export function matchRoutes<E>(ranked: Branch<E>[], pathname: string): RouteMatch<E> | null {
  const path = splitPath(pathname);
  for (const branch of ranked) {
    const params = matchSegments(branch.segments, path);
    if (params) return { chain: branch.chain, params };
  }
  return null;
}

/**
 * Whether a link to `to` is the page at `pathname` (a tab bar's active tab), case, trailing slash, query and fragment
 * aside; without `end`, also any page below it (`/order` for `/order/1`).
 */
export function isLinkActive(to: string, pathname: string, end: boolean): boolean {
  const target = splitPath(to.split(/[?#]/)[0] ?? '');
  const path = splitPath(pathname);
  if (end ? path.length !== target.length : path.length < target.length) return false;
  return target.every((segment, i) => segment.toLowerCase() === path[i]!.toLowerCase());
}

/** Whether a link to `to` is exactly the page at `pathname`. */
export const isSamePath = (to: string, pathname: string): boolean => isLinkActive(to, pathname, true);
