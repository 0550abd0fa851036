import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails, ClassStudentRow, StudentCandidate } from '@klase/core/classes/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { CLASS_ID, STUDENT_A, TEACHER_ID, classDetailsOf, parentRows, staffRows, teachersAnswer } from './class-list-fixtures.ts';
import { StudentsTab } from './students-tab.tsx';

const NEW_1 = '88888888-8888-4888-8888-888888888888';
const NEW_2 = '99999999-9999-4999-8999-999999999999';
const candidates: StudentCandidate[] = [
  { id: NEW_1, name: 'Pedro Garcia', username: 'pgarcia', gradeLevel: 'Grade 7', section: 'Rosal' },
  { id: NEW_2, name: 'Liza Soriano', username: 'lsoriano', gradeLevel: null, section: null },
  { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Carlo Mendoza', username: 'cmendoza', gradeLevel: 'Grade 8', section: 'Ilang-Ilang' },
];

const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let rows: ClassStudentRow[];
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
const bodyOf = (call: string) => {
  const found = fetchMock.mock.calls.find(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}` === call);
  return JSON.parse(String(found?.[1]?.body)) as unknown;
};

const base = `/api/classes/${CLASS_ID}`;

const renderTab = () => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/class-list/students', element: <StudentsTab /> },
      { path: '/classes/:id/class-list/student/:studentId/about', element: <p>student page</p> },
      { path: '/classes/:id/class-list/teacher/:teacherId/about', element: <p>teacher page</p> },
    ],
    { initialEntries: [`/classes/${CLASS_ID}/class-list/students`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  details = classDetailsOf('teacher');
  rows = staffRows();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && u === base) return jsonResponse(details);
    if (method === 'GET' && u === `${base}/teachers`) return jsonResponse(teachersAnswer);
    if (method === 'GET' && u.startsWith(`${base}/students/candidates?`)) {
      const search = new URL(u, 'http://x').searchParams.get('search') ?? '';
      return jsonResponse(candidates.filter((c) => c.name.toLowerCase().includes(search.toLowerCase())));
    }
    if (method === 'GET' && u.startsWith(`${base}/students?`)) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('StudentsTab', () => {
  it('shows a parent the teachers and only the names of the classmates: no email or other column, no row links', async () => {
    details = classDetailsOf('parent');
    rows = parentRows();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Students' });
    expect(await within(table).findByText('Reyes, Juan')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name']);
    expect(within(table).getByText('Cruz, Ana')).toBeInTheDocument();
    expect(screen.queryByText('Email address')).not.toBeInTheDocument();
    expect(screen.queryByText('juan@mail.ph')).not.toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('button', { name: 'Add students' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Maria Santos/ })).toHaveAttribute('href', `/classes/${CLASS_ID}/class-list/teacher/${TEACHER_ID}/about`);
    expect(calls()).toContain(`GET ${base}/students?sortBy=sortName&sortOrder=asc&search=&page=1&rowsperpage=10`);
  });

  it('shows staff the details and opens a student from the link in their name cell (keyboard: Enter on it)', async () => {
    const router = renderTab();
    const table = await screen.findByRole('table', { name: 'Students' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email address', 'Grade · section', 'Groups', 'Joined', 'Last access', 'Status', 'Actions']);
    const juan = (await within(table).findByText('Reyes, Juan')).closest('tr')!;
    expect(within(juan).getByText('juan@mail.ph')).toBeInTheDocument();
    expect(within(juan).getByText('Grade 7 · Sampaguita')).toBeInTheDocument();
    expect(within(juan).getByText('with the access code')).toBeInTheDocument();
    expect(within(juan).getByText('Active')).toBeInTheDocument();
    // The row is not a focus stop of its own: its name is the link (issue 13).
    expect(juan).not.toHaveAttribute('tabindex');
    within(juan)
      .getByRole('link', { name: /Reyes, Juan/ })
      .focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/class-list/student/${STUDENT_A}/about`));
  });

  it('adds the students picked in the dialog after confirming, shows the answer and reloads the table', async () => {
    renderTab();
    await screen.findByRole('table', { name: 'Students' });
    await userEvent.click(screen.getByRole('button', { name: 'Add students' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add students' });
    const add = within(dialog).getByRole('button', { name: 'Add 0 students' });
    expect(add).toBeDisabled();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Pedro Garcia/ }));
    // The first pick stays ticked while another search lists other students.
    await userEvent.type(within(dialog).getByLabelText('Search by name or username'), 'liza');
    await waitFor(() => expect(within(dialog).queryByRole('checkbox', { name: /Carlo Mendoza/ })).not.toBeInTheDocument());
    expect(within(dialog).getByRole('checkbox', { name: /Pedro Garcia/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Liza Soriano/ }));
    expect(within(dialog).getByText('2 students selected')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 2 students' }));
    const confirm = (await screen.findByText('Add 2 students to this class?')).closest('[role="dialog"]') as HTMLElement;
    fetchMock.mockImplementationOnce(async () => jsonResponse({ added: 2, message: '2 students were added to the class.' }));
    const before = calls().length;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('2 students were added to the class.')).toBeInTheDocument();
    expect(calls()[before]).toBe(`POST ${base}/students`);
    expect(bodyOf(`POST ${base}/students`)).toEqual({ studentIds: [NEW_1, NEW_2] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add students' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        calls()
          .slice(before + 1)
          .some((c) => c.startsWith(`GET ${base}/students?`)),
      ).toBe(true),
    );
  });

  it('keeps the dialog open with the translated error when adding fails', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add students' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add students' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Pedro Garcia/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 student' }));
    const confirm = (await screen.findByText('Add 1 student to this class?')).closest('[role="dialog"]') as HTMLElement;
    fetchMock.mockImplementationOnce(async () => jsonResponse({ code: 'CLASS_ARCHIVED', message: 'archived' }, 409));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/archived/i);
    expect(screen.getByRole('dialog', { name: 'Add students' })).toBeInTheDocument();
  });

  it('removes a student after a confirmation that says their groups go too', async () => {
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Juan Reyes from the class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from class' });
    expect(within(dialog).getByText(/Remove Juan Reyes from this class\? They also leave every group of this class\./)).toBeInTheDocument();
    fetchMock.mockImplementationOnce(async () => new Response(null, { status: 204 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Juan Reyes was removed from the class.')).toBeInTheDocument();
    expect(calls()).toContain(`DELETE ${base}/students/${STUDENT_A}`);
  });

  it('tells a teacher of an empty class the access code to share', async () => {
    details = classDetailsOf('teacher', { studentCount: 0 });
    renderTab();
    expect(await screen.findByText(/Give your students the access code K7PQ2MX/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add students' })).toBeInTheDocument();
  });
});
