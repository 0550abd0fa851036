import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails } from '@klase/core/classes/contracts';
import type { CourseDetails, CourseRow } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ClassCoursesTab } from './class-courses-tab.tsx';
import { classDetailsFixture } from '../../test/class-test-data.ts';
import { CourseLayout } from '../../features/courses/course-layout.tsx';
import { CLASS_ID, COURSE_ID, courseDetailsFixture, courseRowFixture } from '../../test/course-test-data.ts';
import { MyCoursesPage } from '../../features/courses/my-courses-page.tsx';

const SHARED_MESSAGE = 'Course shared with the teachers of your school.';
const UNSHARED_MESSAGE = 'Course is no longer shared.';

const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let course: CourseDetails;
let rows: CourseRow[];
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init!.method, body: JSON.parse(String(init!.body)) as unknown }));

const renderAt = (url: string, roleId: number = ROLE.teacher) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile });
  const router = createMemoryRouter(
    [
      { path: '/courses', element: <MyCoursesPage /> },
      { path: '/classes/:id/courses', element: <ClassCoursesTab /> },
      { path: '/classes/:id/courses/:courseId', element: <CourseLayout />, children: [{ path: 'course', element: <p>course editor</p> }] },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  details = classDetailsFixture();
  course = courseDetailsFixture();
  rows = [courseRowFixture(), courseRowFixture({ id: 'k2', name: 'Math 7', code: 'MATH7', shared: true })];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (method === 'PATCH' && u.endsWith('/shared')) {
      const { shared } = JSON.parse(String(init!.body)) as { shared: boolean };
      course = { ...course, shared };
      return jsonResponse({ message: shared ? SHARED_MESSAGE : UNSHARED_MESSAGE });
    }
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(details);
    if (u === `/api/courses/${COURSE_ID}`) return jsonResponse(course);
    if (u.startsWith('/api/courses?')) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const cardOf = async (name: string) => (await screen.findByRole('link', { name })).closest<HTMLElement>('[data-testid="course-card"]')!;

describe('sharing a course with the school', () => {
  it("shares a class's course from its card after a confirmation, with the server's message", async () => {
    renderAt(`/classes/${CLASS_ID}/courses`);
    const card = await cardOf('Science 7');
    expect(within(card).queryByText('Shared')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Actions for course Science 7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share with my school' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share with my school' });
    expect(dialog).toHaveTextContent('Share "Science 7" with the other teachers of your school?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await userEvent.click(within(card).getByRole('button', { name: 'Actions for course Science 7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Share with my school' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Share with my school' })).getByRole('button', { name: 'Share with my school' }));
    expect(await screen.findByText(SHARED_MESSAGE)).toBeInTheDocument();
    expect(writes()).toEqual([{ url: `/api/courses/${COURSE_ID}/shared`, method: 'PATCH', body: { shared: true } }]);
  });

  it('marks shared courses on My Courses, and stops sharing one', async () => {
    renderAt('/courses');
    const shared = await cardOf('Math 7');
    expect(within(shared).getByTestId('shared-badge')).toHaveTextContent('Shared');
    expect(within(await cardOf('Science 7')).queryByTestId('shared-badge')).not.toBeInTheDocument();
    await userEvent.click(within(shared).getByRole('button', { name: 'Actions for course Math 7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Stop sharing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop sharing' });
    expect(dialog).toHaveTextContent('Other teachers can no longer copy it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText(UNSHARED_MESSAGE)).toBeInTheDocument();
    expect(writes()).toEqual([{ url: '/api/courses/k2/shared', method: 'PATCH', body: { shared: false } }]);
  });

  it('shows students no Shared badge and no menu', async () => {
    rows = [courseRowFixture({ shared: true, percent: 40 })];
    renderAt('/courses', ROLE.student);
    const card = await cardOf('Science 7');
    expect(within(card).queryByTestId('shared-badge')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Actions for course/ })).not.toBeInTheDocument();
  });

  it("shares from the course's page, which then shows the badge and offers to stop", async () => {
    renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    await userEvent.click(await screen.findByRole('button', { name: 'Share with my school' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Share with my school' })).getByRole('button', { name: 'Share with my school' }));
    expect(await screen.findByText(SHARED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Stop sharing' })).toBeInTheDocument();
    expect(screen.getByTestId('shared-badge')).toBeInTheDocument();
  });

  it('offers assistants (who do not manage the course) no sharing', async () => {
    course = courseDetailsFixture({ can: { manage: false, viewStudentMode: true } });
    details = classDetailsFixture({ relation: 'assistant' });
    renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`, ROLE.assistantTeacher);
    expect(await screen.findByRole('heading', { name: 'Science 7', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Share with my school|Stop sharing/ })).not.toBeInTheDocument();
  });
});
