import type { LoginRequest, SessionInfo, SessionStatus } from '@klase/core/auth/contracts';
import { apiFetch, isApiError, setCsrfToken } from '../api/http.ts';
import { applySessionInfo, clearSession, getSession } from './session-store.ts';
import { clearOfflineData, keepSessionOffline } from './offline-cache.ts';

/** What the session check before a navigation found. */
export type SessionCheck = 'authenticated' | 'anonymous' | 'expired' | 'unreachable';

const store = (info: SessionInfo) => {
  setCsrfToken(info.csrfToken);
  applySessionInfo(info);
  void keepSessionOffline(info);
};

/** Forgets everything about the user (profile, CSRF token, children, selected child, photo, the answers kept offline). */
export const forgetSession = (opts: { expired?: boolean } = {}) => {
  setCsrfToken(null);
  clearSession(opts);
  // What was kept for offline reading is this user's: never left for the next one on the device.
  void clearOfflineData();
};

/**
 * The session check run before every navigation. While signed in it asks the light
 * `GET /api/auth/status` (a few bytes on a phone's data plan) and reloads the full
 * `GET /api/auth/session` only when the profile's version changed; otherwise, and on the first
 * load, it asks for the full session. 401 SESSION_EXPIRED clears the session and flags it expired;
 * 401 UNAUTHENTICATED means nobody is signed in. When the server cannot be reached the last known
 * state is kept (the connection banner takes over).
 */
export const checkSession = async (signal?: AbortSignal): Promise<SessionCheck> => {
  try {
    const known = getSession();
    if (known.status === 'authenticated' && known.profile) {
      const status = await apiFetch<SessionStatus>('/api/auth/status', { signal });
      if (status.version === known.profile.updatedAt) return 'authenticated';
    }
    const info = await apiFetch<SessionInfo>('/api/auth/session', { signal });
    store(info);
    return 'authenticated';
  } catch (e) {
    if (isApiError(e) && e.status === 401) {
      const wasSignedIn = getSession().status === 'authenticated';
      if (e.code === 'SESSION_EXPIRED' || wasSignedIn) {
        forgetSession({ expired: true });
        return 'expired';
      }
      if (getSession().status !== 'anonymous') forgetSession({ expired: getSession().expired });
      return 'anonymous';
    }
    if (e instanceof Error && e.name === 'AbortError') throw e;
    return 'unreachable';
  }
};

export const login = async (body: LoginRequest): Promise<SessionInfo> => {
  const info = await apiFetch<SessionInfo>('/api/auth/login', { method: 'POST', body });
  store(info);
  return info;
};

/** Signs out on the server (best effort) and forgets the session locally in every case. */
export const logout = async (): Promise<void> => {
  try {
    await apiFetch<void>('/api/auth/logout', { method: 'POST' });
  } catch {
    // Already signed out on the server, or offline: the local session goes either way.
  } finally {
    forgetSession();
  }
};
