import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { SubmissionsPage, matchesFilter } from './submissions-page.tsx';
import { CLASS_ID, COURSE_ID, MATERIAL_ID, materialFixture, rowFixture, studentId, submissionsFixture } from './assignments-test-data.ts';
import { fetchMock, narrowScreen, on, renderRoutes, serve, setRole } from '../../test/assignments-test-kit.tsx';

const PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/submissions/${MATERIAL_ID}`;

const renderPage = (path = PAGE) =>
  renderRoutes(
    [
      { path: '/classes/:id/courses/:courseId/submissions/:materialId', element: <SubmissionsPage /> },
      { path: '/classes/:id/courses/:courseId/submissions/:materialId/student/:studentId', element: <p>submission page</p> },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    path,
  );

/** The student names in the table, in order. */
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

beforeEach(() => {
  setRole(ROLE.teacher);
  fetchMock.mockReset();
  serve(
    on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture())),
    on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () => jsonResponse(submissionsFixture())),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('submissions page', () => {
  it('lists every assigned student with the counts, and filters by state', async () => {
    const router = renderPage();
    expect(await screen.findByRole('heading', { name: 'Submissions: Essay on states of matter' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('work-counts')).getByText('4 / 5')).toBeInTheDocument();
    expect(names()).toEqual(['Ana Cruz', 'Ben Reyes', 'Carla Diaz', 'Dan Lim', 'Eva Santos']);
    const ana = screen.getAllByRole('row')[1]!;
    expect(within(ana).getByText('Submitted late')).toBeInTheDocument();
    expect(within(ana).getByTestId('late-badge')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[4]!).getByText('9.5 / 10')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'To grade (2)' }));
    expect(names()).toEqual(['Ana Cruz', 'Ben Reyes']);
    expect(router.state.location.search).toBe('?show=toGrade');
    await userEvent.click(screen.getByRole('radio', { name: 'Missing (1)' }));
    expect(names()).toEqual(['Eva Santos']);
    await userEvent.click(screen.getByRole('radio', { name: 'Late (1)' }));
    expect(names()).toEqual(['Ana Cruz']);
    await userEvent.click(screen.getByRole('radio', { name: 'Returned (1)' }));
    expect(names()).toEqual(['Dan Lim']);
    await userEvent.click(screen.getByRole('radio', { name: 'Submitted (4)' }));
    expect(names()).toEqual(['Ana Cruz', 'Ben Reyes', 'Carla Diaz', 'Dan Lim']);
    await userEvent.click(screen.getByRole('radio', { name: 'All (5)' }));
    expect(names()).toHaveLength(5);
    expect(router.state.location.search).toBe('');
  });

  it('opens with the filter of the address and sorts by a column', async () => {
    renderPage(`${PAGE}?show=submitted`);
    await screen.findByRole('table');
    expect(screen.getByRole('radio', { name: 'Submitted (4)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Grade' }));
    expect(names()).toEqual(['Ana Cruz', 'Ben Reyes', 'Carla Diaz', 'Dan Lim']);
    await userEvent.click(screen.getByRole('button', { name: 'Grade' }));
    expect(names().slice(0, 2)).toEqual(['Dan Lim', 'Carla Diaz']);
    await userEvent.click(screen.getByRole('button', { name: 'Submitted' }));
    expect(names()).toEqual(['Dan Lim', 'Carla Diaz', 'Ben Reyes', 'Ana Cruz']);
  });

  it('links the ZIP of all work and opens a student from the link in their row (keyboard too)', async () => {
    const router = renderPage();
    expect(await screen.findByRole('link', { name: 'Download all (ZIP)' })).toHaveAttribute('href', `/api/materials/${MATERIAL_ID}/submissions.zip`);
    const row = screen.getAllByRole('row')[2]!;
    expect(row).not.toHaveAttribute('tabindex');
    within(row).getAllByRole('link')[0]!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PAGE}/student/${studentId(2)}`));
  });

  it('says when nobody is assigned', async () => {
    serve(
      on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture())),
      on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () =>
        jsonResponse({ ...submissionsFixture(), counts: { total: 0, submitted: 0, late: 0, missing: 0, toGrade: 0, returned: 0 }, rows: [] }),
      ),
    );
    renderPage();
    expect(await screen.findByText('This is not assigned to any student yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers no ZIP while nothing is submitted', async () => {
    serve(
      on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture())),
      on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () =>
        jsonResponse({ ...submissionsFixture(), counts: { total: 1, submitted: 0, late: 0, missing: 0, toGrade: 0, returned: 0 }, rows: [rowFixture(1)] }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Download all (ZIP)' })).toBeDisabled();
  });

  it('shows phones a card per student instead of the wide table', async () => {
    const restore = narrowScreen();
    try {
      renderPage();
      const cards = await screen.findByTestId('table-cards');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const ana = within(cards).getByRole('listitem', { name: 'Ana Cruz' });
      expect(within(ana).getByText('Submitted late')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: /Sort by/ })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('keeps the same rows as the server counts', () => {
    const data = submissionsFixture();
    expect(data.rows.filter((r) => matchesFilter(r, 'toGrade'))).toHaveLength(data.counts.toGrade);
    expect(data.rows.filter((r) => matchesFilter(r, 'submitted'))).toHaveLength(data.counts.submitted);
    expect(data.rows.filter((r) => matchesFilter(r, 'late'))).toHaveLength(data.counts.late);
    expect(data.rows.filter((r) => matchesFilter(r, 'missing'))).toHaveLength(data.counts.missing);
    expect(data.rows.filter((r) => matchesFilter(r, 'returned'))).toHaveLength(data.counts.returned);
  });
});
