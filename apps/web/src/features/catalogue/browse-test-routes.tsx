import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROLE } from '@klase/core/roles';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';

type ClassPage = 'courses' | 'catalogue' | 'course' | 'element';

/** The class's course routes of the catalogue pages; the pages not under test are placeholders naming themselves. */
export const renderClassRoutes = (url: string, pages: Partial<Record<ClassPage, ReactElement>>) => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/courses', element: pages.courses ?? <p>class courses</p> },
      { path: '/classes/:id/courses/rex-courses/all/:categoryId?', element: pages.catalogue ?? <p>catalogue</p> },
      { path: '/classes/:id/courses/rex-courses/:courseId', element: pages.course ?? <p>course preview</p> },
      { path: '/classes/:id/courses/rex-courses/:courseId/element/:elementId', element: pages.element ?? <p>element</p> },
      { path: '/not-found', element: <p>not found</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

/** Every test runs signed in as a teacher with `fetch` stubbed by `mock`; both are undone afterwards. */
export const withTeacherSession = (mock: typeof fetch) => {
  beforeEach(() => {
    setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.teacher }).profile });
    vi.stubGlobal('fetch', mock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetSessionStore();
  });
};
