import type { SessionInfo } from '@klase/core/auth/contracts';
import { API_CACHE } from './offline-rules.ts';

/**
 * The API answers the service worker keeps for offline reading belong to one user (src/lib/offline-rules.ts).
 * On a shared phone they must never show to another: they are dropped on sign-out and session
 * expiry, and when a different user signs in than the one they were kept for (the owner's id is
 * remembered in localStorage). The app's code cache holds nothing personal and stays.
 */
export const OFFLINE_OWNER_KEY = 'klase.offlineOwner';

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** Deletes the kept API answers (no-op without the Cache API, e.g. over plain HTTP or in tests). */
export const clearOfflineData = async (): Promise<void> => {
  storage()?.removeItem(OFFLINE_OWNER_KEY);
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch {
    // A browser refusing storage access has nothing kept either.
  }
};

/** Where the app asks for the session; kept so a visit without network still knows who is signed in. */
export const SESSION_PATH = '/api/auth/session';

/**
 * The signed-in user's session answer (from sign-in or the session check): what was kept for
 * somebody else goes first, then this answer is kept as the one of `GET /api/auth/session`
 * (sign-in answers a POST, which the service worker does not keep).
 */
export const keepSessionOffline = async (info: SessionInfo): Promise<void> => {
  const owner = storage()?.getItem(OFFLINE_OWNER_KEY) ?? null;
  if (owner !== null && owner !== info.profile.id) await clearOfflineData();
  storage()?.setItem(OFFLINE_OWNER_KEY, info.profile.id);
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(API_CACHE);
    await cache.put(
      new URL(SESSION_PATH, window.location.origin).href,
      new Response(JSON.stringify(info), { headers: { 'content-type': 'application/json' } }),
    );
  } catch {
    // Without storage the app simply needs the network to know the user.
  }
};
