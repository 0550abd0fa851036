import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DISCUSSION_EVENTS, type CommentPage, type PostDetails } from '@klase/core/discussions/contracts';
import type { RealtimeHandler } from '../../api/realtime.ts';
import { ROLE } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { COURSE, commentRow, postDetails } from './discussions-test-data.ts';
import { PostPage } from './post-page.tsx';

const handlers = new Map<string, RealtimeHandler>();
vi.mock('../../lib/use-realtime.ts', () => ({
  useRealtime: (type: string, handler: RealtimeHandler) => handlers.set(type, handler),
  useRealtimeReconnect: () => undefined,
}));

const OLD = commentRow({ id: 'k-old', body: 'First line\n<b>second</b> line', createdAt: '2026-03-01T02:00:00.000Z' });
const NEW = commentRow({ id: 'k-new', body: 'Latest', createdAt: '2026-03-02T02:00:00.000Z' });
const comments = (sort: string | null): CommentPage => ({ items: sort === 'newest' ? [NEW, OLD] : [OLD, NEW], nextCursor: null, total: 2 });

const fetchMock = vi.fn<typeof fetch>();
let post: PostDetails;
const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);

const renderPage = (roleId: number = ROLE.teacher) => {
  setSessionState({ status: 'authenticated', profile: sessionFixture({ id: 'me', roleId }).profile });
  const router = createMemoryRouter(
    [
      { path: '/classes/:id/courses/:courseId/discussions/:postId', element: <PostPage /> },
      { path: '/classes/:id/courses/:courseId/discussions', element: <p>list</p> },
    ],
    { initialEntries: [`/classes/k1/courses/${COURSE}/discussions/p1`] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
};

beforeEach(() => {
  post = postDetails({ canModerate: true, canDelete: true, unread: true, commentCount: 2 });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/discussions/posts/p1' && method === 'GET') return jsonResponse(post);
    if (url.pathname === '/api/discussions/posts/p1/comments') return jsonResponse(comments(url.searchParams.get('sort')));
    if (url.pathname === '/api/discussions/posts/p1/read') return jsonResponse({ unreadComments: 0 });
    if (url.pathname === '/api/discussions/posts/p1/pin') return jsonResponse({ ...post, pinned: true });
    if (url.pathname === `/api/courses/${COURSE}/discussions/categories`) return jsonResponse({ items: [] });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const bodies = async () => (await screen.findAllByTestId('comment-body')).map((b) => b.textContent);

describe('PostPage', () => {
  it('shows the sanitized body, marks the post read, and shows comments as text with their line breaks', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Welcome to Science 7' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Post text' }).innerHTML).toBe('<p>Say hello</p>');
    await waitFor(() => expect(calls()).toContain('POST /api/discussions/posts/p1/read'));
    const [first] = await screen.findAllByTestId('comment-body');
    expect(first).toHaveTextContent('First line <b>second</b> line');
    expect(first!.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  });

  it('toggles the comment order between oldest and newest first', async () => {
    renderPage();
    expect(await bodies()).toEqual(['First line\n<b>second</b> line', 'Latest']);
    await userEvent.click(screen.getByRole('radio', { name: 'Newest first' }));
    await waitFor(async () => expect(await bodies()).toEqual(['Latest', 'First line\n<b>second</b> line']));
    expect(calls()).toContain('GET /api/discussions/posts/p1/comments?sort=newest');
    await userEvent.click(screen.getByRole('radio', { name: 'Oldest first' }));
    await waitFor(async () => expect(await bodies()).toEqual(['First line\n<b>second</b> line', 'Latest']));
  });

  it('pins only after the confirmation, then says so and marks the post pinned', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Moderate post' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Pin this post to the top of the discussions?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls().filter((c) => c.includes('/pin'))).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Moderate post' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pin' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pin' }));
    expect(await screen.findByText('Post pinned.')).toBeInTheDocument();
    expect(calls()).toContain('PUT /api/discussions/posts/p1/pin');
    expect(fetchMock.mock.calls.find(([u]) => String(u).endsWith('/pin'))?.[1]?.body).toBe(JSON.stringify({ on: true }));
    expect(await screen.findByTestId('pinned-marker')).toBeInTheDocument();
  });

  it('shows the locked notice instead of the comment box, and no moderation menu for a student', async () => {
    post = postDetails({ locked: true, canComment: true });
    renderPage(ROLE.student);
    expect(await screen.findByTestId('locked-notice')).toHaveTextContent('This post is locked.');
    expect(screen.queryByRole('textbox', { name: /Write a comment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Moderate post' })).not.toBeInTheDocument();
  });

  it('checks a comment before sending it (an empty one is required)', async () => {
    renderPage(ROLE.student);
    await screen.findAllByTestId('comment-body');
    await userEvent.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(calls().filter((c) => c.startsWith('POST') && c.includes('/comments'))).toEqual([]);
  });

  it('shows a comment that arrives live, and marks it read when the post is left', async () => {
    const { router } = renderPage(ROLE.student);
    await screen.findAllByTestId('comment-body');
    await waitFor(() => expect(calls().filter((c) => c.endsWith('/read'))).toHaveLength(1));
    const comment = commentRow({ id: 'k-live', body: 'Just arrived', createdAt: '2026-03-03T02:00:00.000Z' });
    act(() =>
      handlers.get(DISCUSSION_EVENTS.comment)?.({
        id: 1,
        type: DISCUSSION_EVENTS.comment,
        at: '',
        data: { courseId: COURSE, postId: 'p1', comment, commentCount: 3 },
      }),
    );
    await waitFor(async () => expect(await bodies()).toEqual(['First line\n<b>second</b> line', 'Latest', 'Just arrived']));
    expect(screen.getByRole('heading', { name: '3 comments' })).toBeInTheDocument();
    await act(() => router.navigate(`/classes/k1/courses/${COURSE}/discussions`));
    await waitFor(() => expect(calls().filter((c) => c.endsWith('/read'))).toHaveLength(2));
  });
});
