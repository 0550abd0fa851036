import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import type { SubmissionDetails } from '@klase/core/assignments/contracts';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { SubmissionPage } from './submission-page.tsx';
import { CLASS_ID, COURSE_ID, MATERIAL_ID, detailsFixture, materialFixture, studentId, submissionsFixture } from './assignments-test-data.ts';
import { FakeXhr, bodyOf, errorAnswer, fetchMock, on, renderRoutes, serve, setRole, writes } from '../../test/assignments-test-kit.tsx';

const LIST_PAGE = `/classes/${CLASS_ID}/courses/${COURSE_ID}/submissions/${MATERIAL_ID}`;
const pageOf = (n: number) => `${LIST_PAGE}/student/${studentId(n)}`;
const GRADE = `/api/materials/${MATERIAL_ID}/submissions/${studentId(2)}/grade`;

const renderPage = (path = pageOf(2)) =>
  renderRoutes([{ path: '/classes/:id/courses/:courseId/submissions/:materialId/student/:studentId', element: <SubmissionPage /> }], path);

/** The grade answer, when it succeeds, is what the student's work reads afterwards. */
const serveDetails = (grade: () => Response, after?: Partial<SubmissionDetails>) => {
  let graded = false;
  return serve(
    on('GET', `/api/materials/${MATERIAL_ID}`, () => jsonResponse(materialFixture())),
    on('GET', `/api/materials/${MATERIAL_ID}/submissions`, () => jsonResponse(submissionsFixture())),
    (u) => {
      const n = [1, 2, 3, 4, 5].find((i) => u === `/api/materials/${MATERIAL_ID}/submissions/${studentId(i)}`);
      return n ? jsonResponse(detailsFixture(n, { studentName: submissionsFixture().rows[n - 1]!.name, ...(graded ? after : {}) })) : null;
    },
    on('PUT', GRADE, () => {
      const answer = grade();
      graded = answer.ok;
      return answer;
    }),
  );
};

const gradeField = () => screen.findByRole('textbox', { name: 'Grade (out of 10)' });

beforeAll(() => {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});

beforeEach(() => {
  setRole(ROLE.teacher);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('submission page', () => {
  it("shows the student's work and refuses a grade over the points before calling the server (GRADE_OVER_MAX)", async () => {
    serveDetails(() => jsonResponse(detailsFixture(2)));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ben Reyes', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Matter has three states.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /essay\.pdf/ })).toHaveAttribute('href', `/api/materials/${MATERIAL_ID}/submission-files/w2`);
    const grade = await gradeField();
    await userEvent.type(grade, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The grade cannot be more than the maximum points (10).')).toBeInTheDocument();
    expect(grade).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(0);
  });

  it('shows the server refusing a grade (GRADE_OVER_MAX) under the grade field', async () => {
    serveDetails(() => errorAnswer('GRADE_OVER_MAX', 400, { max: 10 }));
    renderPage();
    await userEvent.type(await gradeField(), '9.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The grade cannot be more than the maximum points (10).')).toBeInTheDocument();
    expect(bodyOf('PUT', GRADE)).toEqual({ grade: 9.5, feedbackHtml: '', returnToStudent: false });
  });

  it('saves a grade with feedback and returns it to the student', async () => {
    const returned: Partial<SubmissionDetails> = { grade: 8.25, state: 'returned', status: 'returned', returnedAt: '2026-06-22T01:00:00.000Z' };
    serveDetails(() => jsonResponse(detailsFixture(2, returned)), returned);
    renderPage();
    await userEvent.type(await gradeField(), '8.25');
    const feedback = await screen.findByRole('textbox', { name: 'Feedback' }, { timeout: 15_000 });
    await userEvent.click(feedback);
    await userEvent.type(feedback, 'Good work');
    await userEvent.click(screen.getByRole('button', { name: 'Save and return to student' }));
    expect(await screen.findByText('The grade and feedback were returned to Ben Reyes.')).toBeInTheDocument();
    const body = bodyOf('PUT', GRADE)!;
    expect(body).toMatchObject({ grade: 8.25, returnToStudent: true });
    expect(String(body.feedbackHtml)).toContain('Good work');
    expect(await screen.findByText('Returned', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it('links the previous and next students of the list', async () => {
    serveDetails(() => jsonResponse(detailsFixture(2)));
    const router = renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Other students' });
    expect(within(nav).getByRole('link', { name: /Previous: Ana Cruz/ })).toHaveAttribute('href', pageOf(1));
    const next = within(nav).getByRole('link', { name: /Next: Carla Diaz/ });
    expect(next).toHaveAttribute('href', pageOf(3));
    next.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(pageOf(3)));
    expect(await screen.findByRole('heading', { name: 'Carla Diaz', level: 2 })).toBeInTheDocument();
  });

  it('issue 13: assistants grade with the same form', async () => {
    setRole(ROLE.assistantTeacher);
    serveDetails(() => jsonResponse(detailsFixture(2)));
    renderPage();
    await userEvent.type(await gradeField(), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodyOf('PUT', GRADE)).toEqual({ grade: 7, feedbackHtml: '', returnToStudent: false }));
    expect(screen.queryByTestId('work-feedback')).not.toBeInTheDocument();
  });
});
