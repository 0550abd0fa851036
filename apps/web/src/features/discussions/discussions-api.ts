import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import {
  DISCUSSIONS_PATH,
  courseDiscussionsPath,
  type CommentForm,
  type CommentPage,
  type CommentRow,
  type CommentSort,
  type DiscussionCategory,
  type DiscussionSettings,
  type PostDetails,
  type PostForm,
  type PostPage,
  type PostRow,
} from '@klase/core/discussions/contracts';
import type { AttachmentRef, PersonRef } from '@klase/core/messaging/contracts';
import { ROLE } from '@klase/core/roles';
import { apiFetch, uploadWithProgress } from '../../api/http.ts';
import { q } from '../../config/base-paths.ts';
import { useSession } from '../../lib/session-store.ts';

/** `/api/courses/:courseId/discussions/...` and `/api/discussions/...` as the discussions pages call them (contracts in core). */
export const discussionKeys = {
  all: ['discussions'] as const,
  course: (courseId: string) => ['discussions', 'course', courseId] as const,
  posts: (courseId: string, categoryId: string, q: string, childId: string | null) =>
    ['discussions', 'course', courseId, 'posts', categoryId, q, childId] as const,
  categories: (courseId: string) => ['discussions', 'course', courseId, 'categories'] as const,
  settings: (courseId: string) => ['discussions', 'course', courseId, 'settings'] as const,
  participants: (courseId: string, q: string) => ['discussions', 'course', courseId, 'participants', q] as const,
  post: (postId: string) => ['discussions', 'post', postId] as const,
  comments: (postId: string, sort: CommentSort) => ['discussions', 'post', postId, 'comments', sort] as const,
};

const enc = encodeURIComponent;
/** A query string of the given values (null and '' left out). */
const query = (params: Record<string, string | null | undefined>) => q(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v ?? undefined])));
const postPath = (postId: string) => `${DISCUSSIONS_PATH}/posts/${enc(postId)}`;
const commentPath = (commentId: string) => `${DISCUSSIONS_PATH}/comments/${enc(commentId)}`;
const coursePath = (courseId: string) => courseDiscussionsPath(enc(courseId));

export const listPosts = (courseId: string, opts: { categoryId?: string; q?: string; cursor?: string; childId?: string | null }) =>
  apiFetch<PostPage>(`${coursePath(courseId)}${query({ categoryId: opts.categoryId, q: opts.q, cursor: opts.cursor, childId: opts.childId })}`);
export const getPost = (postId: string, childId: string | null) => apiFetch<PostDetails>(`${postPath(postId)}${query({ childId })}`);
export const createPost = (courseId: string, body: PostForm) => apiFetch<PostDetails>(coursePath(courseId), { method: 'POST', body });
export const updatePost = (postId: string, body: PostForm) => apiFetch<PostDetails>(postPath(postId), { method: 'PUT', body });
export const deletePost = (postId: string) => apiFetch<unknown>(postPath(postId), { method: 'DELETE' });
export type PostToggle = 'pin' | 'lock' | 'hide';
export const togglePost = (postId: string, what: PostToggle, on: boolean) => apiFetch<PostRow>(`${postPath(postId)}/${what}`, { method: 'PUT', body: { on } });
export const markPostRead = (postId: string) => apiFetch<{ unreadComments: number }>(`${postPath(postId)}/read`, { method: 'POST' });

export const listComments = (postId: string, sort: CommentSort, cursor: string | undefined, childId: string | null) =>
  apiFetch<CommentPage>(`${postPath(postId)}/comments${query({ sort, cursor, childId })}`);
export const createComment = (postId: string, body: CommentForm) => apiFetch<CommentRow>(`${postPath(postId)}/comments`, { method: 'POST', body });
export const updateComment = (commentId: string, body: { body: string; mentionIds: string[] }) =>
  apiFetch<CommentRow>(commentPath(commentId), { method: 'PUT', body });
export const deleteComment = (commentId: string) => apiFetch<unknown>(commentPath(commentId), { method: 'DELETE' });
export const hideComment = (commentId: string, on: boolean) => apiFetch<CommentRow>(`${commentPath(commentId)}/hide`, { method: 'PUT', body: { on } });

export const listCategories = (courseId: string, childId: string | null) =>
  apiFetch<{ items: DiscussionCategory[] }>(`${coursePath(courseId)}/categories${query({ childId })}`);
export const createCategory = (courseId: string, name: string) =>
  apiFetch<DiscussionCategory>(`${coursePath(courseId)}/categories`, { method: 'POST', body: { name } });
export const renameCategory = (courseId: string, id: string, name: string) =>
  apiFetch<DiscussionCategory>(`${coursePath(courseId)}/categories/${enc(id)}`, { method: 'PUT', body: { name } });
export const deleteCategory = (courseId: string, id: string) => apiFetch<unknown>(`${coursePath(courseId)}/categories/${enc(id)}`, { method: 'DELETE' });
export const getSettings = (courseId: string) => apiFetch<DiscussionSettings>(`${coursePath(courseId)}/settings`);
export const saveSettings = (courseId: string, body: DiscussionSettings) =>
  apiFetch<DiscussionSettings>(`${coursePath(courseId)}/settings`, { method: 'PUT', body });
export const listParticipants = (courseId: string, q: string) => apiFetch<{ items: PersonRef[] }>(`${coursePath(courseId)}/participants${query({ q })}`);

/** One file to `POST .../discussions/attachments`, with progress (the upload box's convention). */
export const uploadPostAttachment = (courseId: string, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('file', file);
  return uploadWithProgress<AttachmentRef>(`${coursePath(courseId)}/attachments`, data, onProgress);
};

/** A parent's selected child (sent as `childId` on reads); null for everybody else. */
export const useDiscussionChildId = (): string | null => {
  const parent = useSession((s) => s.profile?.roleId === ROLE.parent);
  const childId = useSession((s) => s.selectedChildId);
  return parent ? childId : null;
};

export type PostPages = InfiniteData<PostPage, string | undefined>;
export type CommentPages = InfiniteData<CommentPage, string | undefined>;

/** The course's posts, a page at a time ("load more"), for a category and a search. */
export const usePosts = (courseId: string, categoryId: string, q: string) => {
  const childId = useDiscussionChildId();
  return useInfiniteQuery({
    queryKey: discussionKeys.posts(courseId, categoryId, q, childId),
    queryFn: ({ pageParam }) => listPosts(courseId, { categoryId: categoryId || undefined, q, cursor: pageParam, childId }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
};

export const useCategories = (courseId: string) => {
  const childId = useDiscussionChildId();
  return useQuery({ queryKey: discussionKeys.categories(courseId), queryFn: () => listCategories(courseId, childId) });
};

export const usePost = (postId: string) => {
  const childId = useDiscussionChildId();
  return useQuery({ queryKey: discussionKeys.post(postId), queryFn: () => getPost(postId, childId) });
};

/** A post's comments in the chosen order, `COMMENTS_PAGE` top-level comments (with their replies) at a time. */
export const useComments = (postId: string, sort: CommentSort) => {
  const childId = useDiscussionChildId();
  return useInfiniteQuery({
    queryKey: discussionKeys.comments(postId, sort),
    queryFn: ({ pageParam }) => listComments(postId, sort, pageParam, childId),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
};
