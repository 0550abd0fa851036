import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { jsonResponse } from '../test/test-utils.tsx';
import { getSession, resetSessionStore } from '../lib/session-store.ts';
import { sessionFixture } from '../test/test-session.ts';
import { createRootLoader } from './root-loader.ts';
import { routes } from './routes.tsx';

const fetchMock = vi.fn<typeof fetch>();
const loader = createRootLoader(() => routes);

/** Runs the root loader for a path; returns the redirect target or null. */
const navigateTo = async (path: string): Promise<string | null> => {
  const request = new Request(`http://localhost${path}`);
  try {
    await loader({ request, params: {}, context: undefined } as unknown as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
};

beforeEach(() => {
  resetSessionStore();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('root loader (session check before each navigation)', () => {
  it('asks the server on every navigation: the full session first, then the light status', async () => {
    const info = sessionFixture();
    fetchMock.mockImplementation(async (url) => jsonResponse(String(url) === '/api/auth/status' ? { version: info.profile.updatedAt } : info));
    await navigateTo('/dashboard');
    await navigateTo('/account/details');
    await navigateTo('/dashboard');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/auth/session', '/api/auth/status', '/api/auth/status']);
  });

  it('sends an expired session to login with the message flag and the way back', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 'SESSION_EXPIRED', message: 'x' }, 401));
    expect(await navigateTo('/account/edit')).toBe('/account/login?redirect=%2Faccount%2Fedit');
    expect(getSession()).toMatchObject({ status: 'anonymous', expired: true, profile: null });
  });

  it('sends anonymous users to login and signed-in users away from visitor pages', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'UNAUTHENTICATED', message: 'x' }, 401));
    expect(await navigateTo('/dashboard')).toBe('/account/login');
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'UNAUTHENTICATED', message: 'x' }, 401));
    expect(await navigateTo('/account/login')).toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture()));
    expect(await navigateTo('/account/login')).toBe('/dashboard');
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture()));
    expect(await navigateTo('/account')).toBe('/dashboard');
  });

  it('opens verify-account whether signed in or not', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 'UNAUTHENTICATED', message: 'x' }, 401));
    expect(await navigateTo('/account/verify-account?token=abc')).toBeNull();
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture()));
    expect(await navigateTo('/account/verify-account?token=abc')).toBeNull();
  });

  it('sends a teacher opening the outbox to not-found, and lets the admin in', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture({ roleId: 3 })));
    expect(await navigateTo('/admin/outbox')).toBe('/not-found');
    resetSessionStore(); // another person, another browser: a first load
    fetchMock.mockResolvedValueOnce(jsonResponse(sessionFixture({ roleId: 1 })));
    expect(await navigateTo('/admin/outbox')).toBeNull();
  });
});
