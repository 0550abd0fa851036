import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import type { DepedCourseReport, Quarter } from '@klase/core/deped/contracts';
import { computeQuarter } from '@klase/core/deped/engine';
import { DEFAULT_DESCRIPTORS, DEFAULT_TRANSMUTATION } from '@klase/core/deped/defaults';
import { jsonResponse } from '../../../test/test-utils.tsx';
import { resetSessionStore } from '../../../lib/session-store.ts';
import { fetchMock, on, renderRoutes, serve, setRole } from '../../../test/assignments-test-kit.tsx';
import { GradeTab } from '../grade-tab.tsx';
import { CLASS_ID, COURSE_ID, reportFixture, STUDENT_ID } from '../../../test/report-test-data.ts';
import { gradeReportPath } from './report-api.ts';

const LOAD = { timeout: 5000 };
const at = `/classes/${CLASS_ID}/courses/${COURSE_ID}/grade`;
const open = () => renderRoutes([{ path: '/classes/:id/courses/:courseId/grade', element: <GradeTab /> }], at);

const weights = { ww: 30, pt: 50, qa: 20 };
const q = (n: Quarter, ww: [number, number], pt: [number, number], qa: [number, number] | null) =>
  computeQuarter(
    n,
    weights,
    { ww: [{ score: ww[0], max: ww[1] }], pt: [{ score: pt[0], max: pt[1] }], qa: qa ? [{ score: qa[0], max: qa[1] }] : [] },
    DEFAULT_TRANSMUTATION,
    DEFAULT_DESCRIPTORS,
  );
const blank = (n: Quarter) => computeQuarter(n, weights, { ww: [], pt: [], qa: [] }, DEFAULT_TRANSMUTATION, DEFAULT_DESCRIPTORS);

// Q1: the order's worked example, initial 84.86 → 90 (Outstanding); Q2: 18/20, 40/50, 35/50 → 81.00 → 88 (Very Satisfactory, row 80.80–82.39).
const deped: DepedCourseReport = {
  subjectGroup: 'languages',
  mapehPart: null,
  quarters: [q(1, [47, 60], [108, 120], [40.9, 50]), q(2, [18, 20], [40, 50], [35, 50]), blank(3), blank(4)],
  final: null,
  finalDescriptor: null,
  headline: { quarter: 2, grade: 88, descriptor: 'verySatisfactory' },
  remarks: null,
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setRole(ROLE.student);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('GradeTab for a DepEd learning area', () => {
  it('shows one headline with its descriptor, the quarters, and no course total, final grade or letters', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse({ ...reportFixture(), deped })));
    open();
    const summary = await screen.findByTestId('deped-summary', undefined, LOAD);
    expect(within(summary).getByTestId('deped-headline')).toHaveTextContent('Quarter 2 grade88Very Satisfactory');
    expect(within(summary).getByTestId('deped-q1')).toHaveTextContent('90');
    expect(within(summary).getByTestId('deped-q2')).toHaveTextContent('88');
    expect(within(summary).getByTestId('deped-q3')).toHaveTextContent('-');
    expect(within(summary).getByTestId('deped-final')).toHaveTextContent('-');
    // No Moodle-style summary, no course total / final grade lines, no letter, weight or contribution columns.
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Grades of Juan Dela Cruz' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Grade item', 'Grade', 'Range', 'Percentage', 'Feedback']);
    expect(within(table).queryByRole('rowheader', { name: /Course total/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: /Final grade/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: /Quizzes total/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: /^Quiz 1/ })).toBeInTheDocument();
    expect(table).not.toHaveTextContent(/\bB\b/);
  });

  it('explains a quarter: each component, the initial grade and the table row', async () => {
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse({ ...reportFixture(), deped })));
    open();
    await screen.findByTestId('deped-summary', undefined, LOAD);
    const button = screen.getByRole('button', { name: 'How was this calculated?: Quarter 1' });
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'How the quarter 1 grade was calculated' });
    expect(panel).toHaveTextContent('Written Work (30%): 47 of 60 points, scored items: 1, percentage score 78.33, weighted score 23.50');
    expect(panel).toHaveTextContent('Initial grade: 23.50 + 45.00 + 16.36 = 84.86');
    expect(panel).toHaveTextContent("Transmuted: the table's row from 84.00 gives 84.86 the quarterly grade 90.");
    expect(panel).toHaveTextContent('90 is Outstanding.');
    expect(screen.queryByRole('button', { name: 'How was this calculated?: Quarter 3' })).not.toBeInTheDocument();
  });

  it('says there is no quarterly grade yet before every component has a score', async () => {
    const first = { ...deped, headline: null, quarters: [blank(1), blank(2), blank(3), blank(4)] };
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse({ ...reportFixture(), deped: first })));
    open();
    expect(await screen.findByTestId('deped-no-grade', undefined, LOAD)).toHaveTextContent('No quarterly grade yet');
  });

  it('shows the final grade and the remarks', async () => {
    const done = { ...deped, final: 74, finalDescriptor: 'didNotMeet' as const, remarks: 'failed' as const };
    serve(on('GET', gradeReportPath(COURSE_ID, STUDENT_ID), () => jsonResponse({ ...reportFixture(), deped: done })));
    open();
    const summary = await screen.findByTestId('deped-summary', undefined, LOAD);
    expect(within(summary).getByTestId('deped-final')).toHaveTextContent('74');
    expect(within(summary).getByTestId('deped-remarks')).toHaveTextContent('Failed');
    expect(summary).toHaveTextContent('Final grade 74: Did Not Meet Expectations');
  });
});
