/**
 * What the service worker (apps/web/sw/sw.ts) keeps for offline use, shared with the page so both
 * agree on cache names and the marker of an answer served from the device (decision: pwa).
 *
 * - The app shell (index.html and the code it loads at once) is precached at install.
 * - Code and styles of pages opened later (`/assets/*`, content-hashed, never changed) are kept
 *   the first time they load (cache first).
 * - The signed-in user's GET answers under `/api` are kept network-first: fresh while online, the
 *   last copy when the network fails, marked with `OFFLINE_HEADER` so the app still shows
 *   "No internet connection". Only what the user opened is kept, and it is cleared on sign-out,
 *   on session expiry and when another user signs in on the device.
 */
export const ASSET_CACHE = 'klase-assets';
export const API_CACHE = 'klase-api';
/** Present (value `1`) on an API answer the service worker took from its cache because the network failed. */
export const OFFLINE_HEADER = 'x-klase-offline';
/** How many API answers and page chunks the device keeps at most (oldest dropped first). */
export const API_CACHE_MAX_ENTRIES = 300;
export const ASSET_CACHE_MAX_ENTRIES = 400;

/** Probes, API docs and bulky downloads (exports, ZIPs of submissions) are never kept. */
const NEVER_KEPT = [/^\/api\/health(\/|$)/, /^\/api\/auth\/status(\/|$)/, /^\/api\/docs(\/|$)/, /\/(export|exports|download|zip)(\/|$|\.)/];

/** Whether a same-origin GET of this path is kept for offline reading. */
export const keepsApiGet = (pathname: string): boolean => pathname.startsWith('/api/') && !NEVER_KEPT.some((re) => re.test(pathname));

/** Whether a same-origin path is a content-hashed build file. */
export const isBuildAsset = (pathname: string): boolean => pathname.startsWith('/assets/');

/** Whether an answer came from the device's cache rather than the server. */
export const servedOffline = (headers: Headers): boolean => headers.get(OFFLINE_HEADER) === '1';
