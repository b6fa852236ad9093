import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { isLinkActive, matchRoutes, rankRoutes, type RouteDef } from './match.ts';

/**
 * The app's router: the browser's history, a route table with layouts (`useRoutes`, `<Outlet>`) and the links and
 * hooks the screens use, with react-router's names and behaviour for what this app needs (absolute paths, a
 * `replace` option, going back by a number of steps). Written for the app rather than taken from react-router, whose
 * ~20 KB gzipped sat in every first screen's script and whose route ranking ran on every render (issue 6 §8).
 *
 * Each history entry carries `{ idx, key }`: `idx` counts the app's entries (0 for the one the app was opened on, so
 * "back" knows whether there is an in-app page to go back to) and `key` tells navigations apart.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per navigation ("default" for the entry the app was opened on). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** A path (absolute, or relative to the current address) or a number of history steps (-1: back). */
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export type RouteObject = RouteDef<ReactNode>;

interface HistoryState {
  idx?: number;
  key?: string;
}

interface RouterValue {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Readonly<Record<string, string>> }>({
  outlet: null,
  params: {},
});

const historyState = (): HistoryState => (window.history.state as HistoryState | null) ?? {};

function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: historyState().key ?? 'default' };
}

let keys = 0;
const nextKey = () => `${Date.now().toString(36)}${(keys++).toString(36)}`;

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks are used inside <BrowserRouter> only');
  return router;
}

/**
 * Holds the current address and follows the browser's back and forward buttons. Address changes render as a
 * transition, so a screen still loading its code keeps the previous screen on view instead of a blank fallback.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(() => {
    if (historyState().idx === undefined) window.history.replaceState({ ...historyState(), idx: 0 }, '');
    return currentLocation();
  });

  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setLocation(currentLocation()));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback<NavigateFunction>((to, options) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    const url = new URL(to, window.location.href);
    const key = nextKey();
    const idx = historyState().idx ?? 0;
    const href = `${url.pathname}${url.search}${url.hash}`;
    if (options?.replace) window.history.replaceState({ idx, key }, '', href);
    else window.history.pushState({ idx: idx + 1, key }, '', href);
    startTransition(() => setLocation({ pathname: url.pathname, search: url.search, hash: url.hash, key }));
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The `:name` values of the matched route. */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(RouteContext).params;
}

/** The query string, and a setter that replaces it (`replace: true` to keep the history as it is). */
export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: Record<string, string> | URLSearchParams, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, location.pathname],
  );
  return [params, set];
}

/**
 * Renders the route table's match for the current address: the outermost route's element, which shows the next one
 * through `<Outlet>`. The table is ranked once per table.
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const ranked = useMemo(() => rankRoutes(routes), [routes]);
  const match = useMemo(() => matchRoutes(ranked, pathname), [ranked, pathname]);
  if (!match) return null;
  return match.chain.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ outlet, params: match.params }}>
        {route.element === undefined || route.element === null ? outlet : route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route shows its matched child. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: string;
  /** Replace the current history entry (the default when the link points at the page already shown). */
  replace?: boolean;
}

/** A plain click on an in-app link navigates without reloading; a modified or middle click is left to the browser. */
function useLinkClick(to: string, replace: boolean | undefined, onClick: LinkProps['onClick']) {
  const { location, navigate } = useRouter();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey) return;
    if (event.shiftKey || (event.currentTarget.target && event.currentTarget.target !== '_self')) return;
    event.preventDefault();
    const here = `${location.pathname}${location.search}${location.hash}`;
    navigate(to, { replace: replace ?? to === here });
  };
}

export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const click = useLinkClick(to, replace, onClick);
  return <a {...rest} href={to} onClick={click} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A class name, or one computed from whether the link is the current page. */
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on its own path, not below it (`/order` but not `/order/x`). */
  end?: boolean;
}

/** A link that knows whether it is the current page (`aria-current="page"`), as a tab bar's items do. */
export function NavLink({ to, end, className, replace, onClick, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const click = useLinkClick(to, replace, onClick);
  const isActive = isLinkActive(to, pathname, end ?? false);
  return (
    <a
      {...rest}
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      onClick={click}
    />
  );
}
