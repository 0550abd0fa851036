import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { NARROW_QUERY } from '../../../components/data-table/types.ts';
import { resetSessionStore } from '../../../lib/session-store.ts';
import { calls, errorAnswer, fetchMock, on, renderRoutes, serve, setRole } from '../../../test/assignments-test-kit.tsx';
import { GradeTab } from '../grade-tab.tsx';
import { CHILD_ID, CLASS_ID, COURSE_ID, reportFixture, reportLines, STUDENT_ID } from '../../../test/report-test-data.ts';
import { gradeReportPath } from './report-api.ts';

/** The first render of a page (lazy Mantine parts, three answers) can take over a second on a busy machine. */
const LOAD = { timeout: 5000 };

const NOT_FOUND_TEXT = 'Content not available.';
const at = `/classes/${CLASS_ID}/courses/${COURSE_ID}/grade`;
const open = () => renderRoutes([{ path: '/classes/:id/courses/:courseId/grade', element: <GradeTab /> }], at);
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((c) => c.textContent);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setRole(ROLE.student);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('GradeTab (a student)', () => {
  it('shows the summary and every line with its grade, range, percentage, letter, weight and contribution', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture())));
    open();
    expect(screen.getByRole('status', { name: 'Loading grades' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Grades of Juan Dela Cruz' }, LOAD);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Grade item', 'Grade', 'Range', 'Percentage', 'Letter', 'Weight', 'Contribution to course total', 'Feedback']);
    // The API's reading order, each category's header above its items.
    expect(
      [...table.querySelectorAll('tbody > tr')].map((tr) =>
        tr.getAttribute('data-testid') === 'report-header' ? `# ${tr.textContent}` : tr.querySelector('th span')?.textContent,
      ),
    ).toEqual(['Unit exam', '# Quizzes', 'Quiz 1', 'Quiz 2', 'Quiz 3', 'Quiz 4', 'Quizzes total', 'Course total', 'Final grade']);
    // Only items contribute to the course total: totals show "-" there.
    expect(cells('Course total')).toEqual(['17.00', '0.00–20.00', '85.00 %', 'B', '-', '-', '-']);
    expect(cells('Quizzes total').slice(0, 6)).toEqual(['17.00', '0.00–20.00', '85.00 %', 'B', '100.00 %', '-']);
    expect(cells('Quiz 1').slice(0, 6)).toEqual(['8.00', '0.00–10.00', '80.00 %', '-', '50.00 %', '40.00 %']);
    expect(cells('Quiz 4')).toEqual(['-', '0.00–10.00', '-', '-', '0.00 %', '0.00 %', '-']);
    expect(cells('Unit exam')[0]).toBe('Excused');
    expect(rowOf('Course total')).toHaveAttribute('data-kind', 'course');

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByTestId('summary-course')).toHaveTextContent('Course total17.00Letter: B');
    expect(within(summary).getByTestId('summary-final')).toHaveTextContent('Final grade85.00 %Letter: B');
    expect(calls()).toEqual([`GET ${gradeReportPath(COURSE_ID, STUDENT_ID)}`]);
  });

  it('shows "-" as the contribution of every total, even when an answer carries one (only items contribute)', async () => {
    const lines = reportLines().map((l) => (l.kind === 'item' ? l : { ...l, contribution: 85 }));
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture({ lines }))));
    open();
    await screen.findByRole('table', {}, LOAD);
    for (const name of ['Quizzes total', 'Course total', 'Final grade']) expect(cells(name)[5]).toBe('-');
    expect(cells('Quiz 1')[5]).toBe('40.00 %');
  });

  it('explains a total on request: the method, the dropped grade, each part and the result', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture())));
    open();
    await screen.findByRole('table', {}, LOAD);
    // Only totals with an explanation have the button.
    expect(screen.getAllByRole('button', { name: /How was this calculated/ })).toHaveLength(2);
    const button = screen.getByRole('button', { name: 'How was this calculated?: Quizzes total' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'How Quizzes total was calculated' });
    expect(button).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Natural: points earned out of points possible.');
    expect(panel).toHaveTextContent('The lowest grade is dropped.');
    expect(panel).toHaveTextContent('Quiz 2: 5.00 of 0.00–10.00 (50.00 %) · weight 0.00 % · adds 0.00 % — Dropped: the lowest grade.');
    expect(panel).toHaveTextContent('Quiz 4: - of 0.00–10.00 (-) · weight 0.00 % · adds - — Empty: left out.');
    expect(panel).toHaveTextContent('Together the counted grades make 85.00 % of the 20.00 points possible: 17.00.');
    await userEvent.click(screen.getByRole('button', { name: 'Hide the calculation: Quizzes total' }));
    expect(screen.queryByRole('region', { name: 'How Quizzes total was calculated' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'How was this calculated?: Course total' }));
    const course = screen.getByRole('region', { name: 'How Course total was calculated' });
    expect(course).toHaveTextContent('Unit exam: 12.00 of 0.00–20.00');
    expect(course).toHaveTextContent('Excused: left out.');
    expect(course).toHaveTextContent('Quizzes: 17.00 of 0.00–20.00 (85.00 %) · weight 100.00 % · adds 85.00 %');
  });

  it("opens an item's feedback", async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture())));
    open();
    await screen.findByRole('table', {}, LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Show feedback: Quiz 1' }));
    expect(screen.getByRole('region', { name: 'Feedback on Quiz 1' })).toHaveTextContent('Well done on cells.');
    expect(screen.getByRole('button', { name: 'Hide feedback: Quiz 1' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows "-" with a note for totals hidden by the policy, without an explanation', async () => {
    const hide = (kind: string) => kind === 'course' || kind === 'category';
    const lines = reportLines().map((l) =>
      hide(l.kind) ? { ...l, value: null, percent: null, display: '-', letter: null, explanation: null, hiddenByPolicy: true } : l,
    );
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture({ lines }))));
    open();
    await screen.findByRole('table', {}, LOAD);
    const note = 'Not shown: this total includes grades your teacher has not shown yet.';
    expect(cells('Course total').slice(0, 4)).toEqual([`-${note}`, '0.00–20.00', '-', '-']);
    expect(within(screen.getByTestId('summary-course')).getByText(note)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /How was this calculated/ })).not.toBeInTheDocument();
  });

  it('says when the teacher has not released grades', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture({ released: false, lines: [] }))));
    open();
    expect(await screen.findByText('Your teacher has not released grades yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows an empty state for a gradebook without items', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture({ lines: reportLines().filter((l) => l.kind !== 'item') }))));
    open();
    expect(await screen.findByText('There are no grades in this course yet.', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the gradebook is not set up yet', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => errorAnswer('GRADEBOOK_NOT_READY', 409)));
    open();
    expect(await screen.findByText('The gradebook of this course is not set up yet.')).toBeInTheDocument();
  });

  it('shows the translated error of a report it may not read', async () => {
    serve();
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND_TEXT);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows stacked cards on a phone', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((q: string) => ({ ...original(q), matches: q === NARROW_QUERY })) as typeof window.matchMedia;
    try {
      serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse(reportFixture())));
      open();
      const list = await screen.findByRole('list', { name: 'Grades of Juan Dela Cruz' }, LOAD);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(list).getAllByTestId('report-line');
      expect(cards).toHaveLength(8);
      expect(within(list).getByRole('heading', { name: 'Quizzes', level: 3 })).toBeInTheDocument();
      expect(cards[1]).toHaveTextContent('Quiz 1Grade8.00Range0.00–10.00Percentage80.00 %Letter-Weight50.00 %Contribution to course total40.00 %');
      await userEvent.click(within(cards[5]!).getByRole('button', { name: 'How was this calculated?: Quizzes total' }));
      expect(within(cards[5]!).getByRole('region', { name: 'How Quizzes total was calculated' })).toHaveTextContent('The lowest grade is dropped.');
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('GradeTab (a parent)', () => {
  it('asks to choose a child first, without asking the server', async () => {
    setRole(ROLE.parent, null);
    serve();
    open();
    expect(await screen.findByText('Choose a child at the top of the page to see their grades.')).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it("shows the selected child's grades", async () => {
    setRole(ROLE.parent, CHILD_ID);
    serve(on('GET', gradeReportPath(COURSE_ID, CHILD_ID), () => jsonResponse(reportFixture({ student: { id: CHILD_ID, name: 'Ana Reyes' } }))));
    open();
    expect(await screen.findByRole('table', { name: 'Grades of Ana Reyes' }, LOAD)).toBeInTheDocument();
    expect(calls()).toEqual([`GET ${gradeReportPath(COURSE_ID, CHILD_ID)}`]);
  });
});
