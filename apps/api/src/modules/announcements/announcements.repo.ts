import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { ROLE } from '@klase/core/roles';
import type { Db } from '../../db/client.ts';
import { announcementReads, announcements } from '../../db/schema/announcements.ts';
import { classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { courses } from '../../db/schema/courses.ts';
import { schools } from '../../db/schema/tenancy.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { personColumns } from '../../kernel/people.ts';

export type AnnouncementRecord = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;
export type ManageStatus = 'all' | 'scheduled' | 'current' | 'ended';

/** Whose classes a reader reaches: a student their own, a parent their children's, staff the ones they teach, a school admin none (school only). */
export type Reach = { kind: 'students'; ids: readonly string[] } | { kind: 'teacher'; userId: string } | { kind: 'school' };

// ---------------------------------------------------------------------------------------------
// Where one may announce

export const classOfSchool = async (db: Db, schoolId: string, classId: string) => {
  const [row] = await db
    .select({ id: classes.id, name: classes.name, archivedAt: classes.archivedAt })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.schoolId, schoolId)));
  return row ?? null;
};

export const courseOfSchool = async (db: Db, schoolId: string, courseId: string) => {
  const [row] = await db
    .select({ id: courses.id, classId: classes.id, archivedAt: classes.archivedAt })
    .from(courses)
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(and(eq(courses.id, courseId), eq(classes.schoolId, schoolId)));
  return row ?? null;
};

export const teaches = async (db: Db, userId: string, classId: string): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(classTeachers)
    .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)));
  return row !== undefined;
};

/** The open classes of the school (`teacherId`: only the ones they teach), by name, and their courses. */
export const announceableClasses = async (db: Db, schoolId: string, teacherId: string | null) => {
  const taught = teacherId
    ? inArray(classes.id, db.select({ id: classTeachers.classId }).from(classTeachers).where(eq(classTeachers.userId, teacherId)))
    : undefined;
  const cls = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt), taught))
    .orderBy(asc(classes.name), asc(classes.id));
  const crs =
    cls.length === 0
      ? []
      : await db
          .select({ id: courses.id, name: courses.name, classId: courses.classId })
          .from(courses)
          .where(
            inArray(
              courses.classId,
              cls.map((c) => c.id),
            ),
          )
          .orderBy(asc(courses.name), asc(courses.id));
  return { classes: cls, courses: crs.flatMap((c) => (c.classId ? [{ ...c, classId: c.classId }] : [])) };
};

export const isParentOf = async (db: Db, parentId: string, studentId: string): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(parentStudents)
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)));
  return row !== undefined;
};

export const childrenOf = async (db: Db, parentId: string): Promise<string[]> =>
  (await db.select({ id: parentStudents.studentId }).from(parentStudents).where(eq(parentStudents.parentId, parentId))).map((r) => r.id);

// ---------------------------------------------------------------------------------------------
// Rows

const readBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${announcementReads} where ${announcementReads.announcementId} = ${announcements.id} and ${announcementReads.userId} = ${userId})`;

/** Announcements with what a row shows (author, class, course and school names, the reader's read state). */
const selectRows = (db: Db, readerId: string) =>
  db
    .select({
      a: announcements,
      author: { ...personColumns, roleId: users.roleId },
      className: classes.name,
      courseName: courses.name,
      schoolName: schools.name,
      read: readBy(readerId),
    })
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.authorId))
    .innerJoin(schools, eq(schools.id, announcements.schoolId))
    .leftJoin(classes, eq(classes.id, announcements.classId))
    .leftJoin(courses, eq(courses.id, announcements.courseId));

export type FullRow = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

const currentAt = (now: Date): SQL | undefined => and(lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)));

const statusAt = (status: ManageStatus, now: Date): SQL | undefined => {
  if (status === 'scheduled') return gt(announcements.startsAt, now);
  if (status === 'ended') return lte(announcements.endsAt, now);
  if (status === 'current') return currentAt(now);
  return undefined;
};

/** The classes a reader reaches (null: none). */
const reachedClasses = (db: Db, reach: Reach) => {
  if (reach.kind === 'students')
    return db
      .select({ id: classStudents.classId })
      .from(classStudents)
      .where(inArray(classStudents.studentId, [...reach.ids]));
  if (reach.kind === 'teacher') return db.select({ id: classTeachers.classId }).from(classTeachers).where(eq(classTeachers.userId, reach.userId));
  return null;
};

/** Who reads what: everyone of the school the school's; a reached, open class's class ones, and course ones once published (staff: always). */
const reachOf = (db: Db, schoolId: string, reach: Reach): SQL | undefined => {
  const cls = reachedClasses(db, reach);
  const school = eq(announcements.audience, 'school');
  if (!cls) return and(eq(announcements.schoolId, schoolId), school);
  const courseSeen = reach.kind === 'teacher' ? undefined : or(eq(announcements.audience, 'class'), eq(courses.published, true));
  return and(eq(announcements.schoolId, schoolId), or(school, and(inArray(announcements.classId, cls), isNull(classes.archivedAt), courseSeen)));
};

/** The reader's current announcements, newest start first, and how many of all current ones they have not read. */
export const currentFor = async (db: Db, readerId: string, schoolId: string, reach: Reach, now: Date, limit: number) => {
  const where = and(reachOf(db, schoolId, reach), currentAt(now));
  const items = await selectRows(db, readerId).where(where).orderBy(desc(announcements.startsAt), desc(announcements.id)).limit(limit);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(announcements)
    .leftJoin(classes, eq(classes.id, announcements.classId))
    .leftJoin(courses, eq(courses.id, announcements.courseId))
    .where(and(where, sql`not ${readBy(readerId)}`));
  return { items, unread: count?.n ?? 0 };
};

/** One announcement the reader reaches (any status), or null. */
export const reachedById = async (db: Db, id: string, schoolId: string, reach: Reach): Promise<boolean> => {
  const [row] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .leftJoin(classes, eq(classes.id, announcements.classId))
    .leftJoin(courses, eq(courses.id, announcements.courseId))
    .where(and(eq(announcements.id, id), reachOf(db, schoolId, reach)));
  return row !== undefined;
};

/** A page of the announcements one manages (`authorId`: only theirs), newest start first, after the cursor. */
export const managedPage = (
  db: Db,
  q: { schoolId: string; authorId: string | null; readerId: string; status: ManageStatus; now: Date; after: { at: Date; id: string } | null; limit: number },
) =>
  selectRows(db, q.readerId)
    .where(
      and(
        eq(announcements.schoolId, q.schoolId),
        q.authorId ? eq(announcements.authorId, q.authorId) : undefined,
        statusAt(q.status, q.now),
        q.after ? or(lt(announcements.startsAt, q.after.at), and(eq(announcements.startsAt, q.after.at), lt(announcements.id, q.after.id))) : undefined,
      ),
    )
    .orderBy(desc(announcements.startsAt), desc(announcements.id))
    .limit(q.limit);

export const rowById = async (db: Db, id: string, readerId: string): Promise<FullRow | null> => {
  const [row] = await selectRows(db, readerId).where(eq(announcements.id, id));
  return row ?? null;
};

/** The announcement of this school (another school's: null). */
export const findInSchool = async (db: Db, schoolId: string, id: string): Promise<AnnouncementRecord | null> => {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.schoolId, schoolId)));
  return row ?? null;
};

export const insertAnnouncement = async (tx: Db, values: NewAnnouncement): Promise<AnnouncementRecord> => {
  const [row] = await tx.insert(announcements).values(values).returning();
  if (!row) throw new Error('announcement not inserted');
  return row;
};

export const updateAnnouncement = async (tx: Db, id: string, set: Partial<NewAnnouncement>): Promise<AnnouncementRecord> => {
  const [row] = await tx
    .update(announcements)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new Error('announcement not updated');
  return row;
};

export const deleteAnnouncement = async (db: Db, id: string): Promise<void> => {
  await db.delete(announcements).where(eq(announcements.id, id));
};

export const markAnnouncementRead = async (db: Db, userId: string, announcementId: string): Promise<void> => {
  await db.insert(announcementReads).values({ userId, announcementId }).onConflictDoNothing();
};

// ---------------------------------------------------------------------------------------------
// Notices

/** The next announcement whose start has come and whose readers were not told yet, locked (other nodes skip it). */
export const lockNextDue = async (tx: Db, now: Date): Promise<AnnouncementRecord | null> => {
  const [row] = await tx
    .select()
    .from(announcements)
    .where(and(isNull(announcements.notifiedAt), lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now))))
    .orderBy(asc(announcements.startsAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
};

/** Everyone who reads it, in one query: the school's people, or the class's students (a course's: once published), their parents and the class's teachers. */
export const readersOf = async (db: Db, a: AnnouncementRecord): Promise<string[]> => {
  if (a.audience === 'school') {
    const roles = [ROLE.student, ROLE.parent, ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolId, a.schoolId), inArray(users.roleId, roles), eq(users.active, true)));
    return rows.map((r) => r.id);
  }
  if (!a.classId) return [];
  const published = a.audience === 'class' ? undefined : sql`exists (select 1 from ${courses} where ${courses.id} = ${a.courseId} and ${courses.published})`;
  const students = () =>
    db
      .select({ id: classStudents.studentId })
      .from(classStudents)
      .where(and(eq(classStudents.classId, a.classId ?? ''), published));
  const rows = await union(
    students(),
    db.select({ id: parentStudents.parentId }).from(parentStudents).where(inArray(parentStudents.studentId, students())),
    db.select({ id: classTeachers.userId }).from(classTeachers).where(eq(classTeachers.classId, a.classId)),
  );
  return rows.map((r) => r.id);
};
