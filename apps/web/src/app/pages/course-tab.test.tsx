import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { CourseLayout } from '../../features/courses/course-layout.tsx';
import { CourseTab } from './course-tab.tsx';
import { CLASS_ID, COURSE_ID, ELEMENT_IDS, courseDetailsFixture } from '../../test/course-test-data.ts';

// The journey is another page's work; here it only has to be the one shown to students.
vi.mock('../../features/materials/journey-view.tsx', () => ({
  JourneyView: ({ classId, courseId }: { classId: string; courseId: string }) => <p data-testid="journey">{`journey ${classId} ${courseId}`}</p>,
}));

const fetchMock = vi.fn<typeof fetch>();
let course: CourseDetails;
let orderAnswer: () => Response;
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
const bodyOf = (i: number) => JSON.parse(String(writes()[i]?.[1]?.body)) as unknown;

const renderCourse = () => {
  const router = createMemoryRouter(
    [
      {
        path: '/classes/:id/courses/:courseId',
        element: <CourseLayout />,
        children: [
          { path: 'course', element: <CourseTab /> },
          { path: 'course/student-mode', element: <p>student mode</p> },
        ],
      },
      { path: '/not-found', element: <p>not found page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/classes/${CLASS_ID}/courses/${COURSE_ID}/course`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

const elementNames = () => screen.getAllByTestId('element-card').map((c) => within(c).getByRole('heading').textContent);

beforeEach(() => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.teacher }).profile });
  course = courseDetailsFixture();
  orderAnswer = () => jsonResponse({ ok: true });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (u === `/api/courses/${COURSE_ID}` && method === 'GET') return jsonResponse(course);
    if (u === `/api/courses/${COURSE_ID}/elements/order`) return orderAnswer();
    if (u.endsWith('/published')) return jsonResponse({ message: 'Course element published successfully.' });
    if (u === `/api/courses/${COURSE_ID}/elements` && method === 'POST') return jsonResponse({ id: 'new' });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('CourseLayout', () => {
  it('shows the course header with its state, and for staff the Course and Student view tabs', async () => {
    renderCourse();
    expect(await screen.findByRole('heading', { name: 'Science 7', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('SCI7-RIZAL · Science · Grade 7')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Course pages' });
    expect(within(tabs).getByRole('link', { name: 'Course' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Student view' })).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/${COURSE_ID}/course/student-mode`);
    expect(within(tabs).getByRole('link', { name: 'Student view' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('button', { name: 'Edit course' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Course image' })).toBeInTheDocument();
  });

  it('publishes only after a confirmation, and shows the server message', async () => {
    course = courseDetailsFixture({ published: false, status: 'UNPUBLISHED' });
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish course' });
    expect(dialog).toHaveTextContent('Students of the class will see it');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const again = await screen.findByRole('dialog', { name: 'Publish course' });
    // Issue 13: "publish everything in it" is offered and on by default.
    expect(within(again).getByRole('checkbox', { name: 'Also publish everything in it (its elements and materials)' })).toBeChecked();
    await userEvent.click(within(again).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(String(writes()[0]![0])).toBe(`/api/courses/${COURSE_ID}/published`);
    expect(bodyOf(0)).toEqual({ published: true, contents: true });
    expect(await screen.findByText('Course element published successfully.')).toBeInTheDocument();
  });

  it('issue 13: publishes the course alone when "publish everything in it" is cleared', async () => {
    course = courseDetailsFixture({ published: false, status: 'UNPUBLISHED' });
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish course' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Also publish everything in it (its elements and materials)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(bodyOf(0)).toEqual({ published: true });
  });

  it('sends a course of another class to not-found', async () => {
    course = courseDetailsFixture({ classId: '99999999-9999-4999-8999-999999999999' });
    const router = renderCourse();
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it('sends a course the server does not show to not-found', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404));
    const router = renderCourse();
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });
});

describe('CourseTab', () => {
  it('issue 13: says when an element for chosen students has nobody chosen (a copy from another class)', async () => {
    const base = courseDetailsFixture();
    course = { ...base, elements: base.elements.map((e, i) => (i === 1 ? { ...e, assignees: { mode: 'students' as const, students: [], groups: [] } } : e)) };
    renderCourse();
    await screen.findAllByTestId('element-card');
    expect(screen.getAllByTestId('element-card')[1]).toHaveTextContent('For nobody yet: choose students or groups');
  });

  it('shows a teacher each element with its type, assignees, state and materials', async () => {
    renderCourse();
    await screen.findAllByTestId('element-card');
    expect(elementNames()).toEqual(['Week 1', 'Week 2', 'Week 3']);
    const [first, second, third] = screen.getAllByTestId('element-card');
    expect(first).toHaveTextContent('Basic');
    expect(first).toHaveTextContent('Everyone in the class');
    expect(second).toHaveTextContent('Lesson');
    expect(second).toHaveTextContent('For groups: Red team');
    expect(within(third!).getByText('Unpublished')).toBeInTheDocument();
    const rows = within(first!).getAllByTestId('material-row');
    expect(rows[0]).toHaveTextContent('Lesson page');
    expect(within(rows[0]!).getByRole('link', { name: 'Cells reading' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/update-material/a1a1a1a1-1111-4111-8111-111111111111`,
    );
    expect(rows[1]).toHaveTextContent('Assignment');
    expect(rows[1]).toHaveTextContent('Due Jun 20, 2026');
    expect(within(rows[1]!).getByText('Unpublished')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Move Week 1' })).toBeInTheDocument();
  });

  it('lists the material types under "Add material", each opening its form in the element', async () => {
    renderCourse();
    const [first] = await screen.findAllByTestId('element-card');
    await userEvent.click(within(first!).getByRole('button', { name: 'Add material to Week 1' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Lesson page', 'File', 'Link', 'Video link', 'Assignment', 'Quiz', 'Activity']);
    expect(items[0]).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/${COURSE_ID}/create-material/${ELEMENT_IDS[0]}/page`);
  });

  const moveDown = async (name: string) => {
    await userEvent.click(screen.getByRole('button', { name: `Actions for element ${name}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Move down' }));
  };

  it('moves an element down with the keyboard menu: the new order shows at once and is sent', async () => {
    renderCourse();
    await screen.findAllByTestId('element-card');
    orderAnswer = () => {
      course = { ...course, elements: [course.elements[1]!, course.elements[0]!, course.elements[2]!] };
      return jsonResponse({ ok: true });
    };
    await moveDown('Week 1');
    await waitFor(() => expect(elementNames()).toEqual(['Week 2', 'Week 1', 'Week 3']));
    expect(String(writes()[0]![0])).toBe(`/api/courses/${COURSE_ID}/elements/order`);
    expect(writes()[0]![1]?.method).toBe('PUT');
    expect(bodyOf(0)).toEqual({ elementIds: [ELEMENT_IDS[1], ELEMENT_IDS[0], ELEMENT_IDS[2]] });
    expect(await screen.findByText('Week 1 moved to position 2 of 3.')).toBeInTheDocument();
  });

  it('puts the order back when the server refuses it', async () => {
    let release: () => void = () => undefined;
    orderAnswer = () => jsonResponse({ code: 'CONFLICT', message: 'busy' }, 409);
    renderCourse();
    await screen.findAllByTestId('element-card');
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/elements/order')) await gate;
      return original(url, init);
    });
    await moveDown('Week 2');
    // Shown at once, before the server answers.
    await waitFor(() => expect(elementNames()).toEqual(['Week 1', 'Week 3', 'Week 2']));
    release();
    await waitFor(() => expect(elementNames()).toEqual(['Week 1', 'Week 2', 'Week 3']));
    expect(bodyOf(0)).toEqual({ elementIds: [ELEMENT_IDS[0], ELEMENT_IDS[2], ELEMENT_IDS[1]] });
    expect(await screen.findByText('The order could not be saved; Week 2 is back in its place.')).toBeInTheDocument();
  });

  it('offers "Move up" only where an element can go up', async () => {
    renderCourse();
    await screen.findAllByTestId('element-card');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for element Week 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Move down' })).toBeEnabled();
  });

  it('publishes an element only after a confirmation', async () => {
    renderCourse();
    await screen.findAllByTestId('element-card');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for element Week 3' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish element' });
    expect(dialog).toHaveTextContent('Publish "Week 3"?');
    expect(within(dialog).getByRole('checkbox', { name: 'Also publish its materials' })).toBeChecked();
    expect(writes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(String(writes()[0]![0])).toBe(`/api/courses/${COURSE_ID}/elements/${ELEMENT_IDS[2]}/published`);
    expect(bodyOf(0)).toEqual({ published: true, contents: true });
  });

  it('says that deleting an element deletes its materials too', async () => {
    renderCourse();
    await screen.findAllByTestId('element-card');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for element Week 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete element' });
    expect(dialog).toHaveTextContent('Its 2 materials will be deleted too.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toHaveLength(0);
  });

  it('needs an element for "Before an element" before anything is sent', async () => {
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Add element' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add element' });
    await userEvent.type(within(dialog).getByLabelText(/^Element name/), 'Week 4');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Place/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Before an element' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const relative = within(dialog).getByRole('combobox', { name: /^Element$|^Element \*/ });
    expect(relative).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    expect(screen.queryByText('Add this element to the course?')).not.toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await userEvent.click(relative);
    await userEvent.click(await screen.findByRole('option', { name: 'Week 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = (await screen.findByText('Add this element to the course?')).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(bodyOf(0)).toEqual({
      name: 'Week 4',
      type: 'basic',
      placement: 'before',
      relativeTo: ELEMENT_IDS[1],
      assignees: { mode: 'everyone', studentIds: [], groupIds: [] },
    });
  });

  it('shows "Course Element already exists" on the name', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return jsonResponse({ code: 'ELEMENT_CREATE_EXISTS', message: 'exists' }, 409);
      return jsonResponse(course);
    });
    renderCourse();
    await userEvent.click(await screen.findByRole('button', { name: 'Add element' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add element' });
    await userEvent.type(within(dialog).getByLabelText(/^Element name/), 'Week 1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = (await screen.findByText('Add this element to the course?')).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Element name/)).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText('Creation Unsuccessful. Course Element already exists.').length).toBeGreaterThanOrEqual(1);
  });

  it('shows an assistant the same elements without any control', async () => {
    course = courseDetailsFixture({ can: { manage: false, viewStudentMode: true } });
    renderCourse();
    await screen.findAllByTestId('element-card');
    expect(screen.queryByRole('button', { name: 'Add element' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cells reading' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/${COURSE_ID}/element/${ELEMENT_IDS[0]}?material=a1a1a1a1-1111-4111-8111-111111111111`,
    );
  });

  it('gives a student the journey instead of the editor', async () => {
    course = courseDetailsFixture({ can: { manage: false, viewStudentMode: false }, percent: 20 });
    renderCourse();
    expect(await screen.findByTestId('journey')).toHaveTextContent(`journey ${CLASS_ID} ${COURSE_ID}`);
    expect(screen.queryByTestId('element-card')).not.toBeInTheDocument();
    // Issue 18: the course's pages are the course and its discussions, without the teachers' student view.
    const nav = screen.getByRole('navigation', { name: 'Course pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Course', 'Discussions']);
    expect(screen.queryByText('Published')).not.toBeInTheDocument();
  });
});
