import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { saveVersioned } from '../../db/versioned.ts';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { catalogueCategories, courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { countsOf, statusFilter, type CourseViewer } from '../../kernel/course-lists.ts';

export type CourseRecord = typeof courses.$inferSelect;
/** Who looks at a course list; defined in kernel/course-lists.ts, beside the counts it decides. */
export type { CourseViewer };

export const findCourse = async (db: Db, courseId: string): Promise<CourseRecord | null> => {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  return course ?? null;
};

/** Whose courses My Courses lists: the classes a teacher or assistant teaches, or some students' classes. */
export type CourseReach = { kind: 'teaching'; userId: string } | { kind: 'enrolled'; studentIds: readonly string[] };

export interface MyCoursesQuery extends ParsedTableQuery {
  classId?: string;
}

const selection = (viewer: CourseViewer) => ({ course: courses, className: classes.name, ...countsOf(viewer) });

const SORTABLE = {
  name: sql`lower(${courses.name})`,
  code: courses.code,
  className: sql`lower(${classes.name})`,
  updatedAt: courses.updatedAt,
};

/** Staff lists leave archived classes out, unless the list is of one class (its courses tab). */
const reachOf = (db: Db, reach: CourseReach, oneClass: boolean): SQL | undefined => {
  if (reach.kind === 'teaching') {
    return and(
      inArray(classes.id, db.select({ id: classTeachers.classId }).from(classTeachers).where(eq(classTeachers.userId, reach.userId))),
      oneClass ? undefined : isNull(classes.archivedAt),
    );
  }
  if (reach.studentIds.length === 0) return sql`false`;
  return and(
    inArray(
      classes.id,
      db
        .select({ id: classStudents.classId })
        .from(classStudents)
        .where(inArray(classStudents.studentId, [...reach.studentIds])),
    ),
    eq(courses.published, true),
  );
};

const whereOf = (db: Db, schoolId: string, reach: CourseReach, q: MyCoursesQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [
    eq(courses.schoolId, schoolId),
    eq(classes.schoolId, schoolId),
    reachOf(db, reach, q.classId !== undefined),
    searchAny(q.search, [courses.name, courses.code, classes.name]),
    q.classId ? eq(courses.classId, q.classId) : undefined,
  ];
  conditions.push(statusFilter(q));
  return and(...conditions);
};

export const countMyCourses = async (db: Db, schoolId: string, reach: CourseReach, q: MyCoursesQuery): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(courses)
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(whereOf(db, schoolId, reach, q));
  return Number(row?.n ?? 0);
};

export const listMyCourses = (db: Db, schoolId: string, reach: CourseReach, viewer: CourseViewer, q: MyCoursesQuery) => {
  const page = pageOf(q);
  return db
    .select(selection(viewer))
    .from(courses)
    .innerJoin(classes, eq(classes.id, courses.classId))
    .where(whereOf(db, schoolId, reach, q))
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${courses.name}) asc`, courses.id))
    .limit(page.limit)
    .offset(page.offset);
};

/** A course row with its class (none in the catalogue) and the viewer's counts. */
export interface CourseListRow {
  course: CourseRecord;
  className: string | null;
  elementCount: number;
  materialCount: number;
  completed: number | null;
}

/** One course (of a class or of the catalogue) with its class and category names and the viewer's counts. */
export const findCourseRow = async (db: Db, courseId: string, viewer: CourseViewer): Promise<(CourseListRow & { categoryName: string | null }) | null> => {
  const [row] = await db
    .select({ ...selection(viewer), categoryName: catalogueCategories.name })
    .from(courses)
    .leftJoin(classes, eq(classes.id, courses.classId))
    .leftJoin(catalogueCategories, eq(catalogueCategories.id, courses.categoryId))
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? null;
};

export const insertCourse = async (db: Db, values: typeof courses.$inferInsert): Promise<CourseRecord> => {
  const [row] = await db.insert(courses).values(values).returning();
  if (!row) throw new Error('course not inserted');
  return row;
};

/** Locks the course row for a change (the course's own fields, its elements' order). */
export const lockCourse = async (db: Db, id: string): Promise<CourseRecord> => {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).for('update').limit(1);
  if (!row) throw new Error('course vanished');
  return row;
};

/** Changes the course and records who changed it and when. */
export const updateCourse = async (db: Db, id: string, values: Partial<typeof courses.$inferInsert> & { updatedBy: string }): Promise<CourseRecord> => {
  const [row] = await db
    .update(courses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courses.id, id))
    .returning();
  if (!row) throw new Error('course not updated');
  return row;
};

/** Saves the course form at the version it was loaded from unless overwriting (EDIT_CONFLICT otherwise). */
export const saveCourse = (db: Db, id: string, expect: EditVersion, userId: string, values: Partial<typeof courses.$inferInsert>): Promise<CourseRecord> =>
  saveVersioned(db, courses, eq(courses.id, id), expect, userId, values);

/**
 * Records a change inside the course (elements, materials) on the course row: every such write
 * calls this first in its transaction, which also locks the course against concurrent reordering.
 */
export const touchCourse = (db: Db, id: string, userId: string): Promise<CourseRecord> => updateCourse(db, id, { updatedBy: userId });

/**
 * Publishes what is unpublished in a course (its elements and materials) or in one of its
 * elements (its materials), for "publish everything in it" (issue 13). Answers how many of each.
 */
export const publishContents = async (db: Db, courseId: string, userId: string, elementId?: string): Promise<{ elements: number; materials: number }> => {
  const now = new Date();
  const elements = elementId
    ? []
    : await db
        .update(courseElements)
        .set({ published: true, updatedBy: userId, updatedAt: now })
        .where(and(eq(courseElements.courseId, courseId), eq(courseElements.published, false)))
        .returning({ id: courseElements.id });
  const materials = await db
    .update(courseMaterials)
    .set({ published: true, updatedBy: userId, updatedAt: now })
    .where(and(eq(courseMaterials.courseId, courseId), elementId ? eq(courseMaterials.elementId, elementId) : undefined, eq(courseMaterials.published, false)))
    .returning({ id: courseMaterials.id });
  return { elements: elements.length, materials: materials.length };
};
