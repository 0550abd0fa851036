import { and, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { GRADED_TYPES } from '@klase/core/materials/contracts';
import type { NotificationSettings } from '@klase/core/notifications/contracts';
import type { Db } from '../../db/client.ts';
import { notificationOnce, notifications, notificationSettings } from '../../db/schema/notifications.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { assignedToStudents } from '../../kernel/assignment-sql.ts';
import { personColumns } from '../../kernel/people.ts';

export type NotificationRecord = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** What a notification needs of its recipient (language and name for the mail, school for the link). */
const RECIPIENT_COLUMNS = {
  id: users.id,
  schoolId: users.schoolId,
  roleId: users.roleId,
  email: users.email,
  language: users.language,
  firstName: users.firstName,
  active: users.active,
};

/** What `notify` needs of a recipient. */
export const recipientsOf = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select(RECIPIENT_COLUMNS)
        .from(users)
        .where(inArray(users.id, [...ids]))
        .orderBy(users.id);

/** `recipientsOf` with each one's stored settings (null: the defaults), in one query. */
export const recipientsWithSettings = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          ...RECIPIENT_COLUMNS,
          settings: notificationSettings.settings,
        })
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(inArray(users.id, [...ids]))
        .orderBy(users.id);

export type Recipient = Awaited<ReturnType<typeof recipientsOf>>[number];

/** The stored settings of these users (users without a row use the defaults). */
export const storedSettings = async (db: Db, ids: readonly string[]): Promise<Map<string, NotificationSettings>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...ids]));
  return new Map(rows.map((r) => [r.userId, r.settings]));
};

export const saveSettings = async (db: Db, userId: string, settings: NotificationSettings): Promise<void> => {
  await db
    .insert(notificationSettings)
    .values({ userId, settings })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { settings, updatedAt: sql`now()` } });
};

/** Rows per INSERT: a school-wide announcement stays under PostgreSQL's limit of parameters per statement. */
const INSERT_CHUNK = 1_000;

/**
 * Stores one notification per row, a thousand rows a statement, and answers each recipient's
 * unread count after it, in the same statement. With a key, a recipient's unread notification of
 * that key is refreshed instead of a second one made (`notifications_unread_key_uq`).
 */
export const storeNotifications = async (
  tx: Db,
  rows: readonly NewNotification[],
  keyed: boolean,
): Promise<{ stored: NotificationRecord[]; unread: Map<string, number> }> => {
  const stored: NotificationRecord[] = [];
  const unread = new Map<string, number>();
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const part = await storeChunk(tx, rows.slice(i, i + INSERT_CHUNK), keyed);
    stored.push(...part.stored);
    for (const [userId, n] of part.unread) unread.set(userId, n);
  }
  return { stored, unread };
};

const storeChunk = async (tx: Db, rows: NewNotification[], keyed: boolean) => {
  const insert = tx.insert(notifications).values(rows);
  const written = tx.$with('written').as(
    keyed
      ? insert
          .onConflictDoUpdate({
            target: [notifications.userId, notifications.key],
            targetWhere: sql`${notifications.readAt} is null and ${notifications.key} is not null`,
            set: {
              type: sql`excluded.type`,
              params: sql`excluded.params`,
              link: sql`excluded.link`,
              actorId: sql`excluded.actor_id`,
              createdAt: sql`excluded.created_at`,
              digestState: sql`excluded.digest_state`,
            },
          })
          .returning()
      : insert.returning(),
  );
  // The statement's snapshot does not hold the rows it writes (a refreshed one only in its old
  // version): the recipients' other unread notifications are counted here, the written ones
  // (all unread) added below.
  const others = tx.$with('others').as(
    tx
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int`.as('n') })
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, [...new Set(rows.map((r) => r.userId))]),
          isNull(notifications.readAt),
          sql`${notifications.id} not in (select ${written.id} from ${written})`,
        ),
      )
      .groupBy(notifications.userId),
  );
  const found = await tx.with(written, others).select().from(written).leftJoin(others, eq(others.userId, written.userId));
  const unread = new Map<string, number>();
  for (const r of found) unread.set(r.written.userId, (unread.get(r.written.userId) ?? r.others?.n ?? 0) + (r.written.readAt === null ? 1 : 0));
  return { stored: found.map((r) => r.written), unread };
};

export const unreadCount = async (db: Db, userId: string): Promise<number> => (await unreadCounts(db, [userId])).get(userId) ?? 0;

/** Unread notifications of each of these users, in one query (a user without any is absent). */
export const unreadCounts = async (db: Db, userIds: readonly string[]): Promise<Map<string, number>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
};

/** A page of the user's notifications, newest first, after the cursor (createdAt, id), with the actor. */
export const pageOf = (db: Db, userId: string, opts: { unread: boolean; after: { at: Date; id: string } | null; limit: number }) =>
  db
    .select({ n: notifications, actor: personColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        opts.unread ? isNull(notifications.readAt) : undefined,
        opts.after
          ? or(lt(notifications.createdAt, opts.after.at), and(eq(notifications.createdAt, opts.after.at), lt(notifications.id, opts.after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit);

export type PageRow = Awaited<ReturnType<typeof pageOf>>[number];

/** Marks the user's notification read; answers whether it is theirs. */
export const markRead = async (db: Db, userId: string, id: string): Promise<boolean> => {
  const [found] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (!found) return false;
  if (!found.readAt)
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(eq(notifications.id, id));
  return true;
};

export const markAllRead = async (db: Db, userId: string): Promise<void> => {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
};

/** The parents linked to a student. */
export const parentsOf = async (db: Db, studentId: string): Promise<string[]> =>
  (await db.select({ id: parentStudents.parentId }).from(parentStudents).where(eq(parentStudents.studentId, studentId))).map((r) => r.id);

/** Claims a once-only notification; answers whether this call got it (false: it happened already). */
export const claimOnce = async (tx: Db, userId: string, key: string): Promise<boolean> => {
  const rows = await tx.insert(notificationOnce).values({ userId, key }).onConflictDoNothing().returning({ key: notificationOnce.key });
  return rows.length > 0;
};

/** Users with notifications waiting for their digest. */
export const usersWithPendingDigest = async (db: Db): Promise<string[]> =>
  (await db.selectDistinct({ id: notifications.userId }).from(notifications).where(eq(notifications.digestState, 'pending'))).map((r) => r.id);

/** Takes the user's digest notifications created before `before` (marked sent in `tx`), oldest first. */
export const takeDigest = (tx: Db, userId: string, before: Date): Promise<NotificationRecord[]> =>
  tx
    .update(notifications)
    .set({ digestState: 'sent' })
    .where(and(eq(notifications.userId, userId), eq(notifications.digestState, 'pending'), lt(notifications.createdAt, before)))
    .returning();

/**
 * Deletes up to `limit` notifications past keeping: read ones read before `readBefore`, any one
 * created before `createdBefore` whose digest mail is not still waiting. Answers how many went.
 */
export const pruneNotifications = async (db: Db, readBefore: Date, createdBefore: Date, limit: number): Promise<number> => {
  const old = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      or(
        lt(notifications.readAt, readBefore),
        and(lt(notifications.createdAt, createdBefore), or(isNull(notifications.digestState), eq(notifications.digestState, 'sent'))),
      ),
    )
    .limit(limit);
  const gone = await db.delete(notifications).where(inArray(notifications.id, old)).returning({ id: notifications.id });
  return gone.length;
};

/** Whether a user id exists in the given school (for producers' recipients). */
export const idsInSchool = async (db: Db, ids: readonly string[], schoolId: string): Promise<string[]> =>
  ids.length === 0
    ? []
    : (
        await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, [...ids]), eq(users.schoolId, schoolId)))
      ).map((r) => r.id);

/** The person columns of the user who caused a notification. */
export const actorOf = async (db: Db, id: string) => {
  const [row] = await db.select(personColumns).from(users).where(eq(users.id, id));
  return row ?? null;
};

/** A material and where it sits: its element, course, class and school. */
export const materialPlace = {
  materialId: courseMaterials.id,
  materialName: courseMaterials.name,
  dueAt: courseMaterials.dueAt,
  elementId: courseElements.id,
  courseId: courses.id,
  courseName: courses.name,
  classId: classes.id,
  schoolId: classes.schoolId,
};

/**
 * One row per (material, student of its active class) that the material is assigned to (published
 * material, element and course: assignment-sql.ts), with `extra` columns; filter, join and order on it.
 */
export const assignedStudentRows = <E extends SelectedFields>(db: Db, extra: E) =>
  db
    .select({ studentId: classStudents.studentId, ...materialPlace, ...extra })
    .from(courseMaterials)
    .innerJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
    .innerJoin(courses, eq(courses.id, courseMaterials.courseId))
    .innerJoin(classes, and(eq(classes.id, courses.classId), isNull(classes.archivedAt)))
    .innerJoin(classStudents, eq(classStudents.classId, classes.id))
    .leftJoin(submissions, and(eq(submissions.materialId, courseMaterials.id), eq(submissions.studentId, classStudents.studentId)))
    .$dynamic();

/**
 * Students with graded work due in (now, until] that they have not handed in (no submission or a
 * draft) and were not told of yet (`dueSoon:<materialId>` not claimed), at most `limit`.
 */
export const dueSoonCandidates = (db: Db, now: Date, until: Date, limit: number) =>
  assignedStudentRows(db, {})
    .where(
      and(
        assignedToStudents(classStudents.studentId),
        inArray(courseMaterials.type, GRADED_TYPES),
        gt(courseMaterials.dueAt, now),
        lte(courseMaterials.dueAt, until),
        or(isNull(submissions.id), eq(submissions.status, 'draft')),
        sql`not exists (select 1 from ${notificationOnce} where ${notificationOnce.userId} = ${classStudents.studentId} and ${notificationOnce.key} = 'dueSoon:' || ${courseMaterials.id}::text)`,
      ),
    )
    .orderBy(courseMaterials.dueAt, courseMaterials.id, classStudents.studentId)
    .limit(limit);

export type DueSoonCandidate = Awaited<ReturnType<typeof dueSoonCandidates>>[number];

/**
 * A material as its students meet it (published, in a published element of a published course of
 * an active class), with the students it is assigned to; null when no student sees it.
 */
export const materialAudience = async (db: Db, materialId: string) => {
  const rows = await assignedStudentRows(db, {}).where(and(eq(courseMaterials.id, materialId), assignedToStudents(classStudents.studentId)));
  const [first] = rows;
  return first ? { ...first, studentIds: rows.map((r) => r.studentId) } : null;
};

/** A class's name, school and teachers (assistants too). */
export const classWithTeachers = async (db: Db, classId: string) => {
  const [cls] = await db.select({ id: classes.id, name: classes.name, schoolId: classes.schoolId }).from(classes).where(eq(classes.id, classId));
  if (!cls) return null;
  const teachers = await db.select({ id: classTeachers.userId }).from(classTeachers).where(eq(classTeachers.classId, classId));
  return { ...cls, teacherIds: teachers.map((t) => t.id) };
};
