/**
 * Registers the hand-written service worker (public/sw.js, completed by the build) in production builds only: a dev
 * server's modules are not hashed and must never be served from a cache. Call it once the first screen is drawn (and
 * the page has loaded), so the first screen's own requests go first.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No offline shell this time (private mode, an http origin other than localhost): the app works as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
