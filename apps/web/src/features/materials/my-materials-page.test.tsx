import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { MyMaterialRow } from '@klase/core/materials/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { MyMaterialsPage } from './my-materials-page.tsx';
import { CLASS_ID, COURSE_ID, ELEMENT_1, materialId } from '../../test/materials-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
const row: MyMaterialRow = {
  id: materialId(1),
  name: 'What is matter?',
  type: 'page',
  courseId: COURSE_ID,
  courseName: 'Science 7',
  classId: CLASS_ID,
  className: 'Grade 7 - Sampaguita',
  elementId: ELEMENT_1,
  elementName: 'Unit 1: Matter',
  published: false,
  status: 'UNPUBLISHED',
  dueAt: null,
  updatedAt: '2026-06-01T00:00:00.000Z',
};

const renderPage = (roleId: number) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  const router = createMemoryRouter(
    [
      { path: '/materials', element: <MyMaterialsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/materials'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ data: [row], pagination: { page: 1, totalcount: 1 } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('#/materials', () => {
  it('lists the materials with their translated type and status; a row opens the material in its element page', async () => {
    const router = renderPage(ROLE.assistantTeacher);
    const table = await screen.findByRole('table', { name: 'My materials' });
    const cells = (await within(table).findByText('What is matter?')).closest('tr');
    expect(cells).toHaveTextContent(/What is matter\?.*Lesson page.*Science 7.*Grade 7 - Sampaguita.*Unit 1: Matter.*Unpublished/);
    expect(within(table).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByText('What is matter?'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_1}?material=${materialId(1)}`,
      ),
    );
  });

  it('filters by published and lets teachers edit a material', async () => {
    const router = renderPage(ROLE.teacher);
    await screen.findByRole('table', { name: 'My materials' });
    await userEvent.click(screen.getByRole('radio', { name: 'Unpublished' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/materials?') && String(u).includes('published=false'))).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses/${COURSE_ID}/update-material/${materialId(1)}`));
  });
});
