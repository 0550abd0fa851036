import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ClassDetails } from '@klase/core/classes/contracts';
import type { CourseRow } from '@klase/core/courses/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { COURSE_ID, courseDetailsFixture, courseRowFixture } from '../../test/course-test-data.ts';
import { ClassCoursesTab } from './class-courses-tab.tsx';
import { CLASS_ID, classDetailsFixture } from '../../test/class-test-data.ts';

const NEW_ID = '88888888-8888-4888-8888-888888888888';
const fetchMock = vi.fn<typeof fetch>();
let details: ClassDetails;
let courses: CourseRow[];
let createAnswer: () => Response;
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

const renderTab = () => {
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/courses', element: <ClassCoursesTab /> },
      { path: '/classes/:id/courses/:courseId/course', element: <p>course page</p> },
    ],
    { initialEntries: [`/classes/${CLASS_ID}/courses`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  details = classDetailsFixture();
  courses = [
    courseRowFixture(),
    courseRowFixture({ id: 'k2', name: 'Math 7', code: 'MATH7', subject: null, published: false, status: 'UNPUBLISHED', elementCount: 1, materialCount: 0 }),
  ];
  createAnswer = () => jsonResponse(courseDetailsFixture({ id: NEW_ID, name: 'English 7', code: 'ENG7' }));
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(details);
    if (u.startsWith('/api/courses?')) return jsonResponse({ data: courses, pagination: { page: 1, totalcount: courses.length } });
    if (u === `/api/classes/${CLASS_ID}/courses` && init?.method === 'POST') return createAnswer();
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const openCreate = async () => {
  const router = renderTab();
  await userEvent.click(await screen.findByRole('button', { name: 'Create course' }));
  return { router, dialog: await screen.findByRole('dialog', { name: 'Create course' }) };
};

describe('ClassCoursesTab', () => {
  it('lists the class courses as links, with code, subject, grade, counts and the published state for staff', async () => {
    renderTab();
    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Science 7');
    expect(cards[0]).toHaveTextContent('SCI7-RIZAL');
    expect(cards[0]).toHaveTextContent('Science · Grade 7');
    expect(cards[0]).toHaveTextContent('3 elements');
    expect(cards[0]).toHaveTextContent('2 materials');
    // The name is the card's link (its click area covers the card).
    expect(within(cards[0]!).getByRole('link', { name: 'Science 7' })).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/${COURSE_ID}/course`);
    expect(within(cards[0]!).getByText('Published')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Unpublished')).toBeInTheDocument();
    // Without an image the card shows the code on a coloured block.
    expect(within(cards[1]!).getByTestId('course-placeholder')).toHaveTextContent('MATH7');
    expect(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/courses?'))?.[0])).toContain(`classId=${CLASS_ID}`);
  });

  it('shows a student the progress of each course and no status chips or create button', async () => {
    details = classDetailsFixture({ relation: 'student', join: null, can: { ...classDetailsFixture().can, manage: false } });
    courses = [courseRowFixture({ percent: 40 })];
    renderTab();
    const [card] = await screen.findAllByTestId('course-card');
    expect(within(card!).queryByText('Published')).not.toBeInTheDocument();
    expect(within(card!).getByRole('progressbar', { name: 'Progress in Science 7' })).toHaveAttribute('aria-valuenow', '40');
    expect(card).toHaveTextContent('40%');
    expect(screen.queryByRole('button', { name: 'Create course' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for course Science 7' })).not.toBeInTheDocument();
  });

  it('blocks a course that is being copied: badge, skeleton text, no link', async () => {
    courses = [courseRowFixture({ job: 'copying' }), courseRowFixture({ id: 'k3', name: 'Old course', job: 'deleting' })];
    const router = renderTab();
    const [copying, deleting] = await screen.findAllByTestId('course-card');
    expect(copying).not.toHaveAttribute('href');
    expect(copying!.closest('[data-busy]')).toHaveAttribute('data-busy', 'copying');
    expect(within(copying!.closest<HTMLElement>('[data-busy]')!).getAllByText('Copying in progress')[0]).toBeInTheDocument();
    expect(screen.getByTestId('copying-skeleton')).toBeInTheDocument();
    expect(copying).not.toHaveTextContent('Science 7');
    expect(deleting).not.toHaveAttribute('href');
    expect(deleting!.closest('[data-busy]')).toHaveAttribute('data-busy', 'deleting');
    expect(within(deleting!.closest<HTMLElement>('[data-busy]')!).getByText('Deletion in progress')).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    await userEvent.click(copying!, { pointerEventsCheck: 0 });
    expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`);
  });

  it('offers teachers "Create course" in the empty state', async () => {
    courses = [];
    renderTab();
    const empty = await screen.findByTestId('empty-state');
    expect(empty).toHaveTextContent('This class has no courses yet. Create the first one');
    expect(within(empty).getByRole('button', { name: 'Create course' })).toBeInTheDocument();
  });

  it('gives no create button in an archived class', async () => {
    details = classDetailsFixture({ archived: true });
    renderTab();
    await screen.findAllByTestId('course-card');
    expect(screen.queryByRole('button', { name: 'Create course' })).not.toBeInTheDocument();
  });

  it('refuses a missing name, code and subject before calling the server', async () => {
    const { dialog } = await openCreate();
    // The class's grade level is filled in for a new course.
    expect(within(dialog).getByRole('combobox', { name: /^Grade level/ })).toHaveValue('Grade 7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('This field is required.')).toHaveLength(3);
    expect(within(dialog).getByLabelText(/^Course name/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^Course code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Create this course?')).not.toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  const fillAndSave = async (dialog: HTMLElement) => {
    await userEvent.type(within(dialog).getByLabelText(/^Course name/), 'English 7');
    await userEvent.type(within(dialog).getByLabelText(/^Course code/), 'eng7');
    await userEvent.type(within(dialog).getByLabelText(/^Subject/), 'English');
    expect(within(dialog).getByLabelText(/^Course code/)).toHaveValue('ENG7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The confirmation opens above the form.
    const confirm = (await screen.findByText('Create this course?')).closest<HTMLElement>('[role="dialog"]')!;
    expect(confirm).not.toBe(dialog);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
  };

  it('shows "Course already exists" from the server on the form', async () => {
    createAnswer = () => jsonResponse({ code: 'COURSE_CREATE_EXISTS', message: 'exists' }, 409);
    const { dialog } = await openCreate();
    await fillAndSave(dialog);
    await waitFor(() => expect(within(dialog).getAllByText('Creation Unsuccessful. Course already exists.').length).toBeGreaterThanOrEqual(1));
    expect(within(dialog).getByLabelText(/^Course name/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the course after confirmation and opens it', async () => {
    const { router, dialog } = await openCreate();
    await fillAndSave(dialog);
    expect(await screen.findByText('course page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses/${NEW_ID}/course`);
    const [url, init] = writes()[0]!;
    expect(String(url)).toBe(`/api/classes/${CLASS_ID}/courses`);
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'English 7',
      code: 'ENG7',
      description: '',
      gradeLevel: 'Grade 7',
      subject: 'English',
      sequential: true,
    });
    expect(await screen.findByText('Course created.')).toBeInTheDocument();
  });
});
