import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { AvailableCourseRow } from '@klase/core/catalogue/contracts';
import type { CopyTarget } from '@klase/core/courses/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { AvailableCoursesPage } from './available-courses-page.tsx';
import { withTeacherSession } from './browse-test-routes.tsx';
import {
  availableRowFixture,
  CAT_COURSE_ID,
  categoriesFixture,
  CLASS_ID,
  COPY_ID,
  COPY_MESSAGE,
  MATH_CAT,
  NOT_FOUND,
  OTHER_CLASS_ID,
  stubFetch,
} from './browse-test-data.ts';

const OWN_ID = '12121212-1212-4121-8121-121212121212';
const SCHOOL_ID = '34343434-3434-4343-8343-343434343434';
const { mock: fetchMock, calls, writes } = stubFetch();
let rows: AvailableCourseRow[];
let targets: CopyTarget[];
let copyAnswer: () => Response;
const listCalls = () => calls().filter((c) => c.url.startsWith('/api/courses/available?'));

const renderPage = () => {
  const router = createMemoryRouter(
    [
      { path: '/courses/available', element: <AvailableCoursesPage /> },
      { path: '/classes/:id/courses', element: <p>class courses</p> },
    ],
    { initialEntries: ['/courses/available'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

withTeacherSession(fetchMock);

beforeEach(() => {
  rows = [
    availableRowFixture({ id: OWN_ID, source: 'own', name: 'Science 7', code: 'SCI7-RIZAL', className: 'Grade 7 Rizal', categoryName: null }),
    availableRowFixture({
      id: SCHOOL_ID,
      source: 'school',
      name: 'English 7',
      code: 'ENG7',
      subject: 'English',
      className: 'Grade 7 Mabini',
      teacherName: 'Jose Reyes',
      categoryName: null,
    }),
    availableRowFixture(),
  ];
  targets = [
    { id: CLASS_ID, name: 'Grade 7 Rizal', gradeLevel: 'Grade 7', section: 'Rizal' },
    { id: OTHER_CLASS_ID, name: 'Grade 7 Mabini', gradeLevel: 'Grade 7', section: 'Mabini' },
  ];
  copyAnswer = () => jsonResponse({ courseId: COPY_ID, classId: OTHER_CLASS_ID, message: COPY_MESSAGE }, 202);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (init?.method === 'POST' && u === `/api/courses/${CAT_COURSE_ID}/copy`) return copyAnswer();
    if (u === '/api/courses/copy-targets') return jsonResponse(targets);
    if (u === `/api/courses/${CAT_COURSE_ID}/copy-dates`) return jsonResponse({ firstDate: null });
    if (u === '/api/catalogue/categories') return jsonResponse(categoriesFixture());
    if (u.startsWith('/api/courses/available?')) return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    return NOT_FOUND();
  });
});

describe('AvailableCoursesPage', () => {
  it('lists the courses a teacher can copy, with where each comes from', async () => {
    renderPage();
    const [own, school, catalogue] = await screen.findAllByTestId('browse-course-card');
    expect(own).toHaveTextContent('Science 7');
    expect(own).toHaveTextContent('SCI7-RIZAL');
    expect(within(own!).getByText('My course')).toBeInTheDocument();
    expect(own).toHaveTextContent('Class: Grade 7 Rizal');
    expect(within(school!).getByText('My school')).toBeInTheDocument();
    expect(school).toHaveTextContent('Class: Grade 7 Mabini');
    expect(school).toHaveTextContent('Shared by Jose Reyes');
    expect(within(catalogue!).getByText('Catalogue')).toBeInTheDocument();
    expect(catalogue).toHaveTextContent('Category: Science');
    expect(catalogue).toHaveTextContent('2 elements');
    expect(within(catalogue!).getByRole('button', { name: 'Copy Living Things to a class' })).toBeInTheDocument();
    expect(listCalls()[0]!.url).toContain('sortBy=name&sortOrder=asc');
    expect(listCalls()[0]!.url).not.toContain('filter[key]');
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('filters by source on the server (filter[key]=source), and back to all', async () => {
    renderPage();
    await screen.findAllByTestId('browse-course-card');
    const sources = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(sources).getAllByRole('radio')).toHaveLength(4);
    expect(within(sources).getByRole('radio', { name: 'All' })).toBeChecked();
    await userEvent.click(within(sources).getByRole('radio', { name: 'My courses' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('filter[key]=source&filter[values][]=own'));
    await userEvent.click(within(sources).getByRole('radio', { name: 'My school' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('filter[key]=source&filter[values][]=school'));
    await userEvent.click(within(sources).getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).not.toContain('filter[key]'));
  });

  it('offers the catalogue categories once the catalogue is chosen', async () => {
    renderPage();
    await screen.findAllByTestId('browse-course-card');
    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Catalogue' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('filter[values][]=catalogue'));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mathematics' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain(`categoryId=${MATH_CAT}`));
    // Leaving the catalogue drops the category.
    await userEvent.click(screen.getByRole('radio', { name: 'My courses' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('filter[values][]=own'));
    expect(listCalls().at(-1)!.url).not.toContain('categoryId');
  });

  it('sorts on the server', async () => {
    renderPage();
    await screen.findAllByTestId('browse-course-card');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recently updated' }));
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('sortBy=updatedAt&sortOrder=desc'));
  });

  it('searches on the server once typing pauses', async () => {
    renderPage();
    await screen.findAllByTestId('browse-course-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Living');
    await waitFor(() => expect(listCalls().at(-1)!.url).toContain('search=living'), { timeout: 2000 });
  });

  it('says "No records found." when nothing matches', async () => {
    rows = [];
    renderPage();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No records found.');
  });

  it("copies a course into the chosen class after a confirmation, then shows that class's courses", async () => {
    const router = renderPage();
    const cards = await screen.findAllByTestId('browse-course-card');
    await userEvent.click(within(cards[2]!).getByRole('button', { name: 'Copy Living Things to a class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: /^Copy into class/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Grade 7 Mabini/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    const question = (await screen.findByText('Copy "Living Things" into Grade 7 Mabini?')).closest<HTMLElement>('[role="dialog"]')!;
    expect(writes()).toEqual([]);
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${OTHER_CLASS_ID}/courses`));
    expect(writes()).toEqual([{ url: `/api/courses/${CAT_COURSE_ID}/copy`, method: 'POST', body: { targetClassId: OTHER_CLASS_ID } }]);
    expect(await screen.findByText(COPY_MESSAGE)).toBeInTheDocument();
  });

  it('keeps the dialog open with the translated refusal', async () => {
    copyAnswer = () => jsonResponse({ code: 'CLASS_ARCHIVED', message: 'archived' }, 409);
    const router = renderPage();
    const cards = await screen.findAllByTestId('browse-course-card');
    await userEvent.click(within(cards[2]!).getByRole('button', { name: 'Copy Living Things to a class' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy course' });
    await within(dialog).findByRole('combobox', { name: /^Copy into class/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy course' }));
    const question = (await screen.findByText(/^Copy "Living Things" into/)).closest<HTMLElement>('[role="dialog"]')!;
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('This class is archived. Ask your teacher.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses/available');
  });
});
