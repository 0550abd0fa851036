import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ProgressDetails, ProgressRow } from '@klase/core/class-work/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { ProgressDetailsPage } from './progress-details-page.tsx';
import { ClassProgressPage } from './progress-page.tsx';

const CLASS = '11111111-1111-4111-8111-111111111111';
const STUDENT = '44444444-4444-4444-8444-444444444444';

const row = (over: Partial<ProgressRow> = {}): ProgressRow => ({
  studentId: STUDENT,
  name: 'Juan Dela Cruz',
  sortName: 'Dela Cruz, Juan',
  photoUrl: null,
  assigned: 4,
  completed: 2,
  percent: 50,
  lastClassAccessAt: '2026-06-03T02:00:00.000Z',
  lastMaterialAccessAt: null,
  timeSpentSeconds: 3900,
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
let rows: ProgressRow[] = [];
let details: ProgressDetails;
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

beforeEach(() => {
  rows = [row()];
  details = {
    student: { id: STUDENT, name: 'Juan Dela Cruz', photoUrl: null },
    summary: row(),
    materials: [
      {
        materialId: 'm1',
        materialName: 'Fractions quiz',
        materialType: 'quiz',
        courseId: 'c1',
        courseName: 'Mathematics 7',
        elementName: 'Unit 1',
        dueAt: null,
        firstAccessAt: '2026-06-02T01:00:00.000Z',
        lastAccessAt: '2026-06-02T01:30:00.000Z',
        completedAt: null,
        timeSpentSeconds: 600,
        submissions: 1,
      },
    ],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const u = String(url);
    if (u.startsWith(`/api/classes/${CLASS}/progress?`)) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    if (u === `/api/classes/${CLASS}/progress/${STUDENT}`) return jsonResponse(details);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderAt = (entry: string) => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/class-progress', element: <ClassProgressPage /> },
      { path: '/classes/:id/class-progress/details', element: <ProgressDetailsPage /> },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

describe('ClassProgressPage', () => {
  it('shows "2 of 4", 50% and a named progress bar, and opens the details on row click', async () => {
    const router = renderAt(`/classes/${CLASS}/class-progress`);
    const table = await screen.findByRole('table', { name: 'Class progress' });
    expect(await within(table).findByText('2 of 4')).toBeInTheDocument();
    expect(within(table).getByText('50%')).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: 'Progress of Juan Dela Cruz' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(table).getByText('1 h 5 min')).toBeInTheDocument();
    expect(calls()).toContain(`GET /api/classes/${CLASS}/progress?sortBy=sortName&sortOrder=asc&search=&page=1&rowsperpage=10`);
    // The notice reads the table's own first page: one request, not two.
    expect(calls().filter((c) => c.includes('/progress?'))).toHaveLength(1);
    expect(screen.queryByText(/Nothing is assigned in this class yet/)).not.toBeInTheDocument();
    await userEvent.click(within(table).getByText('Juan Dela Cruz'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/classes/${CLASS}/class-progress/details?studentId=${STUDENT}`),
    );
  });

  it('sorts by percent on the server', async () => {
    renderAt(`/classes/${CLASS}/class-progress`);
    await screen.findByText('2 of 4');
    await userEvent.click(screen.getByRole('button', { name: 'Progress' }));
    await waitFor(() => expect(calls().at(-1)).toContain('sortBy=percent&sortOrder=asc'));
  });

  it('says honestly that nothing is assigned yet when every count is zero', async () => {
    rows = [row({ assigned: 0, completed: 0, percent: 0, timeSpentSeconds: 0 })];
    renderAt(`/classes/${CLASS}/class-progress`);
    expect(await screen.findByText(/Nothing is assigned in this class yet/)).toBeInTheDocument();
    expect(await screen.findByText('0 of 0')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(screen.getByText('0 min')).toBeInTheDocument();
  });
});

describe('ProgressDetailsPage', () => {
  it("shows the student's figures and each material, with 'Not yet' when it is not completed", async () => {
    renderAt(`/classes/${CLASS}/class-progress/details?studentId=${STUDENT}`);
    expect(await screen.findByRole('heading', { name: 'Progress of Juan Dela Cruz' })).toBeInTheDocument();
    expect(screen.getByText('2 of 4')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Assigned materials' });
    expect(within(table).getByText('Fractions quiz')).toBeInTheDocument();
    expect(within(table).getByText('Quiz')).toBeInTheDocument();
    expect(within(table).getByText('Not yet')).toBeInTheDocument();
    expect(within(table).getByText('10 min')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to class progress' })).toHaveAttribute('href', `/classes/${CLASS}/class-progress`);
  });

  it.each([
    ['missing', ''],
    ['unknown', '?studentId=55555555-5555-4555-8555-555555555555'],
  ])('sends a %s student to the not-found page', async (_, query) => {
    renderAt(`/classes/${CLASS}/class-progress/details${query}`);
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
