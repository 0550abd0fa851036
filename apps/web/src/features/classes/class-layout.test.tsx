import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ClassLayout } from './class-layout.tsx';
import { CLASS_ID, classDetailsFixture } from '../../test/class-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
let answer: Response;

const renderLayout = (roleId: number) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  const router = createMemoryRouter(
    [
      {
        path: '/classes/:id',
        element: <ClassLayout />,
        children: [{ path: 'courses', handle: { title: 'classes:titles.courses' }, element: <p>courses tab</p> }],
      },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    { initialEntries: [`/classes/${CLASS_ID}/courses`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const tabNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Class sections' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
};

const asStudent: Partial<ClassDetails> = {
  relation: 'student',
  join: null,
  can: { manage: false, manageRoster: false, manageGroups: false, viewProgress: false, viewStudentDetails: false, resetStudentPasswords: false, grade: false },
};

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/adviser') ? jsonResponse({ teacherId: 'T1', name: 'Jose Cruz', canEdit: false, candidates: [] }) : answer.clone(),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('ClassLayout', () => {
  it('shows the header, tabs and page together with the adviser line, so nothing moves once shown', async () => {
    answer = jsonResponse(classDetailsFixture());
    let answerAdviser: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/adviser') ? new Promise<Response>((resolve) => (answerAdviser = resolve)) : answer.clone(),
    );
    renderLayout(ROLE.teacher);
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u)).some((u) => u.endsWith('/adviser'))).toBe(true));
    // The class is in, the adviser is not: the page is still loading, no header and no tab yet.
    expect(screen.getByTestId('class-loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByText('courses tab')).not.toBeInTheDocument();
    answerAdviser(jsonResponse({ teacherId: 'T1', name: 'Jose Cruz', canEdit: false, candidates: [] }));
    expect(await screen.findByTestId('class-adviser')).toHaveTextContent('Adviser: Jose Cruz');
    expect(screen.getByRole('heading', { level: 1, name: 'Courses — Grade 7 Rizal' })).toBeInTheDocument();
    expect(screen.getByText('courses tab')).toBeInTheDocument();
  });

  it('shows a student no adviser line (the API answers 404) and the page still opens', async () => {
    answer = jsonResponse(classDetailsFixture(asStudent));
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/adviser') ? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404) : answer.clone(),
    );
    renderLayout(ROLE.student);
    expect(await screen.findByText('courses tab')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('class-adviser')).not.toBeInTheDocument();
  });

  it('shows a teacher the header and every tab as links, the current one marked', async () => {
    answer = jsonResponse(classDetailsFixture());
    renderLayout(ROLE.teacher);
    // The h1 names the open sub-page and the class (issue 13), not only the class.
    expect(await screen.findByRole('heading', { level: 1, name: 'Courses — Grade 7 Rizal' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).nextElementSibling).toHaveTextContent('Grade 7 · Rizal · School year 2026–2027');
    expect(screen.getByText('Maria Santos')).toBeInTheDocument();
    expect(await screen.findByTestId('class-adviser')).toHaveTextContent('Adviser: Jose Cruz');
    expect(await tabNames()).toEqual([
      'Courses',
      'Class list',
      'Class progress',
      'Attendance',
      'Observed values',
      'Class materials',
      'Report cards',
      'Settings',
    ]);
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', `/classes/${CLASS_ID}/settings`);
    expect(screen.getByText('courses tab')).toBeInTheDocument();
    expect(screen.queryByText('This class is archived')).not.toBeInTheDocument();
  });

  it('hides Settings and Class progress from a student, and says when the class is archived', async () => {
    answer = jsonResponse(classDetailsFixture({ ...asStudent, archived: true, status: 'INACTIVE' }));
    renderLayout(ROLE.student);
    expect(await tabNames()).toEqual(['Courses', 'Class list', 'Class materials']);
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.getByText('This class is archived')).toBeInTheDocument();
  });

  it('sends a class outside the user reach to the not-found page', async () => {
    answer = jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    const router = renderLayout(ROLE.teacher);
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
  });
});
