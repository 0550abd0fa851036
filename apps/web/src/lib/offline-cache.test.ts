import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/test-utils.tsx';
import { login, logout } from './session.ts';
import { resetSessionStore } from './session-store.ts';
import { sessionFixture } from '../test/test-session.ts';
import { OFFLINE_OWNER_KEY, SESSION_PATH } from './offline-cache.ts';
import { API_CACHE } from './offline-rules.ts';

/** A small in-memory Cache Storage (jsdom has none): named caches of URL to Response. */
const fakeCaches = () => {
  const store = new Map<string, Map<string, Response>>();
  return {
    store,
    open: vi.fn(async (name: string) => {
      const c = store.get(name) ?? new Map<string, Response>();
      store.set(name, c);
      return { put: async (url: string, res: Response) => void c.set(url, res) };
    }),
    delete: vi.fn(async (name: string) => store.delete(name)),
  };
};

const fetchMock = vi.fn<typeof fetch>();
let cachesMock = fakeCaches();
const sessionUrl = () => new URL(SESSION_PATH, window.location.origin).href;
const keptSession = async () => {
  const res = cachesMock.store.get(API_CACHE)?.get(sessionUrl());
  return res ? ((await res.clone().json()) as { profile: { id: string } }) : null;
};
const signIn = async (id: string) => {
  fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture({ id })));
  await login({ username: id, password: 'Secret#123' });
  await vi.waitFor(async () => expect((await keptSession())?.profile.id).toBe(id));
};

describe('answers kept for offline reading, per user', () => {
  beforeEach(() => {
    resetSessionStore();
    localStorage.removeItem(OFFLINE_OWNER_KEY);
    fetchMock.mockReset();
    cachesMock = fakeCaches();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('caches', cachesMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the session answer at sign-in so a visit without network knows the user', async () => {
    await signIn('u-ana');
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('u-ana');
    expect(cachesMock.delete).not.toHaveBeenCalled();
  });

  it('drops everything kept at sign-out', async () => {
    await signIn('u-ana');
    cachesMock.store.get(API_CACHE)?.set('/api/materials/m1', jsonResponse({ name: 'Lesson' }));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await logout();
    await vi.waitFor(() => expect(cachesMock.store.has(API_CACHE)).toBe(false));
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBeNull();
  });

  it('drops what was kept for another user when a different one signs in on the device', async () => {
    await signIn('u-ana');
    cachesMock.store.get(API_CACHE)?.set('/api/materials/m1', jsonResponse({ name: "Ana's lesson" }));
    resetSessionStore();
    await signIn('u-ben');
    expect(cachesMock.delete).toHaveBeenCalledWith(API_CACHE);
    expect(cachesMock.store.get(API_CACHE)?.has('/api/materials/m1')).toBe(false);
    expect(localStorage.getItem(OFFLINE_OWNER_KEY)).toBe('u-ben');
  });
});
