import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassRow } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { getSession, resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ClassesPage } from './classes-page.tsx';
import { CLASS_ID, classDetailsFixture } from '../../test/class-test-data.ts';

const CHILD_A = '77777777-7777-4777-8777-777777777777';
const CHILD_B = '88888888-8888-4888-8888-888888888888';
const fetchMock = vi.fn<typeof fetch>();
let rows: ClassRow[];
const listCalls = () => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/classes?'));

const row = (over: Partial<ClassRow> = {}): ClassRow => {
  const { description: _d, schoolId: _s, schoolName: _n, join: _j, can: _c, createdAt: _a, createdBy: _b, updatedBy: _u, ...base } = classDetailsFixture();
  return { ...base, ...over };
};

const renderPage = (roleId: number, url = '/classes', childrenList: { id: string; name: string; username: string }[] = []) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile, childrenList, selectedChildId: childrenList[0]?.id ?? null });
  const router = createMemoryRouter(
    [
      { path: '/classes', element: <ClassesPage /> },
      { path: '/classes/new', element: <p>new class page</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  rows = [
    row(),
    row({ id: 'c2', name: 'Grade 8 Mabini', gradeLevel: 'Grade 8', section: 'Mabini', studentCount: 1, courseCount: 1, archived: true, status: 'INACTIVE' }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) =>
    String(url).startsWith('/api/classes?')
      ? jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } })
      : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('ClassesPage', () => {
  it('shows a teacher each class as one card link with its facts, and a create button', async () => {
    renderPage(ROLE.teacher);
    const cards = await screen.findAllByTestId('class-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(first.tagName).toBe('A');
    expect(first).toHaveAttribute('href', `/classes/${CLASS_ID}/courses`);
    expect(within(first).getByRole('heading', { name: 'Grade 7 Rizal' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Grade 7 · Rizal');
    expect(first).toHaveTextContent('School year 2026–2027');
    expect(first).toHaveTextContent('Teachers: Maria Santos');
    expect(first).toHaveTextContent('12 students');
    expect(first).toHaveTextContent('2 courses');
    expect(within(first).queryByText('Archived')).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('1 student');
    expect(within(cards[1]!).getByText('Archived')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create class' })).toHaveAttribute('href', '/classes/new');
    expect(screen.queryByRole('button', { name: 'Join class' })).not.toBeInTheDocument();
    expect(listCalls()[0]).toBe('/api/classes?sortBy=name&sortOrder=asc&search=&page=1&rowsperpage=10&archived=false');
  });

  it('asks the server for archived classes and for the searched text', async () => {
    const router = renderPage(ROLE.teacher);
    await screen.findAllByTestId('class-card');
    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(listCalls().at(-1)).toContain('archived=true'));
    expect(router.state.location.search).toBe('?archived=1');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'rizal');
    await waitFor(() => expect(listCalls().at(-1)).toContain('search=rizal'), { timeout: 2000 });
  });

  it('tells a student without classes so and offers to join one', async () => {
    rows = [];
    renderPage(ROLE.student);
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('You are not in any class yet');
    await userEvent.click(within(empty).getByRole('button', { name: 'Join class' }));
    expect(await screen.findByRole('dialog', { name: 'Join class' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create class' })).not.toBeInTheDocument();
  });

  it('lists a parent the classes of the child in the URL, selects it in the shell and follows the shell switcher', async () => {
    const children = [
      { id: CHILD_A, name: 'Juan Dela Cruz', username: 'juan' },
      { id: CHILD_B, name: 'Ana Dela Cruz', username: 'ana' },
    ];
    const router = renderPage(ROLE.parent, `/classes?childId=${CHILD_B}`, children);
    await screen.findAllByTestId('class-card');
    expect(listCalls()[0]).toContain(`childId=${CHILD_B}`);
    await waitFor(() => expect(getSession().selectedChildId).toBe(CHILD_B));
    act(() => setSessionState({ selectedChildId: CHILD_A })); // the shell's child switcher
    await waitFor(() => expect(router.state.location.search).toBe(`?childId=${CHILD_A}`));
    await waitFor(() => expect(listCalls().at(-1)).toContain(`childId=${CHILD_A}`));
    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?childId=${CHILD_A}&archived=1`));
    expect(listCalls().at(-1)).toContain(`childId=${CHILD_A}`);
  });
});
