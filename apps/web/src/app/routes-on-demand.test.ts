import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { SessionInfo } from '@klase/core/auth/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../test/test-utils.tsx';
import { sessionFixture } from '../test/test-session.ts';
import { mergeMeta } from '../config/access.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

type Router = ReturnType<typeof createMemoryRouter>;

const settled = (router: Router) =>
  vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true), { timeout: 15_000 });

/**
 * Opens the app at `path` as a fresh page load (a deep link or a reload): new modules, so the class
 * and course routes are not loaded yet; `session` null is somebody signed out.
 */
const openApp = async (path: string, session: SessionInfo | null) => {
  fetchMock.mockImplementation(async (url) => {
    if (!session) return jsonResponse({ code: 'UNAUTHENTICATED', message: 'x' }, 401);
    return jsonResponse(String(url) === '/api/auth/status' ? { version: session.profile.updatedAt } : session);
  });
  vi.resetModules();
  const { routes, patchSignedInRoutes } = await import('./routes.tsx');
  const { metaForPath } = await import('./root-loader.ts');
  const { isChunkLoadError } = await import('./lazy-page.ts');
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: patchSignedInRoutes });
  await settled(router);
  const here = () => `${router.state.location.pathname}${router.state.location.search}`;
  const leaf = () => router.state.matches.at(-1)?.route;
  const title = () => mergeMeta(router.state.matches.map((m) => m.route.handle)).title;
  const classRoutesLoaded = () => metaForPath(routes, '/classes').access === 'auth';
  const failedToLoad = () => Object.values(router.state.errors ?? {}).some(isChunkLoadError);
  return { router, here, leaf, title, classRoutesLoaded, failedToLoad };
};

const teacher = () => sessionFixture({ roleId: ROLE.teacher });

describe('class and course routes loaded on demand', () => {
  it('opens a deep link to a class course page with its own route, guard and title', async () => {
    const app = await openApp('/classes/12/courses/34/course', teacher());
    expect(app.here()).toBe('/classes/12/courses/34/course');
    expect(app.leaf()?.path).toBe('course');
    expect(app.title()).toBe('courses:titles.course');
    expect(app.router.state.errors).toBeNull();
  });

  it('sends somebody signed out from a class page to login, with the way back', async () => {
    const app = await openApp('/classes/12/class-list/students', null);
    expect(app.here()).toBe('/account/login?redirect=%2Fclasses%2F12%2Fclass-list%2Fstudents');
  });

  it('applies the role guard of a loaded route: a student creating a class gets not-found', async () => {
    const app = await openApp('/classes/new', sessionFixture({ roleId: ROLE.student }));
    expect(app.here()).toBe('/not-found');
  });

  it('keeps the shared-catalogue marker from being opened as a course', async () => {
    const app = await openApp('/classes/12/courses/rex-courses/element/7', teacher());
    expect(app.here()).toBe('/not-found');
  });

  it('loads them on the first navigation to a class page from a page that did not need them', async () => {
    const app = await openApp('/dashboard', teacher());
    expect(app.classRoutesLoaded()).toBe(false);
    await app.router.navigate('/classes');
    await settled(app.router);
    expect(app.here()).toBe('/classes');
    expect(app.title()).toBe('classes:titles.classes');
    await app.router.navigate('/courses/available');
    await settled(app.router);
    expect(app.title()).toBe('catalogueBrowse:titles.available');
  });

  it('shows not-found for unknown paths, also once the routes are loaded', async () => {
    const app = await openApp('/no-such-page/3', teacher());
    expect(app.here()).toBe('/no-such-page/3');
    expect(app.leaf()?.path).toBe('*');
    expect(app.classRoutesLoaded()).toBe(true);
    await app.router.navigate('/courses/12');
    await settled(app.router);
    expect(app.leaf()?.path).toBe('*');
  });

  it('reports a failed load as a chunk-load error (with retry) and loads them on the next try', async () => {
    vi.doMock('./routes-classes.ts', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const app = await openApp('/classes', teacher());
    expect(app.failedToLoad()).toBe(true);
    vi.doUnmock('./routes-classes.ts');
    await app.router.navigate('/classes');
    await settled(app.router);
    expect(app.failedToLoad()).toBe(false);
    expect(app.title()).toBe('classes:titles.classes');
  });

  it('does not load them for the sign-in page', async () => {
    const app = await openApp('/account/login', null);
    expect(app.leaf()?.path).toBe('login');
    expect(app.classRoutesLoaded()).toBe(false);
  });
});
