import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http.ts';
import { getSession, subscribeSession } from '../lib/session-store.ts';

/** Retries only what may succeed on a second try: network failures and 5xx, at most twice. */
const shouldRetry = (failureCount: number, error: unknown) => failureCount < 2 && (!isApiError(error) || error.code === 'NETWORK' || error.status >= 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

let client: QueryClient | null = null;

/**
 * The app's one query cache, shared by every page (created on first use). Sign-out and session
 * expiry drop everything cached for the previous user.
 */
export const appQueryClient = (): QueryClient => {
  if (client) return client;
  const created = createQueryClient();
  let userId = getSession().profile?.id ?? null;
  subscribeSession(() => {
    const next = getSession().profile?.id ?? null;
    if (next !== userId) created.clear();
    userId = next;
  });
  client = created;
  return created;
};

/**
 * After the connection comes back (the app showed "No internet connection" or "Connecting..."),
 * everything on screen is asked for again: while the network was away, answers may have come
 * from the service worker's copy, and a count or list read then would otherwise stay until
 * something else changes it. Queries under `auth` are one-time token checks (a verification link
 * used once) and are never run twice.
 */
export const refreshAfterReconnect = (target: QueryClient | null = client): Promise<void> =>
  target ? target.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' }) : Promise.resolve();
