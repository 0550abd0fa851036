import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { CELL, type GradeEntryResult, type GradeHistoryEntry } from '@klase/core/gradebook/views';
import { LiveAnnouncer } from '../../../components/live-announcer.tsx';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { resetSessionStore } from '../../../lib/session-store.ts';
import { bodyOf, calls, errorAnswer, fetchMock, on, renderRoutes, serve, setRole, writes } from '../../../test/assignments-test-kit.tsx';
import { GradeBookTab } from '../grade-book-tab.tsx';
import { bigGridFixture, CLASS_ID, COURSE_ID, cellUrl, depedGridFixture, GRID_URL, gridFixture, total } from './grid-test-data.ts';

vi.mock('../grade-tab.tsx', () => ({ GradeTab: () => <p>my own grades</p> }));

const PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/grade-book`;
const renderTab = () =>
  renderRoutes(
    [
      {
        path: '/classes/:id/courses/:courseId/grade-book',
        element: (
          <>
            <GradeBookTab />
            <LiveAnnouncer />
          </>
        ),
      },
    ],
    PAGE,
  );
const cell = (id: string) => {
  const el = document.querySelector<HTMLElement>(`[data-cell="${id}"]`);
  if (!el) throw new Error(`no cell ${id}`);
  return el;
};
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest<HTMLElement>('[role="row"]')!;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setRole(ROLE.teacher);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('grade book tab', () => {
  it('shows a DepEd learning area’s quarterly grades with their initial grade and descriptor, and no course total', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(depedGridFixture())));
    renderTab();
    expect(await screen.findByRole('grid', { name: 'Grades' })).toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) expect(screen.getByRole('columnheader', { name: `Quarter ${n} grade` })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Final grade' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Course total' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Quarter 1 total' })).not.toBeInTheDocument();
    const ana = within(rowOf('Ana Cruz'));
    const q1 = ana.getByRole('gridcell', { name: 'Initial grade 84.86 → 90, Outstanding' });
    expect(q1).toHaveTextContent('90');
    expect(q1).toHaveAttribute('aria-readonly', 'true');
    expect(cell('0:5')).toBe(q1);
    // Quarter 2 is incomplete, quarters 3 and 4 have no scored items, no final grade yet: "-".
    for (const col of [6, 7, 8, 9]) expect(cell(`0:${col}`)).toHaveTextContent(/^-$/);
    // The keyboard still moves over the DepEd columns (read-only like every total).
    await userEvent.click(cell('0:4'));
    await userEvent.keyboard('{ArrowRight}');
    expect(cell('0:5')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(cell('0:9')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(cell('0:9')).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the grid: categories over their items, formatted grades and scale words, and the server totals', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(gridFixture())));
    renderTab();
    expect(await screen.findByRole('grid', { name: 'Grades' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Written works' })).toHaveAttribute('aria-colspan', '1');
    expect(screen.getByRole('columnheader', { name: 'Performance tasks' })).toHaveAttribute('aria-colspan', '2');
    expect(screen.getByRole('columnheader', { name: 'Course total' })).toBeInTheDocument();
    const ana = within(rowOf('Ana Cruz'));
    expect(cell('0:0')).toHaveTextContent('18.00');
    expect(ana.getByRole('gridcell', { name: 'Good' })).toBeInTheDocument();
    expect(cell('0:3')).toHaveTextContent('18.00');
    expect(ana.getByRole('gridcell', { name: '61.00' })).toHaveAttribute('aria-readonly', 'true');
    // Ben's essay is not returned yet: muted, named for screen readers.
    expect(within(rowOf('Ben Reyes')).getByRole('img', { name: 'Not returned yet' })).toBeInTheDocument();
  });

  it('asks for a grading category first, with a link to the grade setup', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(gridFixture({ ready: false, categories: [], items: [] }))));
    renderTab();
    expect(await screen.findByText('At least one grading category is required to use the gradebook.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to grade setup' })).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/${COURSE_ID}/grade-setup/categories`);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows a loading status, then the empty states', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(gridFixture({ students: [] }))));
    renderTab();
    expect(screen.getByRole('status', { name: 'Loading the grade book' })).toBeInTheDocument();
    expect(await screen.findByText('No students are enrolled in this course yet.')).toBeInTheDocument();
  });

  it('shows a student their own grades instead of the grid', async () => {
    setRole(ROLE.student);
    serve();
    renderTab();
    expect(await screen.findByText('my own grades')).toBeInTheDocument();
    expect(calls()).not.toContain(`GET ${GRID_URL}`);
  });

  it('moves with the arrow keys (one tab stop that follows the active cell)', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(gridFixture())));
    renderTab();
    await screen.findByRole('grid');
    expect(cell('0:0')).toHaveAttribute('tabindex', '0');
    await userEvent.click(cell('0:0'));
    await userEvent.keyboard('{ArrowRight}');
    expect(cell('0:1')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(cell('1:1')).toHaveFocus();
    expect(cell('0:0')).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Home}');
    expect(cell('1:-1')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(cell('1:5')).toHaveFocus();
  });

  it('enters a grade with the keyboard: sends the PUT, shows the new totals and moves down', async () => {
    const answer: GradeEntryResult = {
      itemId: 'quiz',
      studentId: 'ana',
      value: 15,
      flags: 0,
      totals: { 'cat:ww': total(15, 20), 'cat:pt': total(43, 53), 'cat:root': total(58, 73) },
    };
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('PUT', cellUrl('quiz', 'ana'), () => jsonResponse(answer)),
    );
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('0:0'));
    await userEvent.keyboard('15{Enter}');
    expect(bodyOf('PUT', cellUrl('quiz', 'ana'))).toEqual({ value: 15 });
    expect(await within(rowOf('Ana Cruz')).findByRole('gridcell', { name: '58.00' })).toBeInTheDocument();
    expect(cell('0:0')).toHaveTextContent('15.00');
    expect(cell('0:3')).toHaveTextContent('15.00');
    expect(cell('1:0')).toHaveFocus();
    // Said politely to screen-reader users, who do not see the cell change (issue 13).
    await waitFor(() => expect(screen.getByTestId('live-announcer')).toHaveTextContent('Grade saved'));
    expect(screen.getByTestId('live-announcer')).toHaveAttribute('aria-live', 'polite');
  });

  it('refuses a grade over the maximum on the client, with the translated message', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(gridFixture())));
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('0:0'));
    await userEvent.keyboard('25{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Must not be greater than 20');
    expect(screen.getByRole('textbox', { name: 'Grade: Ana Cruz, Quiz 1' })).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(0);
    // A scale takes its words' numbers only.
    await userEvent.keyboard('{Escape}{ArrowRight}{ArrowRight}4{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Must not be greater than 3');
    expect(writes()).toHaveLength(0);
  });

  it('keeps the typed value and shows the server refusal at the cell', async () => {
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('PUT', cellUrl('quiz', 'ben'), () => errorAnswer('GRADE_LOCKED', 409)),
    );
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('1:0'));
    await userEvent.keyboard('12{Tab}');
    await waitFor(() => expect(cell('1:0')).toHaveAttribute('aria-invalid', 'true'));
    expect(cell('1:0')).toHaveTextContent('12');
    expect(await screen.findAllByText('This grade is locked. Unlock it before changing it.')).not.toHaveLength(0);
    expect(cell('1:1')).toHaveFocus();
  });

  it('refuses to edit a cell whose item passed its lock date, as the server would (GRADE_LOCKED)', async () => {
    const grid = gridFixture();
    // Loaded before the lock date passed: the cell carries no lock flag, the item's date decides.
    grid.items = grid.items.map((i) => (i.id === 'quiz' ? { ...i, lockedAfter: new Date(Date.now() - 1000).toISOString() } : i));
    serve(on('GET', GRID_URL, () => jsonResponse(grid)));
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('1:0'));
    await userEvent.keyboard('12');
    expect(await screen.findAllByText('This grade is locked. Unlock it before changing it.')).not.toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: 'Grade: Ben Reyes, Quiz 1' })).not.toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('clears a grade with Delete without asking', async () => {
    const answer: GradeEntryResult = {
      itemId: 'quiz',
      studentId: 'ana',
      value: null,
      flags: 0,
      totals: { 'cat:ww': total(null, 20), 'cat:root': total(43, 53) },
    };
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('PUT', cellUrl('quiz', 'ana'), () => jsonResponse(answer)),
    );
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('0:0'));
    await userEvent.keyboard('{Delete}');
    expect(bodyOf('PUT', cellUrl('quiz', 'ana'))).toEqual({ value: null });
    expect(await within(rowOf('Ana Cruz')).findByRole('gridcell', { name: '43.00' })).toBeInTheDocument();
  });

  it('renders only a window of cells of 60 students by 400 items, and follows the scroll', async () => {
    serve(on('GET', GRID_URL, () => jsonResponse(bigGridFixture(60, 400))));
    renderTab();
    const grid = await screen.findByRole('grid');
    expect(grid).toHaveAttribute('aria-rowcount', '62');
    expect(grid).toHaveAttribute('aria-colcount', '402');
    const shown = screen.getAllByRole('gridcell').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(300);
    expect(screen.getByRole('rowheader', { name: 'Student 01' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Student 40' })).not.toBeInTheDocument();

    grid.scrollTop = 40 * 40;
    grid.scrollLeft = 128 * 300;
    fireEvent.scroll(grid);
    expect(await screen.findByRole('rowheader', { name: 'Student 41' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Student 01' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Item 301/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /^Item 1 / })).not.toBeInTheDocument();
    expect(screen.getAllByRole('gridcell').length).toBeLessThan(300);
  });

  it('excuses, locks and removes an override from the cell menu', async () => {
    const grid = gridFixture();
    grid.students[0]!.flags = [0, CELL.overridden, 0];
    const answer = (flags: number): GradeEntryResult => ({ itemId: 'essay', studentId: 'ana', value: 40, flags, totals: grid.students[0]!.totals });
    serve(
      on('GET', GRID_URL, () => jsonResponse(grid)),
      on('PUT', cellUrl('essay', 'ana'), () => jsonResponse(answer(CELL.overridden | CELL.excused))),
    );
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('0:1'));
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excuse' }));
    await waitFor(() => expect(bodyOf('PUT', cellUrl('essay', 'ana'))).toEqual({ excused: true }));
    expect(await within(cell('0:1')).findByRole('img', { name: 'Excused' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Actions: Ana Cruz, Essay' }));
    expect(screen.getByRole('menuitem', { name: 'Unexcuse' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove override' }));
    await waitFor(() => expect(writes().map(([, init]) => init?.body)).toContain(JSON.stringify({ value: null })));
  });

  it('shows the grade history in a modal, newest first', async () => {
    const history: GradeHistoryEntry[] = [
      {
        id: 2,
        field: 'override',
        source: 'gradebook',
        oldValue: '35',
        newValue: '40',
        changedBy: { id: 't1', name: 'Maria Santos' },
        changedAt: '2026-06-02T03:00:00.000Z',
      },
      {
        id: 1,
        field: 'grade',
        source: 'submission',
        oldValue: null,
        newValue: '35',
        changedBy: { id: 't1', name: 'Maria Santos' },
        changedAt: '2026-06-01T03:00:00.000Z',
      },
    ];
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on('GET', `${cellUrl('essay', 'ana')}/history`, () => jsonResponse(history)),
    );
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(cell('0:1'));
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History: Essay, Ana Cruz' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Override');
    expect(rows[1]).toHaveTextContent('35 → 40');
    expect(rows[1]).toHaveTextContent('Maria Santos');
    expect(rows[2]).toHaveTextContent('- → 35');
    expect(rows[2]).toHaveTextContent('Submission');
  });

  it('filters by group and search, sorts by a total, and exports with the filters', async () => {
    serve(
      on('GET', GRID_URL, () => jsonResponse(gridFixture())),
      on(
        'GET',
        `${GRID_URL}/export?format=csv&groupId=g1`,
        () => new Response('a,b', { headers: { 'content-disposition': 'attachment; filename="grades.csv"' } }),
      ),
    );
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderTab();
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: /Course total/ }));
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Ana Cruz', 'Ben Reyes']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search students' }), 'ben');
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Ben Reyes']);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Search students' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Group Narra' }));
    expect(screen.getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['Ana Cruz']);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(calls()).toContain(`GET ${GRID_URL}/export?format=csv&groupId=g1`));
  });
});
