import { and, asc, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discussionAttachments, discussionComments } from '../../db/schema/discussions.ts';
import { users } from '../../db/schema/users.ts';
import { authorColumns } from './discussions.repo.ts';

/** Comments of posts (one level of replies) and post attachments. */

export type CommentRecord = typeof discussionComments.$inferSelect;
export type AttachmentRecord = typeof discussionAttachments.$inferSelect;

export const findComment = async (db: Db, id: string): Promise<CommentRecord | null> => {
  const [row] = await db.select().from(discussionComments).where(eq(discussionComments.id, id));
  return row ?? null;
};

export const findCommentByClientId = async (db: Db, authorId: string, clientId: string): Promise<CommentRecord | null> => {
  const [row] = await db
    .select()
    .from(discussionComments)
    .where(and(eq(discussionComments.authorId, authorId), eq(discussionComments.clientId, clientId)));
  return row ?? null;
};

/** Stores a comment; null when the author's client id is taken already (a raced retry). */
export const insertComment = async (db: Db, values: typeof discussionComments.$inferInsert): Promise<CommentRecord | null> => {
  const [row] = await db.insert(discussionComments).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

export const updateComment = async (db: Db, id: string, set: Partial<typeof discussionComments.$inferInsert>): Promise<CommentRecord> => {
  const [row] = await db.update(discussionComments).set(set).where(eq(discussionComments.id, id)).returning();
  if (!row) throw new Error('comment');
  return row;
};

/** A top-level comment shows while it is not deleted, or while a reply of it is not. */
const shown = sql`(not ${discussionComments.deleted} or exists (select 1 from discussion_comments r where r.parent_id = ${discussionComments.id} and not r.deleted))`;

/** A page of a post's top-level comments after the cursor (`seq`), oldest or newest first. */
export const topLevelComments = (db: Db, postId: string, sort: 'oldest' | 'newest', after: number | null, limit: number) =>
  db
    .select({ comment: discussionComments, author: authorColumns })
    .from(discussionComments)
    .innerJoin(users, eq(users.id, discussionComments.authorId))
    .where(
      and(
        eq(discussionComments.postId, postId),
        isNull(discussionComments.parentId),
        shown,
        after === null ? undefined : sort === 'oldest' ? gt(discussionComments.seq, after) : lt(discussionComments.seq, after),
      ),
    )
    .orderBy(sort === 'oldest' ? asc(discussionComments.seq) : desc(discussionComments.seq))
    .limit(limit);

/** The replies (not deleted) of these top-level comments, oldest first. */
export const repliesOf = (db: Db, parentIds: readonly string[]) =>
  parentIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ comment: discussionComments, author: authorColumns })
        .from(discussionComments)
        .innerJoin(users, eq(users.id, discussionComments.authorId))
        .where(and(inArray(discussionComments.parentId, [...parentIds]), eq(discussionComments.deleted, false)))
        .orderBy(asc(discussionComments.seq));
export type ListedComment = Awaited<ReturnType<typeof repliesOf>>[number];

export const commentWithAuthor = async (db: Db, id: string): Promise<ListedComment | null> => {
  const [row] = await db
    .select({ comment: discussionComments, author: authorColumns })
    .from(discussionComments)
    .innerJoin(users, eq(users.id, discussionComments.authorId))
    .where(eq(discussionComments.id, id));
  return row ?? null;
};

// ---- attachments ----

export const insertAttachment = async (db: Db, values: typeof discussionAttachments.$inferInsert): Promise<AttachmentRecord> => {
  const [row] = await db.insert(discussionAttachments).values(values).returning();
  if (!row) throw new Error('attachment');
  return row;
};

export const findAttachment = async (db: Db, id: string): Promise<AttachmentRecord | null> => {
  const [row] = await db.select().from(discussionAttachments).where(eq(discussionAttachments.id, id));
  return row ?? null;
};

export const attachmentsOfPost = (db: Db, postId: string) =>
  db.select().from(discussionAttachments).where(eq(discussionAttachments.postId, postId)).orderBy(asc(discussionAttachments.createdAt));

/** Attaches the owner's unused uploads of this course to the post; answers how many it took. */
export const claimAttachments = async (db: Db, ownerId: string, courseId: string, ids: readonly string[], postId: string): Promise<number> => {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(discussionAttachments)
    .set({ postId })
    .where(
      and(
        inArray(discussionAttachments.id, [...ids]),
        eq(discussionAttachments.ownerId, ownerId),
        eq(discussionAttachments.courseId, courseId),
        isNull(discussionAttachments.postId),
      ),
    )
    .returning({ id: discussionAttachments.id });
  return rows.length;
};

/** Removes the post's attachments not in `keep`; answers their file keys. */
export const dropAttachments = async (db: Db, postId: string, keep: readonly string[]): Promise<string[]> => {
  const rows = await db
    .delete(discussionAttachments)
    .where(and(eq(discussionAttachments.postId, postId), keep.length ? notInArray(discussionAttachments.id, [...keep]) : undefined))
    .returning({ fileKey: discussionAttachments.fileKey });
  return rows.map((r) => r.fileKey);
};

/** The owner's uploads never attached and older than `before` (removed with their files). */
export const deleteStaleAttachments = async (db: Db, ownerId: string, before: Date): Promise<string[]> => {
  const rows = await db
    .delete(discussionAttachments)
    .where(and(eq(discussionAttachments.ownerId, ownerId), isNull(discussionAttachments.postId), lt(discussionAttachments.createdAt, before)))
    .returning({ fileKey: discussionAttachments.fileKey });
  return rows.map((r) => r.fileKey);
};
