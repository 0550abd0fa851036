import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/http.ts';
import { jsonResponse } from '../test/test-utils.tsx';
import { applySessionInfo, getSession, resetSessionStore } from '../lib/session-store.ts';
import { sessionFixture } from '../test/test-session.ts';
import { handleSessionExpired, type AppRouter } from './router.tsx';

const fakeRouter = (pathname: string, navigation: 'idle' | 'loading' = 'idle') => {
  const navigate = vi.fn(async () => {});
  const router = { state: { navigation: { state: navigation }, location: { pathname, search: '' } }, navigate };
  return { router: router as unknown as AppRouter, navigate };
};

beforeEach(() => {
  resetSessionStore();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ code: 'SESSION_EXPIRED', message: 'x' }, 401)),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('session expiry reported by any API call', () => {
  it('clears the session and goes to login, remembering the page', async () => {
    applySessionInfo(sessionFixture());
    const { router, navigate } = fakeRouter('/account/details');
    await expect(apiFetch('/api/account/profile')).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    handleSessionExpired(router);
    expect(getSession()).toMatchObject({ status: 'anonymous', expired: true, profile: null });
    expect(navigate).toHaveBeenCalledWith('/account/login?redirect=%2Faccount%2Fdetails', { replace: true });
  });

  it('leaves the redirect to the root loader during a navigation', () => {
    applySessionInfo(sessionFixture());
    const { router, navigate } = fakeRouter('/dashboard', 'loading');
    handleSessionExpired(router);
    expect(getSession().expired).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });
});
