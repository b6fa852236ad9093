/* global self, caches */
/**
 * Tradepad's service worker, hand-written (no library). The build (vite.config.ts, `serviceWorker()`) replaces the two
 * constants below with the build's version and its app shell: index.html plus the hashed scripts and styles the first
 * screen needs, taken from the build's chunk graph.
 *
 * - install: precaches the shell; activate: deletes every older Tradepad cache and takes over open pages.
 * - navigations (outside /admin/): the network first, so a new deploy shows at once; offline, the cached shell, which
 *   then renders the app from cached scripts.
 * - /assets/*: hashed, so never stale: served from the cache, fetched and kept on first use.
 * - everything else, above all /api/, /v1/ (REST and the websocket) and /admin/, is not touched: never cached, never
 *   answered from a cache.
 */
const VERSION = '__TRADEPAD_VERSION__';
const SHELL = /* __TRADEPAD_SHELL__ */ [];

const PREFIX = 'tradepad-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const ASSET_CACHE = `${PREFIX}assets-${VERSION}`;
const NEVER = /^\/(api|v1|admin)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith(PREFIX) && k !== SHELL_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .match('/index.html', { cacheName: SHELL_CACHE })
          .then((shell) => shell || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } })),
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok && response.type === 'basic') {
              const copy = response.clone();
              event.waitUntil(caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
