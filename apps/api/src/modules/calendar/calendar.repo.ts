import { and, asc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { calendarEventExceptions, calendarEvents, calendarFeeds } from '../../db/schema/calendar.ts';
import { classGroupMembers, classGroups, classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { courses } from '../../db/schema/courses.ts';
import { schools } from '../../db/schema/tenancy.ts';

/** Calendar queries (issue 17): who sees which series, their exceptions, the feed tokens. */

export type EventRecord = typeof calendarEvents.$inferSelect;
export type EventValues = typeof calendarEvents.$inferInsert;
export type ExceptionRecord = typeof calendarEventExceptions.$inferSelect;
export type ExceptionValues = typeof calendarEventExceptions.$inferInsert;

/**
 * Whose calendar is read: the school's events always; `ownerId`'s user events; the class, course
 * and group events of `studentIds`' active classes (published courses, their own groups); the
 * class, course and group events of the active classes `teacherId` teaches.
 */
export interface Viewer {
  schoolId: string;
  ownerId: string | null;
  studentIds: string[];
  teacherId: string | null;
}

export const schoolTimeZone = async (db: Db, schoolId: string): Promise<string> => {
  const [row] = await db.select({ tz: schools.timeZone }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.tz ?? 'Asia/Manila';
};

const activeClass = and(eq(classes.id, classStudents.classId), isNull(classes.archivedAt));

/** Ids of the active classes the user teaches (teacher or assistant). */
export const taughtClassIds = async (db: Db, userId: string): Promise<string[]> => {
  const rows = await db
    .select({ id: classTeachers.classId })
    .from(classTeachers)
    .innerJoin(classes, and(eq(classes.id, classTeachers.classId), isNull(classes.archivedAt)))
    .where(eq(classTeachers.userId, userId));
  return rows.map((r) => r.id);
};

const contextTypes = ['class', 'course', 'group'] as const;

const studentsPart = (db: Db, ids: string[]): SQL => {
  const enrolledClasses = db
    .select({ id: classStudents.classId })
    .from(classStudents)
    .innerJoin(classes, activeClass)
    .where(inArray(classStudents.studentId, ids));
  const publishedCourse = sql`exists (select 1 from ${courses} where ${courses.id} = ${calendarEvents.courseId} and ${courses.published})`;
  const memberGroups = db.select({ id: classGroupMembers.groupId }).from(classGroupMembers).where(inArray(classGroupMembers.studentId, ids));
  return and(
    inArray(calendarEvents.classId, enrolledClasses),
    or(
      eq(calendarEvents.type, 'class'),
      and(eq(calendarEvents.type, 'course'), publishedCourse),
      and(eq(calendarEvents.type, 'group'), inArray(calendarEvents.groupId, memberGroups)),
    ),
  ) as SQL;
};

const visibleTo = (db: Db, v: Viewer): SQL => {
  const parts: SQL[] = [eq(calendarEvents.type, 'school')];
  if (v.ownerId) parts.push(and(eq(calendarEvents.type, 'user'), eq(calendarEvents.ownerId, v.ownerId)) as SQL);
  if (v.teacherId) {
    const taught = db
      .select({ id: classTeachers.classId })
      .from(classTeachers)
      .innerJoin(classes, and(eq(classes.id, classTeachers.classId), isNull(classes.archivedAt)))
      .where(eq(classTeachers.userId, v.teacherId));
    parts.push(and(inArray(calendarEvents.type, [...contextTypes]), inArray(calendarEvents.classId, taught)) as SQL);
  }
  if (v.studentIds.length) parts.push(studentsPart(db, v.studentIds));
  return and(eq(calendarEvents.schoolId, v.schoolId), or(...parts)) as SQL;
};

/**
 * Series that may have an occurrence starting in [from, to]: started by `to`, not ended before
 * `from` (a one-off: on or after `from`), or with an exception moved into the range.
 */
const mayMeet = (from: string, to: string): SQL =>
  or(
    and(
      lte(calendarEvents.startDate, to),
      or(isNull(calendarEvents.until), gte(calendarEvents.until, from)),
      or(ne(calendarEvents.repeat, 'never'), gte(calendarEvents.startDate, from)),
    ),
    sql`exists (select 1 from ${calendarEventExceptions} x where x.event_id = ${calendarEvents.id} and x.date between ${from} and ${to})`,
  ) as SQL;

/** The series a viewer sees (all of them, or those that may meet [from, to]) with their context's names. */
export const visibleEvents = (db: Db, v: Viewer, range: { from: string; to: string } | null) =>
  db
    .select({ event: calendarEvents, className: classes.name, courseName: courses.name, groupName: classGroups.name })
    .from(calendarEvents)
    .leftJoin(classes, eq(classes.id, calendarEvents.classId))
    .leftJoin(courses, eq(courses.id, calendarEvents.courseId))
    .leftJoin(classGroups, eq(classGroups.id, calendarEvents.groupId))
    .where(range ? and(visibleTo(db, v), mayMeet(range.from, range.to)) : visibleTo(db, v))
    .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.id));

export type VisibleEvent = Awaited<ReturnType<typeof visibleEvents>>[number];

export const exceptionsOf = async (db: Db, eventIds: string[]): Promise<ExceptionRecord[]> =>
  eventIds.length === 0 ? [] : db.select().from(calendarEventExceptions).where(inArray(calendarEventExceptions.eventId, eventIds));

export const findEvent = async (db: Db, id: string): Promise<EventRecord | null> => {
  const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id)).limit(1);
  return row ?? null;
};

export const insertEvent = async (db: Db, values: EventValues): Promise<EventRecord> => {
  const [row] = await db.insert(calendarEvents).values(values).returning();
  if (!row) throw new Error('calendar event not stored');
  return row;
};

export const updateEvent = async (db: Db, id: string, values: Partial<EventValues>): Promise<void> => {
  await db.update(calendarEvents).set(values).where(eq(calendarEvents.id, id));
};

export const deleteEvent = async (db: Db, id: string): Promise<void> => {
  await db.delete(calendarEvents).where(eq(calendarEvents.id, id));
};

/** Stores the exception of one occurrence (replacing an earlier one of the same occurrence). */
export const saveException = async (db: Db, values: ExceptionValues): Promise<void> => {
  const { eventId: _e, occurrence: _o, createdBy: _c, ...set } = values;
  await db
    .insert(calendarEventExceptions)
    .values(values)
    .onConflictDoUpdate({ target: [calendarEventExceptions.eventId, calendarEventExceptions.occurrence], set: { ...set, updatedAt: new Date() } });
};

/** Renames exception keys after an "all events" edit moved the series (`moves`: old key → new key). */
export const moveExceptionKeys = async (db: Db, eventId: string, moves: [string, string][]): Promise<void> => {
  // Through a temporary prefix, so swapping keys never meets the unique index half-way.
  for (const [from] of moves) {
    await db
      .update(calendarEventExceptions)
      .set({ occurrence: `~${from}` })
      .where(and(eq(calendarEventExceptions.eventId, eventId), eq(calendarEventExceptions.occurrence, from)));
  }
  for (const [from, to] of moves) {
    await db
      .update(calendarEventExceptions)
      .set({ occurrence: to })
      .where(and(eq(calendarEventExceptions.eventId, eventId), eq(calendarEventExceptions.occurrence, `~${from}`)));
  }
};

// ---------------------------------------------------------------------------------------------
// What a teacher may attach events to

export const classInSchool = async (db: Db, id: string) => {
  const [row] = await db.select({ id: classes.id, schoolId: classes.schoolId }).from(classes).where(eq(classes.id, id)).limit(1);
  return row ?? null;
};

export const courseInSchool = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: courses.id, classId: courses.classId, schoolId: classes.schoolId })
    .from(courses)
    .leftJoin(classes, eq(classes.id, courses.classId))
    .where(eq(courses.id, id))
    .limit(1);
  return row ?? null;
};

export const groupInSchool = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: classGroups.id, classId: classGroups.classId, schoolId: classes.schoolId })
    .from(classGroups)
    .innerJoin(classes, eq(classes.id, classGroups.classId))
    .where(eq(classGroups.id, id))
    .limit(1);
  return row ?? null;
};

/** The active classes the user teaches, with their courses and groups (for the event form). */
export const teachingOptions = async (db: Db, userId: string) => {
  const ids = await taughtClassIds(db, userId);
  if (ids.length === 0) return { classes: [], courses: [], groups: [] };
  const [cls, crs, grp] = await Promise.all([
    db.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, ids)).orderBy(asc(classes.name)),
    db.select({ id: courses.id, name: courses.name, classId: courses.classId }).from(courses).where(inArray(courses.classId, ids)).orderBy(asc(courses.name)),
    db
      .select({ id: classGroups.id, name: classGroups.name, classId: classGroups.classId })
      .from(classGroups)
      .where(inArray(classGroups.classId, ids))
      .orderBy(asc(classGroups.name)),
  ]);
  return { classes: cls, courses: crs.flatMap((c) => (c.classId ? [{ id: c.id, name: c.name, classId: c.classId }] : [])), groups: grp };
};

// ---------------------------------------------------------------------------------------------
// Feeds

export const feedOwner = async (db: Db, tokenHash: string): Promise<string | null> => {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)).limit(1);
  return row?.userId ?? null;
};

export const hasFeed = async (db: Db, userId: string): Promise<boolean> => {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  return row !== undefined;
};

export const replaceFeed = async (db: Db, userId: string, tokenHash: string): Promise<void> => {
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: new Date() } });
};

export const revokeFeed = async (db: Db, userId: string): Promise<void> => {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
};

/** Whether the viewer sees the event. */
export const sees = async (db: Db, v: Viewer, id: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), visibleTo(db, v)))
    .limit(1);
  return row !== undefined;
};

export const deleteExceptions = async (db: Db, eventId: string): Promise<void> => {
  await db.delete(calendarEventExceptions).where(eq(calendarEventExceptions.eventId, eventId));
};
