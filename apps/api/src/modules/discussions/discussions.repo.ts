import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { classStudents, classTeachers } from '../../db/schema/classes.ts';
import { discussionCategories, discussionComments, discussionPosts, discussionReads, discussionSettings } from '../../db/schema/discussions.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { fullNameSql } from '../../kernel/people.ts';
import { escapeLike } from '../../kernel/table-sql.ts';

/** Posts, categories, settings, read state and the audience of a course's discussions. */

export type PostRecord = typeof discussionPosts.$inferSelect;
export type CategoryRecord = typeof discussionCategories.$inferSelect;

export type AuthorRecord = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'roleId' | 'photoKey' | 'photoVersion'>;

export const authorColumns = {
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  roleId: users.roleId,
  photoKey: users.photoKey,
  photoVersion: users.photoVersion,
};

// ---- settings and categories ----

export const readSettings = async (db: Db, courseId: string): Promise<{ parentsRead: boolean }> => {
  const [row] = await db.select({ parentsRead: discussionSettings.parentsRead }).from(discussionSettings).where(eq(discussionSettings.courseId, courseId));
  return { parentsRead: row?.parentsRead ?? false };
};

export const saveSettings = (db: Db, courseId: string, parentsRead: boolean) =>
  db.insert(discussionSettings).values({ courseId, parentsRead }).onConflictDoUpdate({ target: discussionSettings.courseId, set: { parentsRead } });

/**
 * Makes the default categories once per course: only the call that flips `categories_made`
 * inserts them (a concurrent first read waits on the row lock and finds them made).
 */
export const makeDefaultCategories = async (db: Db, courseId: string, names: readonly string[]): Promise<void> => {
  await db.transaction(async (tx) => {
    const flipped = await tx
      .insert(discussionSettings)
      .values({ courseId, categoriesMade: true })
      .onConflictDoUpdate({ target: discussionSettings.courseId, set: { categoriesMade: true }, where: eq(discussionSettings.categoriesMade, false) })
      .returning({ courseId: discussionSettings.courseId });
    if (flipped.length === 0) return;
    await tx
      .insert(discussionCategories)
      .values(names.map((name) => ({ courseId, name })))
      .onConflictDoNothing();
  });
};

/** A course's categories by name, with their visible posts' count. */
export const listCategories = (db: Db, courseId: string) =>
  db
    .select({
      id: discussionCategories.id,
      name: discussionCategories.name,
      postCount: sql<number>`(select count(*)::int from ${discussionPosts} p where p.category_id = ${discussionCategories.id} and not p.deleted and not p.hidden)`,
    })
    .from(discussionCategories)
    .where(eq(discussionCategories.courseId, courseId))
    .orderBy(asc(sql`lower(${discussionCategories.name})`));

export const countCategories = async (db: Db, courseId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discussionCategories)
    .where(eq(discussionCategories.courseId, courseId));
  return row?.n ?? 0;
};

export const findCategory = async (db: Db, courseId: string, id: string): Promise<CategoryRecord | null> => {
  const [row] = await db
    .select()
    .from(discussionCategories)
    .where(and(eq(discussionCategories.id, id), eq(discussionCategories.courseId, courseId)));
  return row ?? null;
};

export const insertCategory = async (db: Db, courseId: string, name: string): Promise<CategoryRecord> => {
  const [row] = await db.insert(discussionCategories).values({ courseId, name }).returning();
  if (!row) throw new Error('category');
  return row;
};

export const renameCategory = (db: Db, id: string, name: string) => db.update(discussionCategories).set({ name }).where(eq(discussionCategories.id, id));
export const deleteCategory = (db: Db, id: string) => db.delete(discussionCategories).where(eq(discussionCategories.id, id));

// ---- posts ----

export const findPost = async (db: Db, id: string): Promise<PostRecord | null> => {
  const [row] = await db
    .select()
    .from(discussionPosts)
    .where(and(eq(discussionPosts.id, id), eq(discussionPosts.deleted, false)));
  return row ?? null;
};

export const insertPost = async (db: Db, values: typeof discussionPosts.$inferInsert): Promise<PostRecord> => {
  const [row] = await db.insert(discussionPosts).values(values).returning();
  if (!row) throw new Error('post');
  return row;
};

export const updatePost = async (db: Db, id: string, set: Partial<typeof discussionPosts.$inferInsert>): Promise<PostRecord> => {
  const [row] = await db.update(discussionPosts).set(set).where(eq(discussionPosts.id, id)).returning();
  if (!row) throw new Error('post');
  return row;
};

/** Adds `delta` to the post's comment count (and, for a new comment, moves its last activity). */
export const bumpComments = async (db: Db, id: string, delta: number, activityAt?: Date): Promise<number> => {
  const [row] = await db
    .update(discussionPosts)
    .set({ commentCount: sql`${discussionPosts.commentCount} + ${delta}`, ...(activityAt ? { lastActivityAt: activityAt } : {}) })
    .where(eq(discussionPosts.id, id))
    .returning({ n: discussionPosts.commentCount });
  return row?.n ?? 0;
};

/** Pinned first (newest pinned first), then by last activity; keys truncated to milliseconds so cursors compare exactly. */
const sortKey = sql`date_trunc('milliseconds', case when ${discussionPosts.pinned} then ${discussionPosts.createdAt} else ${discussionPosts.lastActivityAt} end)`;
const pinnedInt = sql`(case when ${discussionPosts.pinned} then 1 else 0 end)`;

export interface PostCursor {
  pinned: number;
  at: string;
  id: string;
}

export interface PostFilter {
  courseId: string;
  meId: string;
  /** Hidden posts too (moderators); otherwise only the caller's own hidden ones. */
  allHidden: boolean;
  categoryId?: string;
  q: string;
  after: PostCursor | null;
  limit: number;
  only?: string[];
}

/** The posts of a course for the caller, with author, category and the caller's read state. */
export const listPosts = (db: Db, f: PostFilter) => {
  const where: (SQL | undefined)[] = [eq(discussionPosts.courseId, f.courseId), eq(discussionPosts.deleted, false)];
  if (!f.allHidden) where.push(or(eq(discussionPosts.hidden, false), eq(discussionPosts.authorId, f.meId)));
  if (f.categoryId) where.push(eq(discussionPosts.categoryId, f.categoryId));
  if (f.only) where.push(inArray(discussionPosts.id, f.only.length ? f.only : ['00000000-0000-0000-0000-000000000000']));
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    where.push(or(ilike(discussionPosts.title, pattern), ilike(discussionPosts.bodyText, pattern)));
  }
  if (f.after) where.push(sql`(${pinnedInt}, ${sortKey}, ${discussionPosts.id}) < (${f.after.pinned}, ${f.after.at}::timestamptz, ${f.after.id}::uuid)`);
  return db
    .select({
      post: discussionPosts,
      author: authorColumns,
      categoryName: discussionCategories.name,
      lastReadAt: discussionReads.lastReadAt,
      sortAt: sql<string>`to_char(${sortKey} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      unreadComments: sql<number>`(select count(*)::int from ${discussionComments} c where c.post_id = ${discussionPosts.id} and not c.deleted
        and c.author_id <> ${f.meId} and (${discussionReads.lastReadAt} is null or c.created_at > ${discussionReads.lastReadAt}))`,
      attachmentCount: sql<number>`(select count(*)::int from discussion_attachments a where a.post_id = ${discussionPosts.id})`,
    })
    .from(discussionPosts)
    .innerJoin(users, eq(users.id, discussionPosts.authorId))
    .leftJoin(discussionCategories, eq(discussionCategories.id, discussionPosts.categoryId))
    .leftJoin(discussionReads, and(eq(discussionReads.postId, discussionPosts.id), eq(discussionReads.userId, f.meId)))
    .where(and(...where))
    .orderBy(desc(pinnedInt), desc(sortKey), desc(discussionPosts.id))
    .limit(f.limit);
};
export type ListedPost = Awaited<ReturnType<typeof listPosts>>[number];

/** Marks the post read by the user now; answers the time. */
export const markPostRead = async (db: Db, userId: string, postId: string, at: Date): Promise<void> => {
  await db
    .insert(discussionReads)
    .values({ userId, postId, lastReadAt: at })
    .onConflictDoUpdate({ target: [discussionReads.postId, discussionReads.userId], set: { lastReadAt: at } });
};

export const lastReadOf = async (db: Db, userId: string, postId: string): Promise<Date | null> => {
  const [row] = await db
    .select({ at: discussionReads.lastReadAt })
    .from(discussionReads)
    .where(and(eq(discussionReads.postId, postId), eq(discussionReads.userId, userId)));
  return row?.at ?? null;
};

// ---- audience ----

/** The class's teachers and assistants, its students, and their parents (ids). */
export const audienceOf = async (db: Db, classId: string) => {
  const staff = await db.select({ id: classTeachers.userId }).from(classTeachers).where(eq(classTeachers.classId, classId));
  const students = await db.select({ id: classStudents.studentId }).from(classStudents).where(eq(classStudents.classId, classId));
  const studentIds = students.map((s) => s.id);
  const parents = studentIds.length
    ? await db.selectDistinct({ id: parentStudents.parentId }).from(parentStudents).where(inArray(parentStudents.studentId, studentIds))
    : [];
  return { staffIds: staff.map((s) => s.id), studentIds, parentIds: parents.map((p) => p.id) };
};

/** Staff and students of the class whose name contains `q` (mention candidates), by name. */
export const participantsOf = (db: Db, classId: string, withStudents: boolean, q: string, limit: number) => {
  const inClass = or(
    sql`${users.id} in (select user_id from ${classTeachers} where class_id = ${classId})`,
    withStudents ? sql`${users.id} in (select student_id from ${classStudents} where class_id = ${classId})` : undefined,
  );
  const named = q ? ilike(fullNameSql, `%${escapeLike(q)}%`) : undefined;
  return db
    .select(authorColumns)
    .from(users)
    .where(and(inClass, named, eq(users.active, true)))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(limit);
};
