import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CourseRow } from '@klase/core/courses/contracts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { contrastRatio } from '../../components/tones.ts';
import { PLACEHOLDER_COLORS, placeholderColor } from '../../components/course-image.tsx';
import { MyCoursesPage } from './my-courses-page.tsx';
import { courseRowFixture } from '../../test/course-test-data.ts';

const CHILD_A = '12121212-1212-4121-8121-121212121212';
const CHILD_B = '34343434-3434-4343-8343-343434343434';
const fetchMock = vi.fn<typeof fetch>();
let rows: CourseRow[];
const listCalls = () => fetchMock.mock.calls.map(([u]) => decodeURIComponent(String(u))).filter((u) => u.startsWith('/api/courses?'));

const renderPage = (roleId: number, url = '/courses', childrenList: { id: string; name: string; username: string }[] = []) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile, childrenList, selectedChildId: childrenList[0]?.id ?? null });
  const router = createMemoryRouter([{ path: '/courses', element: <MyCoursesPage /> }], { initialEntries: [url] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  rows = [
    courseRowFixture(),
    courseRowFixture({ id: 'k2', name: 'Math 7', code: 'MATH7', className: 'Grade 7 Mabini', published: false, status: 'UNPUBLISHED' }),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) =>
    String(url).startsWith('/api/courses?')
      ? jsonResponse({ data: rows, pagination: { page: 1, totalcount: rows.length } })
      : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('MyCoursesPage', () => {
  it('shows a teacher their courses as cards naming the class, with status chips', async () => {
    renderPage(ROLE.teacher);
    const cards = await screen.findAllByTestId('course-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Class: Grade 7 Rizal');
    expect(within(cards[1]!).getByText('Unpublished')).toBeInTheDocument();
    expect(screen.getByTestId('courses-grid')).toBeInTheDocument();
    expect(listCalls()[0]).toContain('sortBy=name');
    expect(listCalls()[0]).toContain('rowsperpage=10');
    expect(screen.getByRole('link', { name: 'Courses to copy' })).toHaveAttribute('href', '/courses/available');
  });

  it('switches to the list view and keeps the choice in the URL', async () => {
    const router = renderPage(ROLE.teacher);
    await screen.findAllByTestId('course-card');
    await userEvent.click(screen.getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=list'));
    expect(screen.getByTestId('courses-list')).toBeInTheDocument();
    expect(screen.getAllByTestId('course-card')).toHaveLength(2);
  });

  it('opens in the list view from the URL', async () => {
    renderPage(ROLE.teacher, '/courses?view=list');
    expect(await screen.findByTestId('courses-list')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
  });

  it("filters a teacher's courses by state on the server", async () => {
    renderPage(ROLE.teacher);
    await screen.findAllByTestId('course-card');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Published', 'Unpublished', 'Copying in progress', 'Deletion in progress']);
    await userEvent.click(screen.getByRole('option', { name: 'Copying in progress' }));
    await waitFor(() => expect(listCalls().at(-1)).toContain('filter[key]=status&filter[values][]=copying'));
  });

  it('shows a student their progress and no state filter', async () => {
    rows = [courseRowFixture({ percent: 75 })];
    renderPage(ROLE.student);
    const [card] = await screen.findAllByTestId('course-card');
    expect(within(card!).getByRole('progressbar', { name: 'Progress in Science 7' })).toHaveAttribute('aria-valuenow', '75');
    expect(within(card!).queryByText('Published')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filter by Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Courses to copy' })).not.toBeInTheDocument();
  });

  it('asks for the courses of the child chosen in the header, and follows a change', async () => {
    renderPage(ROLE.parent, '/courses', [
      { id: CHILD_A, name: 'Ana', username: 'ana' },
      { id: CHILD_B, name: 'Ben', username: 'ben' },
    ]);
    await screen.findAllByTestId('course-card');
    expect(listCalls()[0]).toContain(`childId=${CHILD_A}`);
    act(() => setSessionState({ selectedChildId: CHILD_B }));
    await waitFor(() => expect(listCalls().at(-1)).toContain(`childId=${CHILD_B}`));
  });

  it('tells a parent without linked children so', async () => {
    renderPage(ROLE.parent);
    expect(await screen.findByText('No child is linked to your account yet.')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(0);
  });

  it('gives each course without an image a stable colour with readable white text', () => {
    expect(placeholderColor('abc')).toBe(placeholderColor('abc'));
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(placeholderColor)).size).toBeGreaterThan(1);
    for (const c of PLACEHOLDER_COLORS) expect(contrastRatio(c, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
