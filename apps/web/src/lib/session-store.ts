import { useSyncExternalStore } from 'react';
import type { ChildEntry, Profile, SessionInfo } from '@klase/core/auth/contracts';
import type { TourState } from '@klase/core/reports/contracts';

/**
 * The client-side session (spec section 3 "Auth session", the parts a cookie-based SPA needs).
 *
 * - `status`: `unknown` until the first `GET /api/auth/session` answers, then `anonymous` or
 *   `authenticated`.
 * - `online`: TRUE WHILE THE SERVER IS REACHABLE. The spec words the flag the other way round
 *   ("set false on success and true on a network error"); we keep the natural meaning and record
 *   the choice in docs/decisions.
 * - `expired`: set when the server reported SESSION_EXPIRED; the login page shows the message and
 *   a successful sign-in clears it.
 * - `selectedChildId`: the child a parent is looking at (header switcher). Kept in sessionStorage
 *   so a reload keeps it; cleared with the session.
 * - `tour`: the guided tour's state (lib/tour.ts). Read from the server when a user's session
 *   starts (sign-in, reload); after that the client owns it and writes every change, so a session
 *   check answered before a write arrived cannot turn a running tour back.
 */
export interface SessionState {
  status: 'unknown' | 'anonymous' | 'authenticated';
  profile: Profile | null;
  csrfToken: string | null;
  childrenList: ChildEntry[];
  showWelcomeDialog: boolean;
  tour: TourState;
  selectedChildId: string | null;
  online: boolean;
  expired: boolean;
}

const CHILD_KEY = 'klase.selectedChild';

const readChild = (): string | null => {
  try {
    return sessionStorage.getItem(CHILD_KEY);
  } catch {
    return null;
  }
};

const writeChild = (id: string | null) => {
  try {
    if (id) sessionStorage.setItem(CHILD_KEY, id);
    else sessionStorage.removeItem(CHILD_KEY);
  } catch {
    // Storage can be unavailable (private mode); the selection then lives in memory only.
  }
};

export const initialSessionState = (): SessionState => ({
  status: 'unknown',
  profile: null,
  csrfToken: null,
  childrenList: [],
  showWelcomeDialog: false,
  tour: { status: 'new', step: 0 },
  selectedChildId: null,
  online: true,
  expired: false,
});

let state: SessionState = initialSessionState();
const listeners = new Set<() => void>();

export const getSession = (): SessionState => state;

export const setSessionState = (patch: Partial<SessionState>) => {
  state = { ...state, ...patch };
  if ('selectedChildId' in patch) writeChild(state.selectedChildId);
  for (const l of listeners) l();
};

export const subscribeSession = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Stores what the server said about the signed-in user (login or session check). */
export const applySessionInfo = (info: SessionInfo) => {
  const remembered = state.selectedChildId ?? readChild();
  const children = info.childrenList;
  const selectedChildId = children.some((c) => c.id === remembered) ? remembered : (children[0]?.id ?? null);
  const sameUser = state.status === 'authenticated' && state.profile?.id === info.profile.id;
  setSessionState({
    status: 'authenticated',
    profile: info.profile,
    csrfToken: info.csrfToken,
    childrenList: children,
    showWelcomeDialog: info.showWelcomeDialog,
    tour: sameUser ? state.tour : info.tour,
    selectedChildId,
    expired: false,
  });
};

/** Sign-out or expiry: forget profile, token, children, selected child and photo (it hangs off the profile). */
export const clearSession = (opts: { expired?: boolean } = {}) => {
  setSessionState({
    status: 'anonymous',
    profile: null,
    csrfToken: null,
    childrenList: [],
    showWelcomeDialog: false,
    tour: { status: 'new', step: 0 },
    selectedChildId: null,
    expired: opts.expired ?? false,
  });
};

export const updateProfile = (profile: Profile) => setSessionState({ profile });

/** Test helper and hot-reload safety: back to the first state. */
export const resetSessionStore = () => {
  state = initialSessionState();
  writeChild(null);
  for (const l of listeners) l();
};

export function useSession(): SessionState;
export function useSession<T>(select: (s: SessionState) => T): T;
export function useSession<T>(select?: (s: SessionState) => T): T | SessionState {
  const snapshot = useSyncExternalStore(subscribeSession, getSession, getSession);
  return select ? select(snapshot) : snapshot;
}
