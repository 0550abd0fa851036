import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails } from '@klase/core/classes/contracts';
import type { ClassCourseRow, ClassMaterialRow } from '@klase/core/class-work/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { ClassMaterialsPage } from './class-materials-page.tsx';
import { CLASS_ID, classDetailsOf } from './class-list-fixtures.ts';

const COURSE = '77777777-7777-4777-8777-777777777777';
const course: ClassCourseRow = {
  id: COURSE,
  name: 'Mathematics 7',
  code: 'MATH7',
  description: '',
  gradeLevel: 'Grade 7',
  subject: 'Mathematics',
  published: true,
  status: 'PUBLISHED',
  elementCount: 1,
  materialCount: 1,
  updatedAt: '2026-06-01T00:00:00.000Z',
};
const material: ClassMaterialRow = {
  id: '88888888-8888-4888-8888-888888888888',
  name: 'Fractions quiz',
  type: 'quiz',
  courseId: COURSE,
  courseName: 'Mathematics 7',
  elementId: '99999999-9999-4999-8999-999999999999',
  elementName: 'Unit 1',
  published: false,
  status: 'UNPUBLISHED',
  dueAt: null,
  updatedAt: '2026-06-01T00:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let courses: ClassCourseRow[];
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

beforeEach(() => {
  details = classDetailsOf('teacher');
  courses = [course];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const u = String(url);
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(details);
    if (u === `/api/classes/${CLASS_ID}/courses`) return jsonResponse(courses);
    if (u.startsWith(`/api/classes/${CLASS_ID}/materials?`)) return jsonResponse({ data: [material], pagination: { page: 1, totalcount: 1 } });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () => {
  const router = createMemoryRouter([{ path: '/classes/:id/class-materials', element: <ClassMaterialsPage /> }], {
    initialEntries: [`/classes/${CLASS_ID}/class-materials`],
  });
  renderWithProviders(<RouterProvider router={router} />);
};

describe('ClassMaterialsPage', () => {
  it('lists materials with translated types and the status for staff; filters by type and course on the server', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Class materials' });
    expect(await within(table).findByText('Fractions quiz')).toBeInTheDocument();
    expect(within(table).getByText('Quiz')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByText('Unpublished')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quiz' }));
    await waitFor(() => expect(calls().at(-1)).toContain('filter%5Bkey%5D=type&filter%5Bvalues%5D%5B%5D=quiz'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mathematics 7' }));
    await waitFor(() => expect(calls().at(-1)).toContain(`courseId=${COURSE}`));
  });

  it('shows no status column to students, and says when the class has no courses', async () => {
    details = classDetailsOf('student');
    courses = [];
    renderPage();
    const table = await screen.findByRole('table', { name: 'Class materials' });
    expect(await within(table).findByText('Fractions quiz')).toBeInTheDocument();
    expect(await screen.findByText(/This class has no courses yet/)).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by Course' })).not.toBeInTheDocument();
  });
});
