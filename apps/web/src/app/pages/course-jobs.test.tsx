import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails } from '@klase/core/classes/contracts';
import type { CopyTarget, CourseDetails, CourseRow } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ClassCoursesTab } from './class-courses-tab.tsx';
import { classDetailsFixture } from '../../test/class-test-data.ts';
import { CourseLayout } from '../../features/courses/course-layout.tsx';
import { CLASS_ID, COURSE_ID, courseDetailsFixture, courseRowFixture } from '../../test/course-test-data.ts';
import { JOB_POLL_MS } from '../../api/courses-api.ts';
import { MyCoursesPage } from '../../features/courses/my-courses-page.tsx';

const OTHER_CLASS = '99999999-9999-4999-8999-999999999999';
const COPY_ID = '88888888-8888-4888-8888-888888888888';
const COPY_MESSAGE = 'Course copy started.';
const DELETE_MESSAGE = 'Course deletion started.';

const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let course: CourseDetails;
/** Each list answer takes the next entry (the last one repeats): a job seen running, then done. */
let listAnswers: CourseRow[][];
let targets: CopyTarget[];
/** The course's first date (`GET .../copy-dates`). */
let firstDate: string | null;
let writeAnswer: (u: string, method: string) => Response | null;

const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init!.method, body: init!.body }));
const listCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/courses?')).length;

const renderAt = (url: string) => {
  const router = createMemoryRouter(
    [
      { path: '/courses', element: <MyCoursesPage /> },
      { path: '/classes/:id/courses', element: <ClassCoursesTab /> },
      { path: '/classes/:id/courses/:courseId', element: <CourseLayout />, children: [{ path: 'course', element: <p>course editor</p> }] },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.teacher }).profile });
  details = classDetailsFixture();
  course = courseDetailsFixture();
  listAnswers = [[courseRowFixture()]];
  firstDate = '2026-06-15T10:00:00.000Z';
  targets = [
    { id: OTHER_CLASS, name: 'Grade 7 Mabini', gradeLevel: 'Grade 7', section: 'Mabini' },
    { id: CLASS_ID, name: 'Grade 7 Rizal', gradeLevel: 'Grade 7', section: 'Rizal' },
  ];
  writeAnswer = (u, method) => {
    if (u === `/api/courses/${COURSE_ID}/copy` && method === 'POST')
      return jsonResponse({ courseId: COPY_ID, classId: OTHER_CLASS, message: COPY_MESSAGE }, 202);
    if (u === `/api/courses/${COURSE_ID}` && method === 'DELETE') return jsonResponse({ message: DELETE_MESSAGE }, 202);
    return null;
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') return writeAnswer(u, method) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(details);
    if (u === '/api/courses/copy-targets') return jsonResponse(targets);
    if (u === `/api/courses/${COURSE_ID}/copy-dates`) return jsonResponse({ firstDate });
    if (u === `/api/courses/${COURSE_ID}`) return jsonResponse(course);
    if (u.startsWith('/api/courses?')) {
      const rows = listAnswers.length > 1 ? listAnswers.shift()! : listAnswers[0]!;
      return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetSessionStore();
});

const openMenu = async (name = 'Science 7') => {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for course ${name}` }));
  return screen.findByRole('menu');
};

/** Confirms the copy question that opens above the copy dialog. */
const confirmCopy = async () =>
  userEvent.click(
    within((await screen.findByText(/^Copy "Science 7" into/)).closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Confirm' }),
  );

const confirmIn = async (title: string, button: string) => {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
};

describe('copying a course', () => {
  it('posts the chosen class only after a confirmation, then follows the copy on My Courses', async () => {
    const router = renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    expect(dialog).toHaveTextContent("Students' work and progress are not copied.");
    // The course's own class comes first and is chosen.
    const select = await within(dialog).findByRole('combobox', { name: /^Copy into class/ });
    expect(select).toHaveValue('Grade 7 Rizal (this class)');
    await userEvent.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // Each class with its grade and section under its name.
    expect(options.map((o) => o.textContent)).toEqual(['Grade 7 Rizal (this class)Grade 7 · Rizal', 'Grade 7 MabiniGrade 7 · Mabini']);
    await userEvent.click(options[1]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));

    // The confirmation opens above the dialog; nothing is sent before it.
    const question = await screen.findByText('Copy "Science 7" into Grade 7 Mabini?');
    expect(writes()).toHaveLength(0);
    await userEvent.click(within(question.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ url: `/api/courses/${COURSE_ID}/copy`, method: 'POST' });
    expect(JSON.parse(String(writes()[0]!.body))).toEqual({ targetClassId: OTHER_CLASS });
    expect(await screen.findByText(COPY_MESSAGE)).toBeInTheDocument();
    // The copy went into another class: My Courses lists every class.
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses'));
  });

  it('issue 13: says the copy is unpublished and what happens to assignees, and moves every date by the gap to the new start', async () => {
    renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    expect(dialog).toHaveTextContent('The copy, its elements and its materials all start unpublished');
    const select = await within(dialog).findByRole('combobox', { name: /^Copy into class/ });
    expect(within(dialog).getByTestId('copy-assignees')).toHaveTextContent('keep them in the copy');
    await userEvent.click(select);
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Grade 7 Mabini/ }));
    expect(within(dialog).getByTestId('copy-assignees')).toHaveTextContent('are copied assigned to nobody');
    // The old start is shown; the new start gives the shift.
    expect(dialog).toHaveTextContent("The course's first date: 2026-06-15.");
    const start = within(dialog).getByRole('textbox', { name: /^New start date/ });
    await userEvent.type(start, '2026-02-30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    expect(await within(dialog).findByText('Enter a valid date (YYYY-MM-DD).')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await userEvent.clear(start);
    await userEvent.type(start, '2027-06-14');
    expect(within(dialog).getByTestId('copy-shift')).toHaveTextContent('Every date moves 364 days later.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    await confirmCopy();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(JSON.parse(String(writes()[0]!.body))).toEqual({ targetClassId: OTHER_CLASS, shiftDays: 364 });
  });

  it('says so when the course has no dates to move', async () => {
    firstDate = null;
    renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    expect(await within(dialog).findByText('This course has no dates to move.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /^New start date/ })).not.toBeInTheDocument();
  });

  it('stays on the class tab when the copy lands in the same class', async () => {
    writeAnswer = (u, method) =>
      u.endsWith('/copy') && method === 'POST' ? jsonResponse({ courseId: COPY_ID, classId: CLASS_ID, message: COPY_MESSAGE }, 202) : null;
    const router = renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    await within(dialog).findByRole('combobox', { name: /^Copy into class/ });
    listAnswers = [[courseRowFixture(), courseRowFixture({ id: COPY_ID, name: 'Science 7 (copy)', job: 'copying' })]];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    await confirmCopy();
    await waitFor(() => expect(JSON.parse(String(writes()[0]?.body))).toEqual({ targetClassId: CLASS_ID }));
    // The new course shows up at once, copying: badge, skeleton text, no link.
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(2));
    expect(screen.getByTestId('copying-skeleton')).toBeInTheDocument();
    const cardLinks = screen.getAllByTestId('course-card').flatMap((card) => within(card).queryAllByRole('link'));
    expect(cardLinks.map((a) => a.textContent)).toEqual(['Science 7']);
    expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`);
  });

  it('cancels without a call, and says when the teacher has no class to copy into', async () => {
    targets = [];
    renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    expect(await within(dialog).findByText('You have no active class to copy this course into.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toHaveLength(0);
  });

  it('shows a refused copy in the dialog', async () => {
    writeAnswer = () => jsonResponse({ code: 'COURSE_BUSY', message: 'busy' }, 409);
    renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    await within(dialog).findByRole('combobox', { name: /^Copy into class/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    await confirmCopy();
    expect(await within(dialog).findByText('This course is being copied or deleted. Please wait until it is done.')).toBeInTheDocument();
  });
});

describe('lists follow running jobs', () => {
  it('asks again every 2 seconds while a course is copied, shows the finished course, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    listAnswers = [
      [courseRowFixture({ id: COPY_ID, name: 'Science 7 (copy)', job: 'copying' })],
      [courseRowFixture({ id: COPY_ID, name: 'Science 7 (copy)', job: 'copying' })],
      [courseRowFixture({ id: COPY_ID, name: 'Science 7 (copy)', job: null, published: false, status: 'UNPUBLISHED' })],
    ];
    renderAt('/courses');
    const [card] = await screen.findAllByTestId('course-card');
    expect(card!.closest('[data-busy]')).toHaveAttribute('data-busy', 'copying');
    expect(within(card!.closest<HTMLElement>('[data-busy]')!).getAllByText('Copying in progress')[0]).toBeInTheDocument();
    expect(listCalls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(listCalls()).toBe(2));
    expect(screen.getByTestId('copying-skeleton')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    expect(await screen.findByRole('link', { name: 'Science 7 (copy)' })).toBeInTheDocument();
    expect(screen.queryByTestId('copying-skeleton')).not.toBeInTheDocument();
    expect(document.querySelector('[data-busy]')).toBeNull();
    expect(within(screen.getByTestId('course-card')).getByText('Unpublished')).toBeInTheDocument();

    // Nothing runs any more: no more calls.
    const calls = listCalls();
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS * 3));
    expect(listCalls()).toBe(calls);
  });

  it('does not poll when no course is busy', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(`/classes/${CLASS_ID}/courses`);
    await screen.findByRole('link', { name: 'Science 7' });
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS * 3));
    expect(listCalls()).toBe(1);
  });
});

describe('deleting a course', () => {
  it('asks first, warning about progress and that it cannot be undone, then shows the deletion badge', async () => {
    renderAt(`/classes/${CLASS_ID}/courses`);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete course' });
    expect(dialog).toHaveTextContent(
      'Delete "Science 7"? Its elements and materials and every student\'s progress in it are deleted too. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toHaveLength(0);

    listAnswers = [[courseRowFixture({ job: 'deleting' })]];
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete course' }));
    await confirmIn('Delete course', 'Delete course');
    await waitFor(() => expect(writes()).toEqual([{ url: `/api/courses/${COURSE_ID}`, method: 'DELETE', body: undefined }]));
    expect(await screen.findByText(DELETE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('Deletion in progress')).toBeInTheDocument();
  });

  it('blocks a card being deleted: no link and its menu does not open', async () => {
    listAnswers = [[courseRowFixture({ job: 'deleting' })]];
    renderAt(`/classes/${CLASS_ID}/courses`);
    const [card] = await screen.findAllByTestId('course-card');
    expect(card!.closest('[data-busy]')).toHaveAttribute('data-busy', 'deleting');
    expect(within(card!).queryByRole('link')).not.toBeInTheDocument();
    const menu = within(card!).getByRole('button', { name: 'Actions for course Science 7', hidden: true });
    expect(menu).toBeDisabled();
    expect(menu.closest('[inert]')).not.toBeNull();
    await userEvent.click(menu, { pointerEventsCheck: 0 });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete course' })).not.toBeInTheDocument();
  });

  it('offers no delete in an archived class, but copy', async () => {
    details = classDetailsFixture({ archived: true });
    renderAt(`/classes/${CLASS_ID}/courses`);
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Copy course' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete course' })).not.toBeInTheDocument();
  });
});

describe('a failed copy', () => {
  it('shows the spec text in place of the link and removes the course after a confirmation', async () => {
    listAnswers = [[courseRowFixture({ job: 'copyFailed', name: 'Science 7 (copy)' })]];
    renderAt('/courses');
    const [card] = await screen.findAllByTestId('course-card');
    expect(card).toHaveTextContent('Copy unsuccessful, Please try again.');
    expect(within(card!).queryByRole('link')).not.toBeInTheDocument();
    expect(card!.closest('[inert]')).toBeNull();
    listAnswers = [[]];
    await userEvent.click(within(card!).getByRole('button', { name: 'Remove the failed copy Science 7 (copy)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove failed copy' });
    expect(dialog).toHaveTextContent('the course it was copied from is not touched');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(writes()).toEqual([{ url: `/api/courses/${COURSE_ID}`, method: 'DELETE', body: undefined }]));
    await waitFor(() => expect(screen.queryAllByTestId('course-card')).toHaveLength(0));
  });

  it('gives assistant teachers no menu or remove button', async () => {
    setSessionState({ profile: sessionFixture({ roleId: ROLE.assistantTeacher }).profile });
    listAnswers = [[courseRowFixture(), courseRowFixture({ id: COPY_ID, job: 'copyFailed' })]];
    renderAt('/courses');
    await screen.findAllByTestId('course-card');
    expect(screen.getByText('Copy unsuccessful, Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Actions for course|Remove/ })).not.toBeInTheDocument();
  });
});

describe('the course page', () => {
  it('copies from the header into the same class and opens the class courses tab', async () => {
    writeAnswer = (u, method) =>
      u.endsWith('/copy') && method === 'POST' ? jsonResponse({ courseId: COPY_ID, classId: CLASS_ID, message: COPY_MESSAGE }, 202) : null;
    const router = renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    expect(await screen.findByText('course editor')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    await within(dialog).findByRole('combobox', { name: /^Copy into class/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    await confirmCopy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
    expect(await screen.findByText(COPY_MESSAGE)).toBeInTheDocument();
  });

  it('deletes from the header after a confirmation and goes back to the class courses tab', async () => {
    const router = renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete course' }));
    await confirmIn('Delete course', 'Delete course');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
    expect(writes()).toEqual([{ url: `/api/courses/${COURSE_ID}`, method: 'DELETE', body: undefined }]);
    expect(await screen.findByText(DELETE_MESSAGE)).toBeInTheDocument();
  });

  it('shows a course being copied instead of its editor, and the course once the copy is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    course = courseDetailsFixture({ job: 'copying', can: { manage: false, viewStudentMode: true } });
    renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    expect(await screen.findByTestId('course-job')).toHaveTextContent('This course is being copied.');
    expect(screen.getByText('Copying in progress')).toBeInTheDocument();
    expect(screen.queryByText('course editor')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy course|Delete course|Publish|Edit course/ })).not.toBeInTheDocument();
    course = courseDetailsFixture();
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    expect(await screen.findByText('course editor')).toBeInTheDocument();
    expect(screen.queryByTestId('course-job')).not.toBeInTheDocument();
  });

  it('goes back to the class courses tab when a course being deleted is gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    course = courseDetailsFixture({ job: 'deleting', can: { manage: false, viewStudentMode: true } });
    const router = renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    expect(await screen.findByTestId('course-job')).toHaveTextContent('This course is being deleted.');
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      String(url) === `/api/courses/${COURSE_ID}` ? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404) : answer(url, init),
    );
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
  });

  it('shows a failed copy with the spec text and Remove', async () => {
    course = courseDetailsFixture({ job: 'copyFailed' });
    renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    const state = await screen.findByTestId('course-job');
    expect(state).toHaveTextContent('Copy unsuccessful, Please try again.');
    await userEvent.click(await within(state).findByRole('button', { name: 'Remove' }));
    await confirmIn('Remove failed copy', 'Remove');
    await waitFor(() => expect(writes()).toEqual([{ url: `/api/courses/${COURSE_ID}`, method: 'DELETE', body: undefined }]));
  });

  it("shows the server's COURSE_BUSY text when an edit meets a running job", async () => {
    writeAnswer = () => jsonResponse({ code: 'COURSE_BUSY', message: 'busy' }, 409);
    renderAt(`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    await userEvent.click(await screen.findByRole('button', { name: 'Unpublish' }));
    await confirmIn('Unpublish course', 'Unpublish');
    expect(await screen.findByText('This course is being copied or deleted. Please wait until it is done.')).toBeInTheDocument();
  });
});
