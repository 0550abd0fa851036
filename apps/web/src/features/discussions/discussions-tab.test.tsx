import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DISCUSSION_EVENTS, type PostPage } from '@klase/core/discussions/contracts';
import { ROLE } from '@klase/core/roles';
import type { RealtimeHandler } from '../../api/realtime.ts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { COURSE, STUDENT, postRow } from './discussions-test-data.ts';
import { DiscussionsTab } from './discussions-tab.tsx';

const handlers = new Map<string, RealtimeHandler>();
vi.mock('../../lib/use-realtime.ts', () => ({
  useRealtime: (type: string, handler: RealtimeHandler) => handlers.set(type, handler),
  useRealtimeReconnect: () => undefined,
}));

const PINNED = postRow({ id: 'p-pin', title: 'Class rules', pinned: true, commentCount: 3 });
const UNREAD = postRow({
  id: 'p-new',
  title: 'Lab safety question',
  unread: true,
  commentCount: 4,
  unreadComments: 2,
  category: { id: 'cat2', name: 'Question' },
});
const page = (over: Partial<PostPage> = {}): PostPage => ({ items: [PINNED, UNREAD], nextCursor: null, canPost: true, canModerate: false, ...over });

const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, (url: URL, init?: RequestInit) => Response>;
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

const CHILD = '12121212-1212-4121-8121-121212121212';
const renderTab = (roleId: number = ROLE.student) => {
  setSessionState({
    status: 'authenticated',
    profile: sessionFixture({ id: 'me', roleId }).profile,
    childrenList: [{ id: CHILD, name: 'Ana Cruz', username: 'ana' }],
    selectedChildId: CHILD,
  });
  const router = createMemoryRouter([{ path: '/classes/:id/courses/:courseId/discussions', element: <DiscussionsTab /> }], {
    initialEntries: [`/classes/k1/courses/${COURSE}/discussions`],
  });
  return renderWithProviders(<RouterProvider router={router} />);
};

beforeEach(() => {
  handlers.clear();
  answers = {
    [`/api/courses/${COURSE}/discussions`]: () => jsonResponse(page()),
    [`/api/courses/${COURSE}/discussions/categories`]: () =>
      jsonResponse({
        items: [
          { id: 'cat1', name: 'General', postCount: 1 },
          { id: 'cat2', name: 'Question', postCount: 1 },
        ],
      }),
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname];
    return answer ? answer(url, init) : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const items = () => screen.findAllByTestId('post-item');

describe('DiscussionsTab', () => {
  it('lists pinned posts first with the pin marker, and marks unread posts with their new comments', async () => {
    renderTab();
    const [first, second] = await items();
    expect(within(first!).getByRole('link', { name: 'Class rules' })).toHaveAttribute('href', `/classes/k1/courses/${COURSE}/discussions/p-pin`);
    expect(within(first!).getByTestId('pinned-marker')).toHaveTextContent('Pinned');
    expect(within(first!).queryByTestId('unread-marker')).not.toBeInTheDocument();
    expect(first).toHaveTextContent('3 comments');
    expect(within(second!).queryByTestId('pinned-marker')).not.toBeInTheDocument();
    expect(within(second!).getByTestId('unread-marker')).toHaveTextContent('New');
    expect(within(second!).getByTestId('unread-comments')).toHaveTextContent('2 new comments');
    expect(second).toHaveTextContent('Question');
    expect(screen.getByRole('button', { name: 'New post' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('says "No posts available." for an empty course, and asks again for a category', async () => {
    answers[`/api/courses/${COURSE}/discussions`] = (url) => jsonResponse(page({ items: url.searchParams.get('categoryId') === 'cat2' ? [UNREAD] : [] }));
    renderTab();
    expect(await screen.findByText('No posts available.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: 'Question' }));
    expect(await items()).toHaveLength(1);
    expect(calls()).toContain(`GET /api/courses/${COURSE}/discussions?categoryId=cat2`);
  });

  it('loads more posts with the next cursor', async () => {
    answers[`/api/courses/${COURSE}/discussions`] = (url) =>
      jsonResponse(url.searchParams.get('cursor') === 'next' ? page({ items: [postRow({ id: 'p-old', title: 'Older post' })] }) : page({ nextCursor: 'next' }));
    renderTab();
    expect(await items()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await items()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("shows someone else's new post live after the pinned ones, unread, and updates comment counts", async () => {
    renderTab();
    await items();
    const fresh = postRow({ id: 'p-live', title: '<script>alert(1)</script>', author: STUDENT, lastActivityAt: '2026-03-09T00:00:00.000Z' });
    act(() => handlers.get(DISCUSSION_EVENTS.post)?.({ id: 1, type: DISCUSSION_EVENTS.post, at: '', data: { courseId: COURSE, post: fresh } }));
    await waitFor(() => expect(screen.getAllByTestId('post-item')).toHaveLength(3));
    const list = await items();
    expect(list.map((li) => within(li).getByRole('link').textContent)).toEqual(['Class rules', '<script>alert(1)</script>', 'Lab safety question']);
    expect(within(list[1]!).getByTestId('unread-marker')).toBeInTheDocument();
    const comment = { id: 'k9', postId: 'p-pin', parentId: null, author: STUDENT, body: 'Hi', createdAt: '2026-03-09T01:00:00.000Z', editedAt: null };
    act(() =>
      handlers.get(DISCUSSION_EVENTS.comment)?.({
        id: 2,
        type: DISCUSSION_EVENTS.comment,
        at: '',
        data: { courseId: COURSE, postId: 'p-pin', comment, commentCount: 4 },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('post-item')[0]).toHaveTextContent('4 comments'));
    expect(within(screen.getAllByTestId('post-item')[0]!).getByTestId('unread-comments')).toHaveTextContent('1 new comment');
  });

  it('checks a new post with the contract before sending it (a blank title and body are required)', async () => {
    renderTab();
    await items();
    await userEvent.click(screen.getByRole('button', { name: 'New post' }));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await within(dialog).findByRole('textbox', { name: 'Post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('lets a teacher delete a category only after the confirmation, and switch "Parents can read"', async () => {
    answers[`/api/courses/${COURSE}/discussions`] = () => jsonResponse(page({ canModerate: true }));
    answers[`/api/courses/${COURSE}/discussions/settings`] = (_url, init) =>
      jsonResponse(init?.method === 'PUT' ? JSON.parse(String(init.body)) : { parentsRead: false });
    answers[`/api/courses/${COURSE}/discussions/categories/cat2`] = () => new Response(null, { status: 204 });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discussion settings' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Question' }));
    const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveTextContent('Delete the category Question? Its posts stay, without a category.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls()).not.toContain(`DELETE /api/courses/${COURSE}/discussions/categories/cat2`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Question' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category deleted.')).toBeInTheDocument();
    expect(calls()).toContain(`DELETE /api/courses/${COURSE}/discussions/categories/cat2`);
    // Mantine's switch label holds its description too: the name starts with the label.
    const toggle = within(dialog).getByRole('switch', { name: /^Parents can read/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('Parents can now read the discussions.')).toBeInTheDocument();
    expect(calls()).toContain(`PUT /api/courses/${COURSE}/discussions/settings`);
  });

  it("reads a parent's child's discussions with childId, without writing; says when they are closed to parents", async () => {
    answers[`/api/courses/${COURSE}/discussions`] = (url) =>
      url.searchParams.get('categoryId') === 'cat2' ? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404) : jsonResponse(page({ canPost: false }));
    renderTab(ROLE.parent);
    expect(await items()).toHaveLength(2);
    expect(calls()).toContain(`GET /api/courses/${COURSE}/discussions?childId=${CHILD}`);
    expect(screen.queryByRole('button', { name: 'New post' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: 'Question' }));
    expect(await screen.findByText("The teacher has not opened this course's discussions to parents.")).toBeInTheDocument();
  });
});
