/**
 * Registers the hand-written service worker (service-worker/sw.js, completed by the build) in production builds only: a dev
 * server's modules are not hashed and must never be served from a cache. Call it once the first screen is drawn (and
 * the page has loaded), so the first screen's own requests go first.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => keepLoadedAssets(registration.active))
      .catch(() => {
        // No offline shell this time (private mode, an http origin other than localhost): the app works as before.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
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
