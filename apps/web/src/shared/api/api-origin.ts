/**
 * Where REST and websocket calls go (DESIGN §3): `VITE_API_ORIGIN` when the build sets one (the spec's `api.` host),
 * else the page's own origin, which is how the server serves the app.
 */
export function apiOrigin(): string {
  const configured = import.meta.env.VITE_API_ORIGIN;
  return typeof configured === 'string' && configured ? configured.replace(/\/+$/, '') : '';
}

/** ws(s)://host/path on the API origin. */
export function socketUrlFor(path: string): string {
  const url = new URL(path, apiOrigin() || window.location.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** A file the server serves (an instrument logo): a path is resolved on the API origin, a full URL kept. */
export function serverAssetUrl(path: string): string {
  if (!path) return '';
  if (/^(https?:|data:)/.test(path)) return path;
  return `${apiOrigin()}${path.startsWith('/') ? '' : '/'}${path}`;
}
