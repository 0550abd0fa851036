import type { QueryClient } from '@tanstack/react-query';
import type { CommentReply, CommentRow, PostDetails, PostRow } from '@klase/core/discussions/contracts';
import { discussionKeys, type CommentPages, type PostPages } from './discussions-api.ts';

/**
 * The discussions caches kept current without asking the server again: after the user's own
 * changes (the server sends no event to the author's own request) and on real-time events.
 */

/** Pinned posts first (newest pinned first), then by last activity: the server's order. */
const byListOrder = (a: PostRow, b: PostRow) =>
  Number(b.pinned) - Number(a.pinned) || (a.pinned ? b.createdAt.localeCompare(a.createdAt) : b.lastActivityAt.localeCompare(a.lastActivityAt));

/** Whether `post` belongs in a list of `categoryId` ('' = all) searched for `q`. */
const fits = (post: PostRow, categoryId: string, q: string) =>
  (categoryId === '' || post.category?.id === categoryId) && (q === '' || `${post.title} ${post.excerpt}`.toLocaleLowerCase().includes(q.toLocaleLowerCase()));

/**
 * A post's new state in a loaded list: replaced where it is (merged over what this user sees:
 * `unread`, counts), placed by the list's order among the loaded posts, dropped where it no longer
 * fits (another category, hidden from this user).
 */
export const withPost = (data: PostPages, post: PostRow, categoryId: string, q: string, visible: boolean): PostPages => {
  const items = data.pages.flatMap((p) => p.items);
  const old = items.find((p) => p.id === post.id);
  const rest = items.filter((p) => p.id !== post.id);
  const merged = old ? { ...old, ...post, unread: old.unread, unreadComments: old.unreadComments } : post;
  const keep = visible && fits(merged, categoryId, q);
  const more = data.pages.at(-1)?.nextCursor != null;
  const last = rest.at(-1);
  // Past the loaded pages it comes with "load more"; a new post after the last loaded one is not shown yet.
  const inRange = !more || !last || byListOrder(merged, last) <= 0;
  const next = keep && inRange ? [...rest, merged].sort(byListOrder) : rest;
  return repage(data, next);
};

/** The list without a post. */
export const withoutPost = (data: PostPages, postId: string): PostPages =>
  repage(
    data,
    data.pages.flatMap((p) => p.items).filter((p) => p.id !== postId),
  );

/** The same items cut into the loaded pages' sizes again (the last page takes the rest). */
const repage = (data: PostPages, items: PostRow[]): PostPages => {
  let at = 0;
  const pages = data.pages.map((page, i) => {
    const size = i === data.pages.length - 1 ? items.length - at : page.items.length;
    const slice = items.slice(at, at + Math.max(size, 0));
    at += slice.length;
    return { ...page, items: slice };
  });
  return { ...data, pages };
};

const mapComments = (data: CommentPages, f: (items: CommentRow[], pageIndex: number) => CommentRow[]): CommentPages => ({
  ...data,
  pages: data.pages.map((page, i) => ({ ...page, items: f(page.items, i) })),
});

const replaceIn = (items: CommentRow[], comment: CommentRow): { items: CommentRow[]; found: boolean } => {
  let found = false;
  const next = items.map((c) => {
    if (c.id === comment.id) {
      found = true;
      return { ...comment, replies: c.replies };
    }
    if (comment.parentId === c.id) {
      const reply: CommentReply = { ...comment, replies: [] };
      const i = c.replies.findIndex((r) => r.id === comment.id);
      found = true;
      return { ...c, replies: i < 0 ? [...c.replies, reply] : c.replies.map((r) => (r.id === comment.id ? reply : r)) };
    }
    return c;
  });
  return { items: next, found };
};

/**
 * A new or edited comment in a loaded thread: edited in place, a reply under its comment, a new
 * top-level comment first (newest first) or last once the last page is loaded (oldest first).
 */
export const withComment = (data: CommentPages, comment: CommentRow, total: number, newestFirst: boolean): CommentPages => {
  let found = false;
  const replaced = mapComments(data, (items) => {
    const r = replaceIn(items, comment);
    found ||= r.found;
    return r.items;
  });
  const lastIndex = data.pages.length - 1;
  const complete = data.pages[lastIndex]?.nextCursor == null;
  const out =
    found || comment.parentId !== null
      ? replaced
      : mapComments(replaced, (items, i) => {
          if (newestFirst && i === 0) return [comment, ...items];
          if (!newestFirst && complete && i === lastIndex) return [...items, comment];
          return items;
        });
  return { ...out, pages: out.pages.map((p) => ({ ...p, total })) };
};

/** A deleted comment: gone, or kept as "deleted" where it has replies. */
export const withoutComment = (data: CommentPages, commentId: string, total: number): CommentPages => {
  const drop = (items: CommentRow[]): CommentRow[] =>
    items.flatMap((c) => {
      if (c.id !== commentId) return [{ ...c, replies: c.replies.filter((r) => r.id !== commentId) }];
      return c.replies.length > 0 ? [{ ...c, deleted: true, body: '' }] : [];
    });
  const out = mapComments(data, drop);
  return { ...out, pages: out.pages.map((p) => ({ ...p, total })) };
};

type ListKey = ReturnType<typeof discussionKeys.posts>;

/** Every loaded post list of the course. */
const postLists = (client: QueryClient, courseId: string) =>
  client.getQueriesData<PostPages>({ queryKey: [...discussionKeys.course(courseId), 'posts'] }).filter((e): e is [ListKey, PostPages] => e[1] !== undefined);

/** A post's new state in the course's lists and its page. `visible`: this user may see it (not hidden from them). */
export const putPost = (client: QueryClient, post: PostRow, visible = true) => {
  for (const [key, data] of postLists(client, post.courseId)) client.setQueryData<PostPages>(key, withPost(data, post, key[4], key[5], visible));
  client.setQueryData<PostDetails>(discussionKeys.post(post.id), (old) => (old ? { ...old, ...post, unread: old.unread } : old));
};

export const dropPost = (client: QueryClient, courseId: string, postId: string) => {
  for (const [key, data] of postLists(client, courseId)) client.setQueryData<PostPages>(key, withoutPost(data, postId));
};

/** Changes one post's row in the course's lists (counts, unread). */
export const patchPostRow = (client: QueryClient, courseId: string, postId: string, patch: (row: PostRow) => Partial<PostRow>) => {
  for (const [key, data] of postLists(client, courseId))
    client.setQueryData<PostPages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, items: p.items.map((row) => (row.id === postId ? { ...row, ...patch(row) } : row)) })),
    });
  client.setQueryData<PostDetails>(discussionKeys.post(postId), (old) => (old ? { ...old, ...patch(old) } : old));
};

/** A new or edited comment in both orders of the post's thread, with the post's new comment count. */
export const putComment = (client: QueryClient, postId: string, comment: CommentRow, total: number) => {
  for (const sort of ['oldest', 'newest'] as const)
    client.setQueryData<CommentPages>(discussionKeys.comments(postId, sort), (old) => (old ? withComment(old, comment, total, sort === 'newest') : old));
};

export const dropComment = (client: QueryClient, postId: string, commentId: string, total: number) => {
  for (const sort of ['oldest', 'newest'] as const)
    client.setQueryData<CommentPages>(discussionKeys.comments(postId, sort), (old) => (old ? withoutComment(old, commentId, total) : old));
};
