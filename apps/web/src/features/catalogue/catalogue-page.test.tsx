import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CatalogueCourseRow, CategoryRow } from '@klase/core/catalogue/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { courseDetailsFixture, courseRowFixture } from '../../test/course-test-data.ts';
import { JOB_POLL_MS } from '../../api/courses-api.ts';
import { CataloguePage } from './catalogue-page.tsx';

const SCIENCE = 'c1c1c1c1-1111-4111-8111-111111111111';
const MATH = 'c2c2c2c2-2222-4222-8222-222222222222';
const NEW_CATEGORY = 'c3c3c3c3-3333-4333-8333-333333333333';
const PHYSICS = 'd1d1d1d1-1111-4111-8111-111111111111';
const CHEMISTRY = 'd2d2d2d2-2222-4222-8222-222222222222';
const NEW_COURSE = 'd3d3d3d3-3333-4333-8333-333333333333';

const category = (id: string, name: string, courseCount: number): CategoryRow => ({ id, name, description: '', courseCount });
const catalogueCourse = (over: Partial<CatalogueCourseRow>): CatalogueCourseRow => ({
  ...courseRowFixture({ classId: null, className: null }),
  categoryId: SCIENCE,
  categoryName: 'Science',
  ...over,
});

const fetchMock = vi.fn<typeof fetch>();
let categories: CategoryRow[];
/** Each list answer of the Science category takes the next entry (the last one repeats). */
let scienceAnswers: CatalogueCourseRow[][];
let writeAnswer: (u: string, method: string, body: unknown) => Response | null;

const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init!.method, body: init!.body ? (JSON.parse(String(init!.body)) as unknown) : undefined }));
const listCalls = () =>
  fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/catalogue/courses?')).map(([u]) => new URL(String(u), 'http://x').searchParams);

const renderAt = (url: string) => {
  const router = createMemoryRouter(
    [
      { path: '/catalogue', element: <CataloguePage /> },
      { path: '/catalogue/courses/:courseId', element: <p>catalogue course page</p> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  categories = [category(MATH, 'Mathematics', 0), category(SCIENCE, 'Science', 2)];
  scienceAnswers = [
    [
      catalogueCourse({ id: CHEMISTRY, name: 'Chemistry basics', code: 'CHEM-1', published: false, status: 'UNPUBLISHED' }),
      catalogueCourse({ id: PHYSICS, name: 'Physics basics', code: 'PHYS-1' }),
    ],
  ];
  writeAnswer = () => null;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const method = init?.method ?? 'GET';
    if (method !== 'GET')
      return writeAnswer(u, method, init?.body ? JSON.parse(String(init.body)) : undefined) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    if (u === '/api/catalogue/categories') return jsonResponse(categories);
    if (u.startsWith('/api/catalogue/courses?')) {
      const id = new URL(u, 'http://x').searchParams.get('categoryId');
      const rows = id === SCIENCE ? (scienceAnswers.length > 1 ? scienceAnswers.shift()! : scienceAnswers[0]!) : [];
      return jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } });
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Answers the confirmation that opens above a form dialog (found by its question). */
const confirmQuestion = async (question: RegExp | string, button = 'Confirm') => {
  const dialog = (await screen.findByText(question)).closest<HTMLElement>('[role="dialog"]')!;
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
};

describe('CataloguePage: categories', () => {
  it('lists the categories with their course counts, opens the first one and shows its courses', async () => {
    categories = [category(SCIENCE, 'Science', 2), category(MATH, 'Mathematics', 0)];
    const router = renderAt('/catalogue');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Science2 courses', 'Mathematics0 courses']);
    // No category in the address: the first one is chosen, and kept in the address.
    await waitFor(() => expect(router.state.location.search).toBe(`?category=${SCIENCE}`));
    expect(within(nav).getByRole('link', { name: /Science/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: 'Science', level: 2 })).toBeInTheDocument();

    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Chemistry basics' })).toHaveAttribute('href', `/catalogue/courses/${CHEMISTRY}`);
    expect(cards[0]).toHaveTextContent('Unpublished');
    expect(cards[1]).toHaveTextContent('Published');
    expect(listCalls().at(-1)?.get('categoryId')).toBe(SCIENCE);
  });

  it('switches category through the list, with the choice in the address', async () => {
    const router = renderAt(`/catalogue?category=${SCIENCE}`);
    await screen.findAllByTestId('course-card');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Categories' })).getByRole('link', { name: /Mathematics/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?category=${MATH}`));
    expect(await screen.findByText(/This category has no courses yet/)).toBeInTheDocument();
    expect(listCalls().at(-1)?.get('categoryId')).toBe(MATH);
    expect(screen.queryByTestId('course-card')).not.toBeInTheDocument();
  });

  it('offers the categories as a select on phones', async () => {
    const desktop = vi.mocked(window.matchMedia).getMockImplementation()!;
    // A phone: every max-width query matches.
    vi.mocked(window.matchMedia).mockImplementation((query: string) => ({ ...desktop(query), matches: query.includes('max-width') }));
    try {
      const router = renderAt(`/catalogue?category=${SCIENCE}`);
      const select = await screen.findByRole('combobox', { name: 'Category' });
      expect(select).toHaveValue('Science (2 courses)');
      expect(screen.queryByRole('navigation', { name: 'Categories' })).not.toBeInTheDocument();
      await userEvent.click(select);
      await userEvent.click(await screen.findByRole('option', { name: 'Mathematics (0 courses)' }));
      await waitFor(() => expect(router.state.location.search).toBe(`?category=${MATH}`));
    } finally {
      vi.mocked(window.matchMedia).mockImplementation(desktop);
    }
  });

  it('says so when there is no category yet, and creates the first one after a confirmation', async () => {
    categories = [];
    writeAnswer = (u, method, body) => {
      if (u !== '/api/catalogue/categories' || method !== 'POST') return null;
      categories = [{ id: NEW_CATEGORY, courseCount: 0, ...(body as { name: string; description: string }) }];
      return jsonResponse(categories[0], 201);
    };
    const router = renderAt('/catalogue');
    expect(await screen.findByText(/The catalogue has no categories yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    // The name is checked before anything is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('textbox', { name: /Category name/ })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Category name/ }), 'Earth science');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Rocks and weather');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmQuestion('Create this category?');
    await waitFor(() =>
      expect(writes()).toEqual([{ url: '/api/catalogue/categories', method: 'POST', body: { name: 'Earth science', description: 'Rocks and weather' } }]),
    );
    expect(await screen.findByText('Category created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?category=${NEW_CATEGORY}`));
    expect(await screen.findByRole('heading', { name: 'Earth science', level: 2 })).toBeInTheDocument();
  });

  it('shows "Category already exists." on the name when the server refuses it', async () => {
    writeAnswer = (u, method) =>
      u === `/api/catalogue/categories/${SCIENCE}` && method === 'PUT'
        ? jsonResponse({ code: 'CATEGORY_EXISTS', message: 'Category already exists.' }, 409)
        : null;
    renderAt(`/catalogue?category=${SCIENCE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename category' });
    const name = within(dialog).getByRole('textbox', { name: /Category name/ });
    expect(name).toHaveValue('Science');
    await userEvent.clear(name);
    await userEvent.type(name, 'Mathematics');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmQuestion('Save the changes to this category?');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getAllByText('Category already exists.').length).toBeGreaterThan(0);
    expect(writes()[0]).toEqual({ url: `/api/catalogue/categories/${SCIENCE}`, method: 'PUT', body: { name: 'Mathematics', description: '' } });
  });

  it('refuses to delete a category that still has courses, with the translated reason', async () => {
    writeAnswer = (u, method) =>
      u === `/api/catalogue/categories/${SCIENCE}` && method === 'DELETE' ? jsonResponse({ code: 'CATEGORY_IN_USE', message: 'in use' }, 409) : null;
    const router = renderAt(`/catalogue?category=${SCIENCE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete category' });
    expect(dialog).toHaveTextContent('Delete the category "Science"?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(await screen.findByText('You cannot delete a category that still has courses. Move or delete its courses first.')).toBeInTheDocument();
    expect(writes()).toEqual([{ url: `/api/catalogue/categories/${SCIENCE}`, method: 'DELETE', body: undefined }]);
    expect(router.state.location.search).toBe(`?category=${SCIENCE}`);
    expect(screen.getByRole('heading', { name: 'Science', level: 2 })).toBeInTheDocument();
  });

  it('deletes an empty category and goes on to the next one', async () => {
    writeAnswer = (u, method) => {
      if (u !== `/api/catalogue/categories/${MATH}` || method !== 'DELETE') return null;
      categories = categories.filter((c) => c.id !== MATH);
      return jsonResponse({ message: 'Category deleted successfully.' });
    };
    const router = renderAt(`/catalogue?category=${MATH}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete category' }));
    await confirmQuestion(/Delete the category "Mathematics"\?/, 'Delete category');
    expect(await screen.findByText('Category deleted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?category=${SCIENCE}`));
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Science2 courses']);
  });
});

describe('CataloguePage: courses', () => {
  it('creates a catalogue course in the chosen category and opens it', async () => {
    writeAnswer = (u, method, body) =>
      u === '/api/catalogue/courses' && method === 'POST'
        ? jsonResponse(
            courseDetailsFixture({ ...(body as object), id: NEW_COURSE, classId: null, className: null, categoryId: SCIENCE, categoryName: 'Science' }),
            201,
          )
        : null;
    const router = renderAt(`/catalogue?category=${SCIENCE}`);
    await screen.findAllByTestId('course-card');
    await userEvent.click(screen.getByRole('button', { name: 'New catalogue course' }));
    const dialog = await screen.findByRole('dialog', { name: 'New catalogue course' });
    expect(within(dialog).getByRole('combobox', { name: /^Category/ })).toHaveValue('Science');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Course name/ }), 'Biology basics');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Course code/ }), 'bio-1');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'Science');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Grade level/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Grade 8' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await confirmQuestion(/Create this catalogue course\?/);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toEqual({
      url: '/api/catalogue/courses',
      method: 'POST',
      body: { name: 'Biology basics', code: 'BIO-1', description: '', gradeLevel: 'Grade 8', subject: 'Science', sequential: true, categoryId: SCIENCE },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalogue/courses/${NEW_COURSE}`));
  });

  it('publishes a course from its card after a confirmation that speaks of every school', async () => {
    writeAnswer = (u, method) =>
      u === `/api/courses/${CHEMISTRY}/published` && method === 'PATCH' ? jsonResponse({ message: 'Course published successfully.' }) : null;
    renderAt(`/catalogue?category=${SCIENCE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for course Chemistry basics' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish course' });
    expect(dialog).toHaveTextContent('Teachers of every school will see it in the catalogue');
    expect(within(dialog).getByRole('checkbox', { name: 'Also publish everything in it (its elements and materials)' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Course published successfully.')).toBeInTheDocument();
    // Issue 13: publishing offers to publish everything in it, on by default, as in a class.
    expect(writes()).toEqual([{ url: `/api/courses/${CHEMISTRY}/published`, method: 'PATCH', body: { published: true, contents: true } }]);
  });

  it('deletes a course in the background: the card shows the deleting badge, and the list drops it by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    writeAnswer = (u, method) => {
      if (u !== `/api/courses/${PHYSICS}` || method !== 'DELETE') return null;
      const chemistry = scienceAnswers[0]![0]!;
      scienceAnswers = [[chemistry, catalogueCourse({ id: PHYSICS, name: 'Physics basics', job: 'deleting' })], [chemistry]];
      return jsonResponse({ message: 'Course deletion started.' }, 202);
    };
    renderAt(`/catalogue?category=${SCIENCE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for course Physics basics' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete course' });
    expect(dialog).toHaveTextContent("copies already in teachers' classes stay");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete course' }));
    expect(await screen.findByText('Course deletion started.')).toBeInTheDocument();
    // The list reloads: the card is busy, with the badge, and takes no clicks.
    await waitFor(() => expect(document.querySelector('[data-busy="deleting"]')).not.toBeNull());
    const busy = document.querySelector<HTMLElement>('[data-busy="deleting"]')!;
    expect(within(busy).getByText('Deletion in progress')).toBeInTheDocument();
    expect(busy).toHaveTextContent('Physics basics');
    expect(screen.queryByRole('link', { name: 'Physics basics' })).not.toBeInTheDocument();

    categories = [category(MATH, 'Mathematics', 0), category(SCIENCE, 'Science', 1)];
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS));
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(1));
    expect(screen.queryByText('Physics basics')).not.toBeInTheDocument();
    // Once the deletion is done, the category's count follows.
    expect(await within(screen.getByRole('navigation', { name: 'Categories' })).findByRole('link', { name: /Science1 course$/ })).toBeInTheDocument();
  });

  it('searches the category on the server', async () => {
    renderAt(`/catalogue?category=${SCIENCE}`);
    await screen.findAllByTestId('course-card');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'chem');
    await waitFor(() => expect(listCalls().at(-1)?.get('search')).toBe('chem'), { timeout: 2000 });
    expect(listCalls().at(-1)?.get('categoryId')).toBe(SCIENCE);
  });
});
