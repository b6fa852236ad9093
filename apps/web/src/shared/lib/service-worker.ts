/**
 * Registers the hand-written service worker (public/sw.js, completed by the build) in production builds only: a dev
 * server's modules are not hashed and must never be served from a cache. Waits for `load` so the first screen's own
 * requests go first.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No offline shell this time (private mode, an http origin other than localhost): the app works as before.
    });
  });
}
