import { afterQuietNetwork, whenIdle } from './tasks.ts';

/** The worker is registered once no resource has loaded for this long after the page's load event… */
const QUIET_MS = 2000;
/** …or this long after it at the latest (a screen that keeps fetching). */
const LATEST_MS = 20_000;

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

function available(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers the hand-written service worker (service-worker/sw.js, completed by the build) in production builds only: a
 * dev server's modules are not hashed and must never be served from a cache.
 *
 * Not at once: installing, the worker fetches and stores every screen's script and style, and on a phone's two cores
 * that work took the first screen's turn (measured: `/trade` scored 83–93 in Lighthouse with it during the load,
 * 96–98 without). So it waits for the page's load event, then for the network to go quiet (the first screen's lazy
 * parts and data have arrived), then for an idle moment.
 */
export function registerServiceWorker(): void {
  if (!available()) return;
  const loaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  void loaded
    .then(() => afterQuietNetwork(QUIET_MS, LATEST_MS))
    .then(() => whenIdle(QUIET_MS))
    .then(registerServiceWorkerNow);
}

/**
 * Registers the worker now if it is not yet (a trader turning pushes on needs it at once), and resolves with its
 * active registration; undefined where there is none (dev builds, private modes, http origins other than localhost).
 */
export function registerServiceWorkerNow(): Promise<ServiceWorkerRegistration | undefined> {
  if (!available()) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      keepLoadedAssets(registration.active);
      return registration;
    })
    .catch(() => undefined);
  return registering;
}

/**
 * Asks the worker to keep the scripts, styles and messages this page loaded before the worker controlled it (the
 * first visit): the screens already open then keep working offline (issue 17).
 */
function keepLoadedAssets(worker: ServiceWorker | null): void {
  if (!worker) return;
  const origin = window.location.origin;
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((url) => url.startsWith(`${origin}/assets/`));
  if (urls.length) worker.postMessage({ type: 'keep', urls });
}
