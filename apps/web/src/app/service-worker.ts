/**
 * Registers the service worker (apps/web/sw/sw.ts) in production builds only: dev mode and unit
 * tests run without it. A new deployment's worker takes over at once and the next visit (or the
 * one reload after a missing chunk, chunk-reload.ts) runs the new version; the page already open
 * is never reloaded under the user's hands (decision: pwa).
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // No service worker (private mode, an old browser): the app works online as before.
  });
};
