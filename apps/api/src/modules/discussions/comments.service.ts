import { DomainError } from '@klase/core/errors';
import { COMMENTS_PAGE, DISCUSSION_EVENTS, type CommentForm, type CommentPage, type CommentRow, type CommentSort } from '@klase/core/discussions/contracts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import {
  commentWithAuthor,
  findComment,
  findCommentByClientId,
  insertComment,
  repliesOf,
  topLevelComments,
  updateComment,
  type CommentRecord,
} from './comments.repo.ts';
import { canModerate, loadPost, requireModerate, requirePost, type DiscussionAccess } from './discussion-access.ts';
import { bumpComments, lastReadOf, type PostRecord } from './discussions.repo.ts';
import { notifyMentions, tellReaders } from './live.ts';
import { commentView, mayComment, replyView, type CommentViewer } from './views.ts';

/** Comments: a post's page (top-level comments with all their replies), writing, deleting, hiding. */

type CommentInput = Required<Omit<CommentForm, 'clientId'>> & { clientId?: string };

const field = (path: string, key: string) => new DomainError('VALIDATION', { fields: [{ path, key }] });

const parseCursor = (raw: string | undefined): number | null => {
  if (raw === undefined) return null;
  if (!/^\d{1,18}$/.test(raw)) throw field('cursor', 'invalidChoice');
  return Number(raw);
};

/** `GET /api/discussions/posts/:postId/comments?sort=&cursor=`: a page of top-level comments, each with all its replies. */
export const commentPage = async (db: Db, me: UserRow, postId: string, q: { sort: CommentSort; cursor?: string; childId?: string }): Promise<CommentPage> => {
  const { post, access } = await loadPost(db, me, postId, q.childId);
  const viewer: CommentViewer = { me, access, lastReadAt: await lastReadOf(db, me.id, post.id) };
  const rows = await topLevelComments(db, post.id, q.sort, parseCursor(q.cursor), COMMENTS_PAGE + 1);
  const page = rows.slice(0, COMMENTS_PAGE);
  const replies = await repliesOf(
    db,
    page.map((r) => r.comment.id),
  );
  const items = page.map((top) =>
    commentView(
      top,
      viewer,
      replies.filter((r) => r.comment.parentId === top.comment.id).map((r) => replyView(r, viewer)),
    ),
  );
  const last = page.at(-1);
  return { items, nextCursor: rows.length > COMMENTS_PAGE && last ? String(last.comment.seq) : null, total: post.commentCount };
};

/** A comment as its author sees it; a hidden one goes out without its body (readers re-read what they may see). */
const ownView = async (db: Db, me: UserRow, access: DiscussionAccess, id: string): Promise<CommentRow> => {
  const row = await commentWithAuthor(db, id);
  if (!row) throw new DomainError('NOT_FOUND');
  return commentView(row, { me, access, lastReadAt: null });
};

/** Publishes the comment to the post's readers and notifies the mentioned (in the change's transaction). */
const afterWrite = async (
  tx: Db,
  ctx: Ctx,
  w: { me: UserRow; access: DiscussionAccess; post: PostRecord; id: string; count: number; mentionIds: string[] },
) => {
  const comment = await ownView(tx, w.me, w.access, w.id);
  await tellReaders(tx, w.access, w.post, w.me.id, {
    type: DISCUSSION_EVENTS.comment,
    data: { courseId: w.post.courseId, postId: w.post.id, comment: { ...comment, body: comment.hidden ? '' : comment.body }, commentCount: w.count },
  });
  await notifyMentions(tx, ctx, w.access, w.post, w.me, w.mentionIds);
  return comment;
};

/** A reply's parent: a comment of the same post that is not deleted; a reply to a reply goes under its top-level comment. */
const topLevelParent = async (db: Db, post: PostRecord, parentId: string | null): Promise<string | null> => {
  if (parentId === null) return null;
  const parent = await findComment(db, parentId);
  if (!parent || parent.postId !== post.id || parent.deleted) throw field('parentId', 'invalidChoice');
  return parent.parentId ?? parent.id;
};

const repeat = async (db: Db, me: UserRow, access: DiscussionAccess, post: PostRecord, stored: CommentRecord) => {
  // A client id is the author's own: reused on another post, it is a mistake, not a retry.
  if (stored.postId !== post.id) throw field('clientId', 'invalidChoice');
  return { created: false, comment: await ownView(db, me, access, stored.id) };
};

/** `POST /api/discussions/posts/:postId/comments`: participants; a locked post takes comments from moderators only. */
export const createComment = async (ctx: Ctx, me: UserRow, postId: string, input: CommentInput): Promise<{ created: boolean; comment: CommentRow }> => {
  const { post, access } = await loadPost(ctx.db, me, postId);
  requirePost(access);
  if (!mayComment(access, post.locked)) throw new DomainError('POST_LOCKED');
  const clientId = input.clientId ?? null;
  const again = clientId ? await findCommentByClientId(ctx.db, me.id, clientId) : null;
  if (again) return repeat(ctx.db, me, access, post, again);
  const parentId = await topLevelParent(ctx.db, post, input.parentId);
  const now = new Date();
  const made = await ctx.db.transaction(async (tx) => {
    const row = await insertComment(tx, { postId: post.id, parentId, authorId: me.id, body: input.body, clientId, createdAt: now });
    if (!row) return null;
    const count = await bumpComments(tx, post.id, 1, now);
    return afterWrite(tx, ctx, { me, access, post, id: row.id, count, mentionIds: input.mentionIds });
  });
  if (made) return { created: true, comment: made };
  const stored = clientId ? await findCommentByClientId(ctx.db, me.id, clientId) : null;
  if (!stored) throw new DomainError('NOT_FOUND');
  return repeat(ctx.db, me, access, post, stored);
};

/** A comment that is not deleted, its post and the caller's access. */
const loadComment = async (db: Db, me: UserRow, commentId: string) => {
  const comment = await findComment(db, commentId);
  if (!comment || comment.deleted) throw new DomainError('NOT_FOUND');
  const { post, access } = await loadPost(db, me, comment.postId);
  if (comment.hidden && !canModerate(access) && comment.authorId !== me.id) throw new DomainError('NOT_FOUND');
  return { comment, post, access };
};

/** `PUT /api/discussions/comments/:commentId`: the author only, not on a locked post. */
export const editComment = async (ctx: Ctx, me: UserRow, commentId: string, input: { body: string; mentionIds: string[] }): Promise<CommentRow> => {
  const { comment, post, access } = await loadComment(ctx.db, me, commentId);
  requirePost(access);
  if (comment.authorId !== me.id) throw new DomainError('FORBIDDEN');
  if (!mayComment(access, post.locked)) throw new DomainError('POST_LOCKED');
  return ctx.db.transaction(async (tx) => {
    await updateComment(tx, comment.id, { body: input.body, editedAt: new Date() });
    return afterWrite(tx, ctx, { me, access, post, id: comment.id, count: post.commentCount, mentionIds: input.mentionIds });
  });
};

/** `DELETE /api/discussions/comments/:commentId`: the author or a moderator; with replies it stays as "deleted". */
export const deleteComment = async (db: Db, me: UserRow, commentId: string): Promise<void> => {
  const { comment, post, access } = await loadComment(db, me, commentId);
  if (comment.authorId === me.id) requirePost(access);
  else requireModerate(access);
  await db.transaction(async (tx) => {
    await updateComment(tx, comment.id, { deleted: true, body: '' });
    const count = await bumpComments(tx, post.id, -1);
    const data = { courseId: post.courseId, postId: post.id, commentId: comment.id, commentCount: count };
    await tellReaders(tx, access, post, me.id, { type: DISCUSSION_EVENTS.commentDeleted, data });
  });
};

/** `PUT /api/discussions/comments/:commentId/hide` `{ on }`: moderators. */
export const hideComment = async (ctx: Ctx, me: UserRow, commentId: string, on: boolean): Promise<CommentRow> => {
  const { comment, post, access } = await loadComment(ctx.db, me, commentId);
  requireModerate(access);
  return ctx.db.transaction(async (tx) => {
    await updateComment(tx, comment.id, { hidden: on });
    return afterWrite(tx, ctx, { me, access, post, id: comment.id, count: post.commentCount, mentionIds: [] });
  });
};
