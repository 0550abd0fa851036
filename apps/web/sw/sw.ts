/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { API_CACHE, API_CACHE_MAX_ENTRIES, ASSET_CACHE, ASSET_CACHE_MAX_ENTRIES, OFFLINE_HEADER, isBuildAsset, keepsApiGet } from '../src/lib/offline-rules.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/**
 * Klase's service worker (built by vite-plugin-pwa, strategy injectManifest). A new version takes
 * over at once (no waiting tab); the page already open keeps its code, and a page whose chunk is
 * gone after a deployment reloads once (see app/chunk-reload.ts). Rules: src/lib/offline-rules.ts.
 */
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Hash routing: every page is index.html; /api is never answered with it.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url }) => sameOrigin(url) && isBuildAsset(url.pathname),
  new CacheFirst({
    cacheName: ASSET_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: ASSET_CACHE_MAX_ENTRIES })],
  }),
);

/** Marks a cached API answer so the app knows it is offline although it got data. */
const markOffline = (cached: Response): Response => {
  const headers = new Headers(cached.headers);
  headers.set(OFFLINE_HEADER, '1');
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
};

registerRoute(
  ({ url, request }) => sameOrigin(url) && keepsApiGet(url.pathname) && !request.headers.has('range'),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: API_CACHE_MAX_ENTRIES }),
      { cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markOffline(cachedResponse) : cachedResponse) },
    ],
  }),
  'GET',
);
