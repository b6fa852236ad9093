/* global self, caches */
/**
 * Tradepad's service worker, hand-written (no library). The build (vite.config.ts, `serviceWorker()`) replaces the two
 * constants below with the build's version and its app shell: index.html plus the hashed scripts and styles the first
 * screen needs, taken from the build's chunk graph.
 *
 * - install: precaches the shell, then (best effort, never failing the install) every lazy screen's script and CSS,
 *   so a screen opens offline even if it was never opened (issue 17); activate: deletes every older Tradepad cache
 *   and takes over open pages.
 * - a page's `{type: 'keep', urls}` message: keeps the assets it loaded before this worker controlled it (its
 *   language's messages above all), so what is on screen keeps working offline.
 * - navigations (outside /admin/): the network first, so a new deploy shows at once; offline, the cached shell, which
 *   then renders the app from cached scripts.
 * - /assets/*: hashed, so never stale: served from the cache, fetched and kept on first use.
 * - everything else, above all /api/, /v1/ (REST and the websocket) and /admin/, is not touched: never cached, never
 *   answered from a cache.
 * - push (issue 21): a web push's decrypted JSON `{id, kind, title, body, link}` is shown as a notification; a tap on
 *   it focuses an open Tradepad window (navigated to `link`) or opens one there. Only app paths are followed.
 */
const VERSION = '__TRADEPAD_VERSION__';
const SHELL = /* __TRADEPAD_SHELL__ */ [];
const SCREENS = /* __TRADEPAD_SCREENS__ */ [];

const PREFIX = 'tradepad-';
const SHELL_CACHE = `${PREFIX}shell-${VERSION}`;
const ASSET_CACHE = `${PREFIX}assets-${VERSION}`;
const NEVER = /^\/(api|v1|admin)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => keep(SCREENS))
      .then(() => self.skipWaiting()),
  );
});

/** Puts each same-origin /assets/ file into the asset cache unless it is there; a failure skips that file only. */
function keep(urls) {
  return caches.open(ASSET_CACHE).then((cache) =>
    Promise.all(
      urls.map((href) => {
        let url;
        try {
          url = new URL(href, self.location.origin);
        } catch {
          return undefined;
        }
        if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) return undefined;
        return cache
          .match(url.pathname)
          .then((hit) => hit || cache.add(url.pathname))
          .catch(() => undefined);
      }),
    ),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'keep' && Array.isArray(data.urls)) event.waitUntil(keep(data.urls.slice(0, 500)));
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

/** A notice's app path: a same-origin path outside the API and the back office, else the notification centre. */
function appPath(link) {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return '/mine/notices';
  try {
    const url = new URL(link, self.location.origin);
    if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return '/mine/notices';
    return url.pathname + url.search;
  } catch {
    return '/mine/notices';
  }
}

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { title: 'Tradepad', body: event.data ? event.data.text() : '' };
  }
  const title = typeof notice.title === 'string' && notice.title ? notice.title : 'Tradepad';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      tag: notice.id ? `notice-${notice.id}` : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: appPath(notice.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = appPath(event.notification.data && event.notification.data.link);
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find(
        (w) => new URL(w.url).origin === self.location.origin && !new URL(w.url).pathname.startsWith('/admin'),
      );
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(target) : undefined));
      return self.clients.openWindow(target);
    }),
  );
});
