import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import type { SubmissionsAnswer } from '@klase/core/assignments/contracts';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { ActivityGradesPage, parseGrade } from './activity-grades-page.tsx';
import { ActivityPanel } from './activity-panel.tsx';
import { CHILD_ID, CLASS_ID, COURSE_ID, MATERIAL_ID, materialFixture, mySubmissionFixture, rowFixture, studentId } from './assignments-test-data.ts';
import { bodyOf, calls, fetchMock, narrowScreen, on, renderOnElement, renderRoutes, serve, setRole, writes } from '../../test/assignments-test-kit.tsx';

const PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/activity-grades/${MATERIAL_ID}`;
const GRADES = `/api/materials/${MATERIAL_ID}/activity-grades`;
const activity = materialFixture({ type: 'activity', name: 'Lab safety drill' });

const gradesFixture = (): SubmissionsAnswer => ({
  materialId: MATERIAL_ID,
  maxPoints: 10,
  dueAt: null,
  counts: { total: 3, submitted: 0, late: 0, missing: 0, toGrade: 0, returned: 1 },
  rows: [
    rowFixture(1, { name: 'Ana Cruz' }),
    rowFixture(2, { name: 'Ben Reyes' }),
    rowFixture(3, { name: 'Carla Diaz', state: 'returned', grade: 7, returnedAt: '2026-06-10T00:00:00.000Z' }),
  ],
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/classes/:id/courses/:courseId/activity-grades/:materialId', element: <ActivityGradesPage /> },
      { path: '/not-found', element: <p>not found page</p> },
    ],
    PAGE,
  );

const gradeOf = (name: string) => screen.findByRole('textbox', { name: `Grade for ${name} (out of 10)` });

beforeEach(() => {
  fetchMock.mockReset();
  serve(
    on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(activity)),
    on('GET', GRADES, () => jsonResponse(gradesFixture())),
    on('PUT', GRADES, () => jsonResponse(gradesFixture())),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('activity grades page', () => {
  beforeEach(() => setRole(ROLE.teacher));

  it('moves down the grid with Enter and the arrows, and saves only the changed rows', async () => {
    renderPage();
    const ana = await gradeOf('Ana Cruz');
    expect(await gradeOf('Carla Diaz')).toHaveValue('7');
    await userEvent.click(ana);
    await userEvent.keyboard('8{Enter}');
    const ben = await gradeOf('Ben Reyes');
    expect(ben).toHaveFocus();
    await userEvent.keyboard('9.5{ArrowUp}');
    expect(ana).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(await gradeOf('Carla Diaz')).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: 'Feedback for Ben Reyes' }), 'Steady <hands>');
    expect(screen.getByText('2 changes not saved')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save grades' }));
    expect(await screen.findByText('2 grades were saved.')).toBeInTheDocument();
    expect(bodyOf('PUT', GRADES)).toEqual({
      grades: [
        // Untouched feedback is left out: the server keeps what was saved.
        { studentId: studentId(1), grade: 8 },
        { studentId: studentId(2), grade: 9.5, feedbackHtml: '<p>Steady &lt;hands&gt;</p>' },
      ],
    });
    expect(screen.getByRole('button', { name: 'Save grades' })).toBeDisabled();
  });

  it('clears a grade with an empty field, and refuses grades over the points or with too many decimals before sending', async () => {
    renderPage();
    const carla = await gradeOf('Carla Diaz');
    await userEvent.clear(carla);
    await userEvent.type(await gradeOf('Ana Cruz'), '11');
    await userEvent.type(await gradeOf('Ben Reyes'), '1.234');
    await userEvent.click(screen.getByRole('button', { name: 'Save grades' }));
    expect(await screen.findByText('The grade cannot be more than the maximum points (10).')).toBeInTheDocument();
    expect(screen.getByText('Enter a number from 0 to 10 with at most 2 decimals.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await userEvent.clear(await gradeOf('Ana Cruz'));
    await userEvent.clear(await gradeOf('Ben Reyes'));
    await userEvent.click(screen.getByRole('button', { name: 'Save grades' }));
    expect(await screen.findByText('The grade was saved.')).toBeInTheDocument();
    expect(bodyOf('PUT', GRADES)).toEqual({ grades: [{ studentId: studentId(3), grade: null }] });
  });

  it('asks before leaving with unsaved grades', async () => {
    const router = renderPage();
    await userEvent.type(await gradeOf('Ana Cruz'), '5');
    act(() => void router.navigate('/elsewhere'));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes' })).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(PAGE);
    act(() => void router.navigate('/elsewhere'));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes' })).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('shows phones a card per student with labelled fields', async () => {
    const restore = narrowScreen();
    try {
      renderPage();
      const cards = await screen.findByTestId('activity-cards');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(cards).getAllByRole('textbox', { name: 'Grade (out of 10)' })).toHaveLength(3);
      expect(within(cards).getAllByRole('textbox', { name: 'Feedback (optional)' })).toHaveLength(3);
    } finally {
      restore();
    }
  });

  it('issue 13: assistants enter grades like teachers', async () => {
    setRole(ROLE.assistantTeacher);
    renderPage();
    expect(await gradeOf('Carla Diaz')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save grades' })).toBeInTheDocument();
  });

  it('reads typed grades', () => {
    expect(parseGrade('')).toBeNull();
    expect(parseGrade('7')).toBe(7);
    expect(parseGrade('7,5')).toBe(7.5);
    expect(parseGrade('7.25')).toBe(7.25);
    expect(parseGrade('7.255')).toBe('invalid');
    expect(parseGrade('-1')).toBe('invalid');
    expect(parseGrade('1e2')).toBe('invalid');
  });
});

describe('ActivityPanel', () => {
  const panel = (studentMode = false) => <ActivityPanel material={activity} classId={CLASS_ID} courseId={COURSE_ID} studentMode={studentMode} />;
  const MINE = `/api/materials/${MATERIAL_ID}/my-submission`;

  it('gives teachers the way to the grades grid with how many are graded', async () => {
    setRole(ROLE.teacher);
    renderOnElement(panel());
    expect(await screen.findByText('Graded: 1 / 3.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter grades' })).toHaveAttribute('href', PAGE);
  });

  it('tells a student the activity is not graded yet', async () => {
    setRole(ROLE.student);
    serve(on('GET', MINE, () => jsonResponse(mySubmissionFixture({ can: { edit: false, submit: false } }))));
    renderOnElement(panel());
    expect(await screen.findByText('Not graded yet.')).toBeInTheDocument();
  });

  it("shows a parent the child's grade and feedback once graded", async () => {
    setRole(ROLE.parent, CHILD_ID);
    serve(
      on('GET', `${MINE}?childId=${CHILD_ID}`, () =>
        jsonResponse(
          mySubmissionFixture({
            grade: 9,
            feedbackHtml: '<p>Calm and careful.</p>',
            state: 'returned',
            status: 'returned',
            returnedAt: '2026-06-10T00:00:00.000Z',
          }),
        ),
      ),
    );
    renderOnElement(panel());
    expect(await screen.findByText('9 / 10')).toBeInTheDocument();
    expect(screen.getByText('Calm and careful.')).toBeInTheDocument();
  });

  it('previews the student side in student mode without reading anything', async () => {
    setRole(ROLE.teacher);
    renderOnElement(panel(true));
    expect(await screen.findByText('Not graded yet.')).toBeInTheDocument();
    expect(screen.getByText(/Preview: students see their grade/)).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});
