import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDetails } from '@klase/core/classes/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { jsonResponse } from '../../test/test-utils.tsx';
import {
  CAT_COURSE_ID,
  catalogueDetailsFixture,
  CLASS_ID,
  classFixture,
  COPY_ID,
  COPY_MESSAGE,
  ELEMENT_ID,
  EMPTY_ELEMENT_ID,
  LINK_ID,
  materialFixture,
  NOT_FOUND,
  PAGE_ID,
  SCIENCE_CAT,
  stubFetch,
} from '../../features/catalogue/browse-test-data.ts';
import { renderClassRoutes, withTeacherSession } from '../../features/catalogue/browse-test-routes.tsx';
import { ClassCatalogueCoursePage, ClassCatalogueElementPage } from './class-catalogue-course-page.tsx';

const { mock: fetchMock, calls, writes } = stubFetch();
let cls: ClassDetails;
let course: CourseDetails | null;
let copyAnswer: () => Response;
const base = `/classes/${CLASS_ID}/courses/rex-courses`;

const renderAt = (url: string) => renderClassRoutes(url, { course: <ClassCatalogueCoursePage />, element: <ClassCatalogueElementPage /> });

withTeacherSession(fetchMock);
beforeEach(() => {
  cls = classFixture();
  course = catalogueDetailsFixture();
  copyAnswer = () => jsonResponse({ courseId: COPY_ID, classId: CLASS_ID, message: COPY_MESSAGE }, 202);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (init?.method === 'POST' && u === `/api/courses/${CAT_COURSE_ID}/copy`) return copyAnswer();
    if (init?.method && init.method !== 'GET') return NOT_FOUND();
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(cls);
    if (u === `/api/courses/${CAT_COURSE_ID}`) return course ? jsonResponse(course) : NOT_FOUND();
    if (u === `/api/materials/${PAGE_ID}`) return jsonResponse(materialFixture());
    if (u === `/api/materials/${LINK_ID}`)
      return jsonResponse(
        materialFixture({
          id: LINK_ID,
          type: 'link',
          name: 'Cell explorer',
          contentHtml: null,
          url: 'https://example.org/cells',
          description: 'Zoom into a cell.',
        }),
      );
    return NOT_FOUND();
  });
});

describe('ClassCatalogueCoursePage', () => {
  it('previews the catalogue course: header, category, counts, description and its elements with their materials', async () => {
    renderAt(`${base}/${CAT_COURSE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Living Things', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Category: Science')).toBeInTheDocument();
    expect(screen.getByText('Science · Grade 7')).toBeInTheDocument();
    expect(screen.getByText('2 elements')).toBeInTheDocument();
    expect(screen.getByText('Cells, organisms and ecosystems.')).toBeInTheDocument();
    // Back to the catalogue, on the course's category.
    expect(screen.getByRole('link', { name: 'Back to the catalogue' })).toHaveAttribute('href', `${base}/all/${SCIENCE_CAT}`);

    const [week1, week2] = screen.getAllByTestId('catalogue-element');
    expect(within(week1!).getByRole('link', { name: 'Week 1: Cells' })).toHaveAttribute('href', `${base}/${CAT_COURSE_ID}/element/${ELEMENT_ID}`);
    expect(week1).toHaveTextContent('Lesson');
    expect(
      within(week1!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['What is a cell? · Lesson page', 'Cell explorer · Link']);
    expect(within(week1!).getByRole('link', { name: 'Cell explorer' })).toHaveAttribute(
      'href',
      `${base}/${CAT_COURSE_ID}/element/${ELEMENT_ID}?material=${LINK_ID}`,
    );
    expect(week2).toHaveTextContent('No materials in this element yet.');
    expect(writes()).toEqual([]);
  });

  it("adds the course to the class and shows the class's courses, where the copy is followed", async () => {
    const router = renderAt(`${base}/${CAT_COURSE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Living Things to this class' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
    expect(writes()).toEqual([{ url: `/api/courses/${CAT_COURSE_ID}/copy`, method: 'POST', body: { targetClassId: CLASS_ID } }]);
    expect(await screen.findByText(COPY_MESSAGE)).toBeInTheDocument();
  });

  it('shows "busy" refusals translated', async () => {
    copyAnswer = () => jsonResponse({ code: 'COURSE_BUSY', message: 'busy' }, 409);
    renderAt(`${base}/${CAT_COURSE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Living Things to this class' }));
    expect(await screen.findByText('This course is being copied or deleted. Please wait until it is done.')).toBeInTheDocument();
  });

  it('offers no "Add to class" to a class the user does not teach', async () => {
    cls = classFixture({ relation: 'schoolAdmin' });
    renderAt(`${base}/${CAT_COURSE_ID}`);
    expect(await screen.findByTestId('cannot-add')).toHaveTextContent('Only the teachers of this class can add catalogue courses to it.');
    expect(screen.queryByRole('button', { name: 'Add Living Things to this class' })).not.toBeInTheDocument();
  });

  it('answers not-found for a course out of reach', async () => {
    course = null;
    renderAt(`${base}/${CAT_COURSE_ID}`);
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });

  it('answers not-found for a course that belongs to a class', async () => {
    course = catalogueDetailsFixture({ classId: CLASS_ID, className: 'Grade 7 Rizal' });
    renderAt(`${base}/${CAT_COURSE_ID}`);
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });
});

describe('ClassCatalogueElementPage', () => {
  it('opens the first material read-only, names it in the address, and records nothing', async () => {
    const router = renderAt(`${base}/${CAT_COURSE_ID}/element/${ELEMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Week 1: Cells', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?material=${PAGE_ID}`));
    expect(await screen.findByRole('region', { name: 'What is a cell?' })).toHaveTextContent('A cell is the smallest unit of life.');
    const nav = screen.getByRole('navigation', { name: 'Materials of this element' });
    expect(within(nav).getByRole('link', { name: /What is a cell\?/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/nothing you open here is recorded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', `${base}/${CAT_COURSE_ID}`);
    expect(writes()).toEqual([]);
  });

  it('opens another material from the list, one at a time', async () => {
    const router = renderAt(`${base}/${CAT_COURSE_ID}/element/${ELEMENT_ID}?material=${PAGE_ID}`);
    const nav = await screen.findByRole('navigation', { name: 'Materials of this element' });
    await userEvent.click(within(nav).getByRole('link', { name: /Cell explorer/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?material=${LINK_ID}`));
    const viewer = await screen.findByTestId('material-viewer');
    expect(viewer).toHaveAttribute('data-type', 'link');
    expect(within(viewer).getByRole('link', { name: /^Open the link \(example\.org\)/ })).toHaveAttribute('href', 'https://example.org/cells');
    expect(screen.getAllByTestId('material-viewer')).toHaveLength(1);
    expect(calls().filter((c) => c.url.endsWith('/view'))).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it('says so for a material that is not in the element', async () => {
    renderAt(`${base}/${CAT_COURSE_ID}/element/${ELEMENT_ID}?material=ffffffff-ffff-4fff-8fff-ffffffffffff`);
    expect(await screen.findByText('This material is not part of this element.')).toBeInTheDocument();
  });

  it('shows an element without materials', async () => {
    renderAt(`${base}/${CAT_COURSE_ID}/element/${EMPTY_ELEMENT_ID}`);
    expect(await screen.findByRole('heading', { name: 'Week 2: Organisms', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('No materials in this element yet.')).toBeInTheDocument();
  });

  it('answers not-found for an element of another course', async () => {
    renderAt(`${base}/${CAT_COURSE_ID}/element/dddddddd-dddd-4ddd-8ddd-dddddddddddd`);
    expect(await screen.findByText('not found')).toBeInTheDocument();
  });
});
