import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDetails } from '@klase/core/classes/contracts';
import type { CatalogueCourseRow } from '@klase/core/catalogue/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { ClassCoursesTab } from './class-courses-tab.tsx';
import {
  CAT_COURSE_ID,
  catalogueRowFixture,
  categoriesFixture,
  CLASS_ID,
  classFixture,
  COPY_ID,
  COPY_MESSAGE,
  deferred,
  MATH_CAT,
  NOT_FOUND,
  SCIENCE_CAT,
  stubFetch,
} from '../../features/catalogue/browse-test-data.ts';
import { renderClassRoutes, withTeacherSession } from '../../features/catalogue/browse-test-routes.tsx';
import { ClassCataloguePage } from '../../features/catalogue/class-catalogue-page.tsx';

const { mock: fetchMock, calls, writes } = stubFetch();
let cls: ClassDetails;
let rows: CatalogueCourseRow[];
let copyAnswer: () => Promise<Response> | Response;
const courseCalls = () => calls().filter((c) => c.url.startsWith('/api/catalogue/courses?'));

const renderPage = (url = `/classes/${CLASS_ID}/courses/rex-courses/all`) =>
  renderClassRoutes(url, { courses: <ClassCoursesTab />, catalogue: <ClassCataloguePage /> });

withTeacherSession(fetchMock);
beforeEach(() => {
  cls = classFixture();
  rows = [
    catalogueRowFixture(),
    catalogueRowFixture({
      id: 'k2',
      name: 'Numbers',
      code: 'REX-MATH7',
      subject: 'Mathematics',
      categoryId: MATH_CAT,
      categoryName: 'Mathematics',
      elementCount: 1,
      materialCount: 0,
    }),
  ];
  copyAnswer = () => jsonResponse({ courseId: COPY_ID, classId: CLASS_ID, message: COPY_MESSAGE }, 202);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = decodeURIComponent(String(url));
    if (init?.method === 'POST' && u === `/api/courses/${CAT_COURSE_ID}/copy`) return copyAnswer();
    if (u === `/api/classes/${CLASS_ID}`) return jsonResponse(cls);
    if (u === '/api/catalogue/categories') return jsonResponse(categoriesFixture());
    if (u.startsWith('/api/catalogue/courses?')) {
      const params = new URLSearchParams(String(url).split('?')[1]);
      const category = params.get('categoryId');
      const page = Number(params.get('page'));
      const size = Number(params.get('rowsperpage'));
      const matching = rows.filter((r) => !category || r.categoryId === category);
      return jsonResponse({ data: matching.slice((page - 1) * size, page * size), pagination: { page, totalcount: matching.length } });
    }
    if (u.startsWith('/api/courses?')) return jsonResponse({ data: [], pagination: { page: 1, totalcount: 0 } });
    return NOT_FOUND();
  });
});

describe('ClassCataloguePage', () => {
  it('shows the published catalogue courses as cards with their facts and actions', async () => {
    renderPage();
    const cards = await screen.findAllByTestId('browse-course-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Living Things');
    expect(cards[0]).toHaveTextContent('REX-SCI7');
    expect(cards[0]).toHaveTextContent('Science · Grade 7');
    expect(cards[0]).toHaveTextContent('2 elements');
    expect(cards[1]).toHaveTextContent('1 element');
    expect(cards[1]).toHaveTextContent('0 materials');
    expect(within(cards[0]!).getByRole('link', { name: 'View Living Things' })).toHaveAttribute(
      'href',
      `/classes/${CLASS_ID}/courses/rex-courses/${CAT_COURSE_ID}`,
    );
    expect(within(cards[0]!).getByRole('button', { name: 'Add Living Things to this class' })).toBeEnabled();
    expect(courseCalls()[0]!.url).toContain('sortBy=name');
    expect(courseCalls()[0]!.url).not.toContain('categoryId');
    expect(screen.getByText('Showing 2 of 2 courses')).toBeInTheDocument();
  });

  it('lists the categories with their counts as links; choosing one puts it in the address and asks for its courses', async () => {
    const router = renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['All (5)', 'Mathematics (2)', 'Science (3)']);
    expect(within(nav).getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: /^Science/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses/rex-courses/all/${SCIENCE_CAT}`));
    expect(within(nav).getByRole('link', { name: /^Science/ })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: /^All/ })).not.toHaveAttribute('aria-current');
    await waitFor(() => expect(courseCalls().at(-1)!.url).toContain(`categoryId=${SCIENCE_CAT}`));
    await waitFor(() => expect(screen.getAllByTestId('browse-course-card')).toHaveLength(1));
    // The category's description shows under the chips.
    expect(screen.getByText('Life and physical sciences.')).toBeInTheDocument();
  });

  it('opens on the category of the address', async () => {
    renderPage(`/classes/${CLASS_ID}/courses/rex-courses/all/${MATH_CAT}`);
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: /^Mathematics/ })).toHaveAttribute('aria-current', 'page');
    expect(courseCalls()[0]!.url).toContain(`categoryId=${MATH_CAT}`);
  });

  it('falls back to all courses for a category that does not exist', async () => {
    const router = renderPage(`/classes/${CLASS_ID}/courses/rex-courses/all/dddddddd-dddd-4ddd-8ddd-dddddddddddd`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses/rex-courses/all`));
  });

  it('searches on the server once typing pauses', async () => {
    renderPage();
    await screen.findAllByTestId('browse-course-card');
    const before = courseCalls().length;
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Cells');
    // Nothing is sent while typing.
    expect(courseCalls()).toHaveLength(before);
    await waitFor(() => expect(courseCalls().at(-1)!.url).toContain('search=cells'), { timeout: 2000 });
    expect(courseCalls()).toHaveLength(before + 1);
  });

  it('loads more courses page after page', async () => {
    rows = Array.from({ length: 30 }, (_, i) => catalogueRowFixture({ id: `k${i}`, name: `Course ${String(i).padStart(2, '0')}`, code: `C${i}` }));
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('browse-course-card')).toHaveLength(25));
    expect(screen.getByText('Showing 25 of 30 courses')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('browse-course-card')).toHaveLength(30));
    expect(courseCalls().at(-1)!.url).toContain('page=2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "No records found." when nothing matches', async () => {
    rows = [];
    renderPage();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No records found.');
  });

  it("adds a course to the class: posts the class, blocks the buttons meanwhile, then shows the class's courses", async () => {
    const answer = deferred();
    copyAnswer = () => answer.promise;
    const router = renderPage();
    const [card, other] = await screen.findAllByTestId('browse-course-card');
    const add = within(card!).getByRole('button', { name: 'Add Living Things to this class' });
    await userEvent.click(add);
    await waitFor(() => expect(add).toBeDisabled());
    expect(within(other!).getByRole('button', { name: 'Add Numbers to this class' })).toBeDisabled();
    expect(writes()).toEqual([{ url: `/api/courses/${CAT_COURSE_ID}/copy`, method: 'POST', body: { targetClassId: CLASS_ID } }]);
    answer.resolve(jsonResponse({ courseId: COPY_ID, classId: CLASS_ID, message: COPY_MESSAGE }, 202));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses`));
    expect(await screen.findByText(COPY_MESSAGE)).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
  });

  it('shows a refused copy as a translated error and stays on the catalogue', async () => {
    copyAnswer = () => jsonResponse({ code: 'CLASS_ARCHIVED', message: 'archived' }, 409);
    const router = renderPage();
    const [card] = await screen.findAllByTestId('browse-course-card');
    await userEvent.click(within(card!).getByRole('button', { name: 'Add Living Things to this class' }));
    expect(await screen.findByText('This class is archived. Ask your teacher.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses/rex-courses/all`);
    expect(within(card!).getByRole('button', { name: 'Add Living Things to this class' })).toBeEnabled();
  });

  it('offers no "Add to class" in an archived class, and says why', async () => {
    cls = classFixture({ archived: true, status: 'INACTIVE' });
    renderPage();
    await screen.findAllByTestId('browse-course-card');
    expect(await screen.findByTestId('cannot-add')).toHaveTextContent('This class is archived: catalogue courses cannot be added to it.');
    expect(screen.queryByRole('button', { name: /to this class$/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View / })).toHaveLength(2);
  });
});

describe('the class courses tab', () => {
  it('gives the class\'s teachers a "Browse catalogue" link next to "Create course"', async () => {
    const router = renderPage(`/classes/${CLASS_ID}/courses`);
    const browse = await screen.findByRole('link', { name: 'Browse catalogue' });
    expect(browse).toHaveAttribute('href', `/classes/${CLASS_ID}/courses/rex-courses/all`);
    expect(screen.getByRole('button', { name: 'Create course' })).toBeInTheDocument();
    await userEvent.click(browse);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/classes/${CLASS_ID}/courses/rex-courses/all`));
  });

  it('gives no catalogue link to an assistant', async () => {
    setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId: ROLE.assistantTeacher }).profile });
    cls = classFixture({ relation: 'assistant', can: { ...classFixture().can, manage: false } });
    renderPage(`/classes/${CLASS_ID}/courses`);
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Browse catalogue' })).not.toBeInTheDocument();
  });

  it('gives no catalogue link in an archived class', async () => {
    cls = classFixture({ archived: true, status: 'INACTIVE' });
    renderPage(`/classes/${CLASS_ID}/courses`);
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Browse catalogue' })).not.toBeInTheDocument();
  });
});
