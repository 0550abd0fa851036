import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassCourseRow } from '@klase/core/class-work/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { resetSessionStore } from '../../lib/session-store.ts';
import { calls, fetchMock, on, renderRoutes, serve, setRole } from '../../test/assignments-test-kit.tsx';
import { classDetailsFixture } from '../../test/class-test-data.ts';
import { gradeReportPath } from '../../features/gradebook/report/report-api.ts';
import { CLASS_ID, reportFixture } from '../../test/report-test-data.ts';
import { StudentGradeTab } from './student-grade-tab.tsx';

/** The first render of a page (lazy Mantine parts, three answers) can take over a second on a busy machine. */
const LOAD = { timeout: 5000 };

const STUDENT = '99999999-9999-4999-8999-999999999999';
const SCIENCE = '77777777-7777-4777-8777-777777777777';
const MATH = '77777777-7777-4777-8777-777777777778';
const courseRow = (id: string, name: string): ClassCourseRow => ({
  id,
  name,
  code: name.toUpperCase(),
  description: '',
  gradeLevel: 'Grade 7',
  subject: name,
  published: true,
  status: 'PUBLISHED',
  elementCount: 1,
  materialCount: 3,
  updatedAt: '2026-06-10T01:00:00.000Z',
});
let courses: ClassCourseRow[];

const open = () =>
  renderRoutes(
    [{ path: '/classes/:id/class-list/student/:studentId/grade', element: <StudentGradeTab /> }],
    `/classes/${CLASS_ID}/class-list/student/${STUDENT}/grade`,
  );

beforeEach(() => {
  courses = [courseRow(SCIENCE, 'Science 7'), courseRow(MATH, 'Math 7')];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setRole(ROLE.teacher);
  serve(
    on('GET', `/api/classes/${CLASS_ID}`, () => jsonResponse(classDetailsFixture())),
    on('GET', `/api/classes/${CLASS_ID}/courses`, () => jsonResponse(courses)),
    on('GET', gradeReportPath(SCIENCE, STUDENT), () => jsonResponse(reportFixture({ courseId: SCIENCE, student: { id: STUDENT, name: 'Ana Reyes' } }))),
    on('GET', gradeReportPath(MATH, STUDENT), () =>
      jsonResponse(
        reportFixture({ courseId: MATH, student: { id: STUDENT, name: 'Ana Reyes' }, lines: reportFixture().lines.filter((l) => l.kind !== 'item') }),
      ),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('StudentGradeTab', () => {
  it("shows the student's report of the class's first course, then of the course chosen", async () => {
    open();
    expect(await screen.findByRole('table', { name: 'Grades of Ana Reyes' }, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('Science 7');
    await userEvent.click(screen.getByRole('combobox', { name: 'Course' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Math 7' }));
    expect(await screen.findByText('There are no grades in this course yet.', {}, LOAD)).toBeInTheDocument();
    expect(calls()).toContain(`GET ${gradeReportPath(MATH, STUDENT)}`);
  });

  it('says when the class has no course', async () => {
    courses = [];
    open();
    expect(await screen.findByText('This class has no courses yet.')).toBeInTheDocument();
    expect(calls().some((c) => c.includes('/gradebook/'))).toBe(false);
  });
});
