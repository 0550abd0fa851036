import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { COURSE_ID, ELEMENT_1, courseFixture, materialFixture, materialId } from '../../test/materials-test-data.ts';
import { CatalogueCoursePage, CatalogueElementPage, CatalogueMaterialCreatePage, CatalogueMaterialEditPage } from './catalogue-course-page.tsx';

const SCIENCE = 'c1c1c1c1-1111-4111-8111-111111111111';
const MATH = 'c2c2c2c2-2222-4222-8222-222222222222';
const base = `/catalogue/courses/${COURSE_ID}`;

/** A catalogue course as the rex admin gets it: no class, its category. */
const catalogueCourse = (over: Partial<CourseDetails> = {}): CourseDetails => ({
  ...courseFixture(),
  classId: null,
  className: null,
  schoolId: null,
  categoryId: SCIENCE,
  categoryName: 'Science',
  can: { manage: true, viewStudentMode: false },
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
let course: CourseDetails;
let writeAnswer: (u: string, method: string) => Response | null;
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init!.method, body: init!.body ? (JSON.parse(String(init!.body)) as unknown) : undefined }));
const reads = () => fetchMock.mock.calls.filter(([, init]) => !init?.method || init.method === 'GET').map(([u]) => String(u));

const renderAt = (url: string) => {
  const router = createMemoryRouter(
    [
      { path: '/catalogue', element: <p>catalogue page</p> },
      { path: '/catalogue/courses/:courseId', element: <CatalogueCoursePage /> },
      { path: '/catalogue/courses/:courseId/element/:elementId', element: <CatalogueElementPage /> },
      { path: '/catalogue/courses/:courseId/create-material/:sectionId/:materialName', element: <CatalogueMaterialCreatePage /> },
      { path: '/catalogue/courses/:courseId/update-material/:materialId', element: <CatalogueMaterialEditPage /> },
      { path: '/not-found', element: <p>not found page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

/** Answers the confirmation that opens above a form dialog (found by its question). */
const confirmQuestion = async (question: RegExp | string, button = 'Confirm') => {
  const dialog = (await screen.findByText(question)).closest<HTMLElement>('[role="dialog"]')!;
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
};

beforeEach(() => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.rexAdmin, schoolId: null, schoolName: null }).profile });
  course = catalogueCourse();
  writeAnswer = () => null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') return writeAnswer(u, method) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    if (u === `/api/courses/${COURSE_ID}`) return jsonResponse(course);
    if (u === '/api/catalogue/categories')
      return jsonResponse([
        { id: MATH, name: 'Mathematics', description: '', courseCount: 0 },
        { id: SCIENCE, name: 'Science', description: '', courseCount: 1 },
      ]);
    if (u === `/api/materials/${materialId(1)}`) return jsonResponse(materialFixture({ classId: course.classId }));
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('CatalogueCoursePage', () => {
  it('shows the course with the way back to its category and its elements editor, without class, student view or assignees', async () => {
    renderAt(base);
    expect(await screen.findByRole('heading', { name: 'Science 7', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Catalogue: Science' })).toHaveAttribute('href', `/catalogue?category=${SCIENCE}`);
    expect(within(screen.getByRole('heading', { name: 'Science 7', level: 2 }).parentElement!).getByText('Published')).toBeInTheDocument();
    for (const name of ['Unpublish', 'Edit course', 'Course image', 'Delete course']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    // No class: no student view, no copy into a class, no sharing with a school.
    expect(screen.queryByRole('navigation', { name: 'Course pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy course|Share with my school/ })).not.toBeInTheDocument();

    const cards = screen.getAllByTestId('element-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).not.toHaveTextContent('Everyone in the class');
    expect(within(cards[0]!).getByRole('link', { name: 'What is matter?' })).toHaveAttribute('href', `${base}/update-material/${materialId(1)}`);
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Add material to Unit 1: Matter' }));
    expect(await screen.findByRole('menuitem', { name: 'Lesson page' })).toHaveAttribute('href', `${base}/create-material/${ELEMENT_1}/page`);
    expect(reads().filter((u) => u.startsWith('/api/classes'))).toEqual([]);
  });

  it('adds an element for everyone: the form has no assignees', async () => {
    writeAnswer = (u, method) => (u === `/api/courses/${COURSE_ID}/elements` && method === 'POST' ? jsonResponse({ id: 'new' }, 201) : null);
    renderAt(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Add element' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add element' });
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Assigned to')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Element name/ }), 'Unit 3: Forces');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmQuestion('Add this element to the course?');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      url: `/api/courses/${COURSE_ID}/elements`,
      method: 'POST',
      body: { name: 'Unit 3: Forces', type: 'basic', placement: 'bottom', relativeTo: null, assignees: { mode: 'everyone', studentIds: [], groupIds: [] } },
    });
    expect(await screen.findByText('Element added.')).toBeInTheDocument();
  });

  it('edits the course with the catalogue form: its category comes along, to the catalogue route', async () => {
    writeAnswer = (u, method) => {
      if (u !== `/api/catalogue/courses/${COURSE_ID}` || method !== 'PUT') return null;
      course = catalogueCourse({ categoryId: MATH, categoryName: 'Mathematics' });
      return jsonResponse(course);
    };
    renderAt(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit course' });
    const categorySelect = await within(dialog).findByRole('combobox', { name: /^Category/ });
    expect(categorySelect).toHaveValue('Science');
    await userEvent.click(categorySelect);
    await userEvent.click(await screen.findByRole('option', { name: 'Mathematics' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmQuestion('Save the changes to this course?');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      url: `/api/catalogue/courses/${COURSE_ID}`,
      method: 'PUT',
      body: { name: 'Science 7', code: 'SCI7-RIZAL', categoryId: MATH },
    });
    expect(await screen.findByRole('link', { name: 'Catalogue: Mathematics' })).toHaveAttribute('href', `/catalogue?category=${MATH}`);
  });

  it('deletes the course after a confirmation and goes back to its category', async () => {
    writeAnswer = (u, method) => (u === `/api/courses/${COURSE_ID}` && method === 'DELETE' ? jsonResponse({ message: 'Course deletion started.' }, 202) : null);
    const router = renderAt(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete course' });
    expect(dialog).toHaveTextContent('Delete "Science 7" from the catalogue?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete course' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalogue'));
    expect(router.state.location.search).toBe(`?category=${SCIENCE}`);
  });

  it('publishes after a confirmation that speaks of the teachers of every school', async () => {
    course = catalogueCourse({ published: false, status: 'UNPUBLISHED' });
    writeAnswer = (u, method) =>
      u === `/api/courses/${COURSE_ID}/published` && method === 'PATCH' ? jsonResponse({ message: 'Course published successfully.' }) : null;
    renderAt(base);
    await userEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish course' });
    expect(dialog).toHaveTextContent('Teachers of every school will see it in the catalogue');
    expect(within(dialog).getByRole('checkbox', { name: 'Also publish everything in it (its elements and materials)' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Course published successfully.')).toBeInTheDocument();
    // Issue 13: publishing offers to publish everything in it, on by default, as in a class.
    expect(writes()).toEqual([{ url: `/api/courses/${COURSE_ID}/published`, method: 'PATCH', body: { published: true, contents: true } }]);
  });

  it("sends a class's course to not-found", async () => {
    course = courseFixture();
    const router = renderAt(base);
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });
});

describe('CatalogueElementPage', () => {
  it('shows the element with every material, linking inside the catalogue, and records nothing', async () => {
    renderAt(`${base}/element/${ELEMENT_1}`);
    expect(await screen.findByRole('heading', { name: 'Unit 1: Matter' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', base);
    const nav = screen.getByRole('navigation', { name: 'Materials of this element' });
    expect(within(nav).getByRole('link', { name: /What is matter\?/ })).toHaveAttribute('href', `${base}/element/${ELEMENT_1}?material=${materialId(1)}`);
    expect(within(nav).getByRole('link', { name: /States of matter video/ })).toHaveAttribute('href', `${base}/element/${ELEMENT_1}?material=${materialId(2)}`);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${base}/update-material/${materialId(1)}`);
    expect(await screen.findByRole('heading', { name: 'Matter' })).toBeInTheDocument();
    expect(writes()).toEqual([]);
    expect(reads().filter((u) => u.startsWith('/api/classes') || u.includes('/journey'))).toEqual([]);
  });
});

describe('catalogue material forms', () => {
  it('adds a link to an element of the catalogue course and goes back to the course', async () => {
    writeAnswer = (u, method) =>
      u === `/api/courses/${COURSE_ID}/elements/${ELEMENT_1}/materials` && method === 'POST'
        ? jsonResponse(materialFixture({ classId: null, type: 'link' }), 201)
        : null;
    const router = renderAt(`${base}/create-material/${ELEMENT_1}/link`);
    expect(await screen.findByRole('heading', { name: 'Add a material: Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', base);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Periodic table');
    await userEvent.type(screen.getByLabelText(/^Web address/), 'https://ptable.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmQuestion('Add this material to the course?');
    await waitFor(() => expect(router.state.location.pathname).toBe(base));
    expect(writes()).toEqual([
      {
        url: `/api/courses/${COURSE_ID}/elements/${ELEMENT_1}/materials`,
        method: 'POST',
        body: { type: 'link', name: 'Periodic table', url: 'https://ptable.com', description: '', availableFrom: null },
      },
    ]);
  });

  it("opens the form of a catalogue course's material", async () => {
    renderAt(`${base}/update-material/${materialId(1)}`);
    expect(await screen.findByRole('heading', { name: 'Edit material: Lesson page' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('What is matter?');
  });

  it("sends a class's material to not-found", async () => {
    course = courseFixture();
    const router = renderAt(`${base}/update-material/${materialId(1)}`);
    expect(await screen.findByText('not found page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });
});
