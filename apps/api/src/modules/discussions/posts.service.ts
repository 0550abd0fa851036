import { DomainError } from '@klase/core/errors';
import { DISCUSSION_EVENTS, POSTS_PAGE, type PostDetails, type PostForm, type PostPage, type PostRow } from '@klase/core/discussions/contracts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { richTextToPlain, sanitizeRichText } from '../../platform/sanitize.ts';
import { attachmentsOfPost, claimAttachments, dropAttachments } from './comments.repo.ts';
import { canModerate, canPost, loadDiscussionAccess, loadPost, requireModerate, requirePost, type DiscussionAccess } from './discussion-access.ts';
import { findCategory, listPosts, markPostRead, updatePost, insertPost, type PostCursor, type PostRecord } from './discussions.repo.ts';
import { notifyMentions, tellHidden, tellReaders } from './live.ts';
import { attachmentView, mayComment, postView } from './views.ts';

/** Posts: the course's list, one post, writing, moderation and read state. */

type PostInput = Required<PostForm>;
type ListQuery = { categoryId?: string; q: string; cursor?: string; childId?: string };

const field = (path: string, key: string) => new DomainError('VALIDATION', { fields: [{ path, key }] });
const CURSOR = /^([01])\|(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\|([0-9a-f-]{36})$/;

const parseCursor = (raw: string | undefined): PostCursor | null => {
  if (raw === undefined) return null;
  const m = CURSOR.exec(raw);
  if (!m) throw field('cursor', 'invalidChoice');
  return { pinned: Number(m[1]), at: m[2] ?? '', id: m[3] ?? '' };
};

/** `GET /api/courses/:courseId/discussions`: a page of posts, pinned first, then by last activity. */
export const postPage = async (db: Db, me: UserRow, courseId: string, q: ListQuery): Promise<PostPage> => {
  const access = await loadDiscussionAccess(db, me, courseId, q.childId);
  const rows = await listPosts(db, {
    courseId: access.course.id,
    meId: me.id,
    allHidden: access.role === 'moderator',
    categoryId: q.categoryId,
    q: q.q,
    after: parseCursor(q.cursor),
    limit: POSTS_PAGE + 1,
  });
  const page = rows.slice(0, POSTS_PAGE);
  const last = page.at(-1);
  return {
    items: page.map(postView),
    nextCursor: rows.length > POSTS_PAGE && last ? `${last.post.pinned ? 1 : 0}|${last.sortAt}|${last.post.id}` : null,
    canPost: canPost(access),
    canModerate: canModerate(access),
  };
};

/** One post as `me` sees it in its list. */
const rowFor = async (db: Db, me: UserRow, post: PostRecord): Promise<PostRow> => {
  const [row] = await listPosts(db, { courseId: post.courseId, meId: me.id, allHidden: true, q: '', after: null, limit: 1, only: [post.id] });
  if (!row) throw new DomainError('NOT_FOUND');
  return postView(row);
};

const detailsOf = async (db: Db, me: UserRow, access: DiscussionAccess, post: PostRecord): Promise<PostDetails> => {
  const own = post.authorId === me.id;
  return {
    ...(await rowFor(db, me, post)),
    bodyHtml: post.bodyHtml,
    attachments: (await attachmentsOfPost(db, post.id)).map(attachmentView),
    canEdit: own && canPost(access),
    canDelete: own ? canPost(access) : canModerate(access),
    canComment: mayComment(access, post.locked),
    canModerate: canModerate(access),
  };
};

/** `GET /api/discussions/posts/:postId`. */
export const postDetails = async (db: Db, me: UserRow, postId: string, childId?: string): Promise<PostDetails> => {
  const { post, access } = await loadPost(db, me, postId, childId);
  return detailsOf(db, me, access, post);
};

/** The sanitized body and its text, the category checked against the course. */
const contentOf = async (db: Db, access: DiscussionAccess, input: PostInput) => {
  if (input.categoryId && !(await findCategory(db, access.course.id, input.categoryId))) throw field('categoryId', 'invalidChoice');
  const bodyHtml = sanitizeRichText(input.bodyHtml);
  return { title: input.title, bodyHtml, bodyText: richTextToPlain(bodyHtml), categoryId: input.categoryId };
};

/** Attaches the author's new uploads and drops the ones no longer listed. */
const syncAttachments = async (tx: Db, me: UserRow, post: PostRecord, ids: readonly string[]): Promise<string[]> => {
  const wanted = [...new Set(ids)];
  const kept = (await attachmentsOfPost(tx, post.id)).filter((a) => wanted.includes(a.id)).map((a) => a.id);
  const fresh = wanted.filter((id) => !kept.includes(id));
  if ((await claimAttachments(tx, me.id, post.courseId, fresh, post.id)) !== fresh.length) throw field('attachmentIds', 'invalidChoice');
  return dropAttachments(tx, post.id, wanted);
};

const removeFiles = async (ctx: Ctx, keys: readonly string[]) => {
  for (const key of keys) await ctx.storage.delete(key);
};

/** `POST /api/courses/:courseId/discussions`: participants write; readers of the course hear of it, the mentioned are notified. */
export const createPost = async (ctx: Ctx, me: UserRow, courseId: string, input: PostInput): Promise<PostDetails> => {
  const access = await loadDiscussionAccess(ctx.db, me, courseId);
  requirePost(access);
  const content = await contentOf(ctx.db, access, input);
  const now = new Date();
  const post = await ctx.db.transaction(async (tx) => {
    const row = await insertPost(tx, { ...content, courseId: access.course.id, authorId: me.id, createdAt: now, lastActivityAt: now });
    await syncAttachments(tx, me, row, input.attachmentIds);
    await tellReaders(tx, access, row, me.id, { type: DISCUSSION_EVENTS.post, data: { courseId: row.courseId, post: await rowFor(tx, me, row) } });
    await notifyMentions(tx, ctx, access, row, me, input.mentionIds);
    return row;
  });
  return detailsOf(ctx.db, me, access, post);
};

/** `PUT /api/discussions/posts/:postId`: the author only (moderators hide or delete instead). */
export const editPost = async (ctx: Ctx, me: UserRow, postId: string, input: PostInput): Promise<PostDetails> => {
  const { post, access } = await loadPost(ctx.db, me, postId);
  requirePost(access);
  if (post.authorId !== me.id) throw new DomainError('FORBIDDEN');
  const content = await contentOf(ctx.db, access, input);
  const { saved, dropped } = await ctx.db.transaction(async (tx) => {
    const row = await updatePost(tx, post.id, { ...content, editedAt: new Date() });
    const gone = await syncAttachments(tx, me, row, input.attachmentIds);
    await tellReaders(tx, access, row, me.id, { type: DISCUSSION_EVENTS.post, data: { courseId: row.courseId, post: await rowFor(tx, me, row) } });
    await notifyMentions(tx, ctx, access, row, me, input.mentionIds);
    return { saved: row, dropped: gone };
  });
  await removeFiles(ctx, dropped);
  return detailsOf(ctx.db, me, access, saved);
};

/** `DELETE /api/discussions/posts/:postId`: the author or a moderator; the post is gone for everyone. */
export const deletePost = async (ctx: Ctx, me: UserRow, postId: string): Promise<void> => {
  const { post, access } = await loadPost(ctx.db, me, postId);
  if (post.authorId === me.id) requirePost(access);
  else requireModerate(access);
  const dropped = await ctx.db.transaction(async (tx) => {
    await updatePost(tx, post.id, { deleted: true, pinned: false });
    const gone = await dropAttachments(tx, post.id, []);
    await tellReaders(tx, access, post, me.id, { type: DISCUSSION_EVENTS.postDeleted, data: { courseId: post.courseId, postId: post.id } });
    return gone;
  });
  await removeFiles(ctx, dropped);
};

/** `PUT .../pin`, `.../lock`, `.../hide` `{ on }`: moderators only. */
export const moderatePost = async (db: Db, me: UserRow, postId: string, flag: 'pinned' | 'locked' | 'hidden', on: boolean): Promise<PostRow> => {
  const { post, access } = await loadPost(db, me, postId);
  requireModerate(access);
  return db.transaction(async (tx) => {
    const row = await updatePost(tx, post.id, { [flag]: on });
    const view = await rowFor(tx, me, row);
    if (flag === 'hidden') await tellHidden(tx, access, row, me.id, view);
    else await tellReaders(tx, access, row, me.id, { type: DISCUSSION_EVENTS.post, data: { courseId: row.courseId, post: view } });
    return view;
  });
};

/** `POST /api/discussions/posts/:postId/read`: the caller opened the post now. */
export const readPost = async (db: Db, me: UserRow, postId: string, childId?: string): Promise<{ unreadComments: 0 }> => {
  const { post } = await loadPost(db, me, postId, childId);
  await markPostRead(db, me.id, post.id, new Date());
  return { unreadComments: 0 };
};
