import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import type { RubricGrading, SubmissionDetails } from '@klase/core/assignments/contracts';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { AssignmentPanel } from './assignment-panel.tsx';
import { SubmissionPage } from './submission-page.tsx';
import { CLASS_ID, COURSE_ID, MATERIAL_ID, detailsFixture, materialFixture, returnedFixture, studentId, submissionsFixture } from './assignments-test-data.ts';
import { bodyOf, errorAnswer, fetchMock, on, renderOnElement, renderRoutes, serve, setRole, writes } from '../../test/assignments-test-kit.tsx';

const levels = (p: string) => [
  { id: `${p}-0`, label: 'Beginning', points: 0 },
  { id: `${p}-2`, label: 'Developing', points: 2 },
  { id: `${p}-4`, label: 'Proficient', points: 4 },
];
const rubricFixture = (selections: Record<string, string> | null = null): RubricGrading => ({
  rubricId: 'r1',
  name: 'Essay rubric',
  criteria: [
    { id: 'content', title: 'Content', levels: levels('content') },
    { id: 'grammar', title: 'Grammar', levels: levels('grammar') },
  ],
  maxPoints: 8,
  selections,
});

const PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/submissions/${MATERIAL_ID}/student/${studentId(2)}`;
const GRADE = `/api/materials/${MATERIAL_ID}/submissions/${studentId(2)}/grade`;

const renderGrading = (grade: () => Response, after: Partial<SubmissionDetails> = {}) => {
  let graded = false;
  serve(
    on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture())),
    on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () => jsonResponse(submissionsFixture())),
    on('GET', `/api/materials/${MATERIAL_ID}/submissions/${studentId(2)}`, () =>
      jsonResponse(detailsFixture(2, { studentName: 'Ben Reyes', rubric: rubricFixture(), ...(graded ? after : {}) })),
    ),
    on('PUT', GRADE, () => {
      const answer = grade();
      graded = answer.ok;
      return answer;
    }),
  );
  renderRoutes([{ path: '/classes/:id/courses/:courseId/submissions/:materialId/student/:studentId', element: <SubmissionPage /> }], PAGE);
};

const rowOf = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr')!;
const gradeField = () => screen.findByRole('textbox', { name: 'Grade from the rubric (out of 8)' });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('grading with a rubric', () => {
  beforeEach(() => setRole(ROLE.teacher));

  it('shows criteria × levels; choosing by mouse and keyboard fills the read-only grade with the running total, and saves the levels', async () => {
    const graded = { grade: 6, rubric: rubricFixture({ content: 'content-4', grammar: 'grammar-2' }) };
    renderGrading(() => jsonResponse(detailsFixture(2, { studentName: 'Ben Reyes', ...graded })), graded);
    const grade = await gradeField();
    expect(grade).toHaveAttribute('readonly');
    expect(screen.getByRole('table', { name: 'Rubric: Essay rubric' })).toBeInTheDocument();
    expect(within(rowOf('Content')).getAllByRole('radio')).toHaveLength(3);

    await userEvent.click(within(rowOf('Content')).getByRole('radio', { name: /Proficient/ }));
    expect(grade).toHaveValue('4');
    // Keyboard: Tab reaches the Grammar levels, the arrow keys move between them.
    const beginning = within(rowOf('Grammar')).getByRole('radio', { name: /Beginning/ });
    beginning.focus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowRight}');
    const developing = within(rowOf('Grammar')).getByRole('radio', { name: /Developing/ });
    expect(developing).toBeChecked();
    expect(developing).toHaveAccessibleName('Developing 2 pts');
    expect(developing).toHaveAccessibleDescription(/Grammar/);
    expect(grade).toHaveValue('6');
    expect(screen.getByTestId('rubric-total')).toHaveTextContent('6 / 8');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The grade and feedback were saved.')).toBeInTheDocument();
    expect(bodyOf('PUT', GRADE)).toEqual({ grade: 6, rubric: { content: 'content-4', grammar: 'grammar-2' }, feedbackHtml: '', returnToStudent: false });
  });

  it('asks for a level on every criterion before saving', async () => {
    renderGrading(() => jsonResponse(detailsFixture(2)));
    await gradeField();
    await userEvent.click(within(rowOf('Content')).getByRole('radio', { name: /Developing/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a level for every criterion.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('says so when the server no longer knows the levels (the rubric changed)', async () => {
    renderGrading(() => jsonResponse({ code: 'VALIDATION', message: 'Invalid', fields: [{ path: 'rubric', key: 'invalidChoice' }] }, 400));
    await gradeField();
    await userEvent.click(within(rowOf('Content')).getByRole('radio', { name: /Beginning/ }));
    await userEvent.click(within(rowOf('Grammar')).getByRole('radio', { name: /Proficient/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rubric changed since this page opened. Reload the page and grade again.')).toBeInTheDocument();
  });

  it('clears the levels to save no grade', async () => {
    renderGrading(() => errorAnswer('NOT_FOUND', 404));
    const grade = await gradeField();
    await userEvent.click(within(rowOf('Content')).getByRole('radio', { name: /Developing/ }));
    expect(grade).toHaveValue('2');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the levels' }));
    expect(grade).toHaveValue('');
    expect(within(rowOf('Content')).getByRole('radio', { name: /Developing/ })).not.toBeChecked();
  });
});

describe('the returned work graded with a rubric', () => {
  it('shows the student the level chosen for each criterion', async () => {
    setRole(ROLE.student);
    const work = returnedFixture({ grade: 6, rubric: rubricFixture({ content: 'content-4', grammar: 'grammar-2' }) });
    serve(on('GET', `/api/materials/${MATERIAL_ID}/my-submission`, () => jsonResponse(work)));
    renderOnElement(<AssignmentPanel material={materialFixture()} classId={CLASS_ID} courseId={COURSE_ID} studentMode={false} />);
    const table = await screen.findByRole('table', { name: 'Rubric: Essay rubric' });
    expect(within(table).queryByRole('radio')).not.toBeInTheDocument();
    const content = within(table).getByRole('rowheader', { name: 'Content' }).closest('tr')!;
    expect(within(content).getByText(/Proficient/)).toHaveTextContent('Proficient (chosen)');
    expect(within(content).getByText(/Beginning/)).not.toHaveTextContent('chosen');
    expect(within(table).getByTestId('rubric-total')).toHaveTextContent('6 / 8');
  });
});
