import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/test-utils.tsx';
import { apiFetch } from '../api/http.ts';
import { checkSession, login, logout } from './session.ts';
import { applySessionInfo, getSession, resetSessionStore, setSessionState } from './session-store.ts';
import { sessionFixture } from '../test/test-session.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetSessionStore();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const headerOf = (call: number, name: string) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get(name);

describe('checkSession', () => {
  it('stores the session and sends its CSRF token on later writes', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture({}, { childrenList: [{ id: 'c1', name: 'Ana none', username: 'ana' }] })));
    await expect(checkSession()).resolves.toBe('authenticated');
    const s = getSession();
    expect(s.status).toBe('authenticated');
    expect(s.profile?.firstName).toBe('Maria');
    expect(s.selectedChildId).toBe('c1');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiFetch('/api/account/welcome/dismiss', { method: 'POST' });
    expect(headerOf(1, 'x-csrf-token')).toBe('csrf-1');
  });

  it('while signed in, asks only the light status and keeps the profile when its version is the same', async () => {
    const info = sessionFixture();
    applySessionInfo(info);
    fetchMock.mockResolvedValueOnce(jsonResponse({ version: info.profile.updatedAt }));
    await expect(checkSession()).resolves.toBe('authenticated');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/status');
  });

  it('reloads the full session when the profile changed elsewhere', async () => {
    applySessionInfo(sessionFixture());
    fetchMock.mockResolvedValueOnce(jsonResponse({ version: '2030-01-01T00:00:00.000Z' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture({ firstName: 'Mariang' })));
    await expect(checkSession()).resolves.toBe('authenticated');
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/auth/session');
    expect(getSession().profile?.firstName).toBe('Mariang');
  });

  it('clears everything and flags expiry on 401 SESSION_EXPIRED', async () => {
    applySessionInfo(sessionFixture({}, { childrenList: [{ id: 'c1', name: 'Ana', username: 'ana' }] }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'SESSION_EXPIRED', message: 'Your session has expired.' }, 401));
    await expect(checkSession()).resolves.toBe('expired');
    const s = getSession();
    expect(s).toMatchObject({ status: 'anonymous', profile: null, csrfToken: null, childrenList: [], selectedChildId: null, expired: true });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await apiFetch('/api/x', { method: 'POST' });
    expect(headerOf(1, 'x-csrf-token')).toBeNull();
  });

  it('treats a lost session of a signed-in user as expired', async () => {
    applySessionInfo(sessionFixture());
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'UNAUTHENTICATED', message: 'x' }, 401));
    await expect(checkSession()).resolves.toBe('expired');
    expect(getSession().expired).toBe(true);
  });

  it('says anonymous when nobody was signed in', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'UNAUTHENTICATED', message: 'x' }, 401));
    await expect(checkSession()).resolves.toBe('anonymous');
    expect(getSession()).toMatchObject({ status: 'anonymous', expired: false });
  });

  it('keeps the last known state when the server cannot be reached', async () => {
    applySessionInfo(sessionFixture());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(checkSession()).resolves.toBe('unreachable');
    expect(getSession().status).toBe('authenticated');
  });
});

describe('login and logout', () => {
  it('signs in, then signs out and forgets the user', async () => {
    setSessionState({ expired: true });
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture({ roleId: 9 }, { childrenList: [{ id: 'c2', name: 'Ben', username: 'ben' }] })));
    await login({ username: 'maria', password: 'Secret#123' });
    expect(getSession()).toMatchObject({ status: 'authenticated', expired: false, selectedChildId: 'c2' });
    expect(headerOf(0, 'x-requested-with')).toBe('klase');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await logout();
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/auth/logout');
    expect(getSession()).toMatchObject({ status: 'anonymous', profile: null, selectedChildId: null, expired: false });
  });

  it('forgets the user even when the server is unreachable at sign-out', async () => {
    applySessionInfo(sessionFixture());
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await logout();
    expect(getSession().status).toBe('anonymous');
  });
});
