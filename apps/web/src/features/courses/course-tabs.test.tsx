import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { ROLE, type RoleId } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { CourseLayout } from './course-layout.tsx';
import { CLASS_ID, COURSE_ID, courseDetailsFixture } from '../../test/course-test-data.ts';

const fetchMock = vi.fn<typeof fetch>();
let course: CourseDetails;
const base = `/classes/${CLASS_ID}/courses/${COURSE_ID}`;

const renderAt = (roleId: RoleId, tail: string) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile, selectedChildId: null });
  const router = createMemoryRouter([{ path: '/classes/:id/courses/:courseId/*', element: <CourseLayout /> }], { initialEntries: [`${base}/${tail}`] });
  renderWithProviders(<RouterProvider router={router} />);
};

const tabNames = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Course pages' }, { timeout: 5000 });
  return within(nav)
    .getAllByRole('link')
    .map((a) => `${a.textContent}${a.getAttribute('aria-current') === 'page' ? ' (open)' : ''} → ${a.getAttribute('href')?.replace(base, '')}`);
};

beforeEach(() => {
  course = courseDetailsFixture();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) =>
    String(url) === `/api/courses/${COURSE_ID}` ? jsonResponse(course) : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('CourseTabs', () => {
  it('gives teachers the course, the student view, the grade book, the grade setup and the discussions', async () => {
    renderAt(ROLE.teacher, 'grade-book');
    expect(await tabNames()).toEqual([
      'Course → /course',
      'Student view → /course/student-mode',
      'Grade book (open) → /grade-book',
      'Grade setup → /grade-setup/categories',
      'Discussions → /discussions',
    ]);
  });

  it('marks Grade setup open on any of its tabs', async () => {
    renderAt(ROLE.teacher, 'grade-setup/scales');
    expect((await tabNames())[3]).toBe('Grade setup (open) → /grade-setup/categories');
  });

  it('gives assistants the course, the student view and the discussions', async () => {
    renderAt(ROLE.assistantTeacher, 'course');
    expect(await tabNames()).toEqual(['Course (open) → /course', 'Student view → /course/student-mode', 'Discussions → /discussions']);
  });

  it('issue 18: marks Discussions open on the tab and on a post', async () => {
    renderAt(ROLE.student, 'discussions/p1');
    expect((await tabNames()).at(-1)).toBe('Discussions (open) → /discussions');
  });

  it.each([
    ['students', ROLE.student],
    ['parents', ROLE.parent],
  ] as const)('gives %s the course, their grades and the discussions', async (_who, roleId) => {
    course = courseDetailsFixture({ can: { manage: false, viewStudentMode: false } });
    renderAt(roleId, 'grade');
    expect(await tabNames()).toEqual(['Course → /course', 'Grades (open) → /grade', 'Discussions → /discussions']);
  });
});
