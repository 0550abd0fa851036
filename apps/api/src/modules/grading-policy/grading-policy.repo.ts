import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import type { GradingPolicy } from '@klase/core/deped/contracts';
import type { Db } from '../../db/client.ts';
import { upsertVersioned } from '../../db/versioned.ts';
import { courses } from '../../db/schema/courses.ts';
import { courseDeped, schoolGradingPolicies } from '../../db/schema/deped.ts';
import { gradeCategories, gradeItems, gradingPeriods } from '../../db/schema/gradebook.ts';
import { schools } from '../../db/schema/tenancy.ts';

/** The SQL of the school grading policy and of a course's DepEd setup (services hold the rules). */

export type PolicyRecord = typeof schoolGradingPolicies.$inferSelect;
export type CourseDepedRecord = typeof courseDeped.$inferSelect;
export type CategoryRecord = typeof gradeCategories.$inferSelect;
export type PeriodRecord = typeof gradingPeriods.$inferSelect;

export const readSchoolYear = async (db: Db, schoolId: string): Promise<number | null> => {
  const [row] = await db.select({ y: schools.schoolYearFrom }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return row?.y ?? null;
};

/** Saves the policy (created on first save; version 0 until then) at the version the form was loaded from. */
export const savePolicyRow = (tx: Db, schoolId: string, expect: EditVersion, userId: string, policy: GradingPolicy): Promise<PolicyRecord> =>
  upsertVersioned(tx, schoolGradingPolicies, { target: schoolGradingPolicies.schoolId, where: eq(schoolGradingPolicies.schoolId, schoolId) }, expect, userId, {
    insert: { schoolId, ...policy },
    update: { ...policy },
  });

/** The school's DepEd learning areas (class courses with a `course_deped` row). */
export const readSchoolDepedCourses = (tx: Db, schoolId: string): Promise<CourseDepedRecord[]> =>
  tx
    .select({ row: courseDeped })
    .from(courseDeped)
    .innerJoin(courses, eq(courses.id, courseDeped.courseId))
    .where(eq(courses.schoolId, schoolId))
    .orderBy(asc(courseDeped.courseId))
    .then((rows) => rows.map((r) => r.row));

export const upsertCourseDeped = async (tx: Db, row: typeof courseDeped.$inferInsert): Promise<void> => {
  const { courseId: _courseId, ...rest } = row;
  await tx
    .insert(courseDeped)
    .values(row)
    .onConflictDoUpdate({ target: courseDeped.courseId, set: { ...rest, updatedAt: sql`now()` } });
};

export const deleteCourseDeped = async (tx: Db, courseId: string): Promise<boolean> => {
  const rows = await tx.delete(courseDeped).where(eq(courseDeped.courseId, courseId)).returning({ id: courseDeped.courseId });
  return rows.length > 0;
};

export const readCategories = (tx: Db, courseId: string): Promise<CategoryRecord[]> =>
  tx.select().from(gradeCategories).where(eq(gradeCategories.courseId, courseId)).orderBy(asc(gradeCategories.position));

export const insertCategory = async (tx: Db, values: typeof gradeCategories.$inferInsert): Promise<CategoryRecord> => {
  const [row] = await tx.insert(gradeCategories).values(values).returning();
  if (!row) throw new Error('category insert');
  return row;
};

export const updateCategoryRow = async (tx: Db, id: string, userId: string | null, values: Partial<typeof gradeCategories.$inferInsert>): Promise<void> => {
  await tx
    .update(gradeCategories)
    .set({ ...values, version: sql`${gradeCategories.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(gradeCategories.id, id));
};

/** Moves the root's own items and its categories other than `keep` under `target`. */
export const moveUnderComponent = async (tx: Db, courseId: string, rootId: string, target: string, keep: readonly string[]): Promise<void> => {
  await tx
    .update(gradeItems)
    .set({ categoryId: target, updatedAt: sql`now()` })
    .where(and(eq(gradeItems.courseId, courseId), eq(gradeItems.categoryId, rootId)));
  await tx
    .update(gradeCategories)
    .set({ parentId: target, updatedAt: sql`now()` })
    .where(
      and(eq(gradeCategories.courseId, courseId), eq(gradeCategories.parentId, rootId), keep.length ? notInArray(gradeCategories.id, [...keep]) : undefined),
    );
};

export const readPeriods = (tx: Db, courseId: string): Promise<PeriodRecord[]> =>
  tx.select().from(gradingPeriods).where(eq(gradingPeriods.courseId, courseId)).orderBy(asc(gradingPeriods.startsOn));

export const deletePeriodsExcept = async (tx: Db, courseId: string, keep: readonly string[]): Promise<void> => {
  await tx.delete(gradingPeriods).where(and(eq(gradingPeriods.courseId, courseId), keep.length ? notInArray(gradingPeriods.id, [...keep]) : undefined));
};

export const updatePeriodRow = async (tx: Db, id: string, userId: string | null, values: Partial<typeof gradingPeriods.$inferInsert>): Promise<void> => {
  await tx
    .update(gradingPeriods)
    .set({ ...values, version: sql`${gradingPeriods.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(gradingPeriods.id, id));
};

export const insertPeriodRow = async (tx: Db, values: typeof gradingPeriods.$inferInsert): Promise<void> => {
  await tx.insert(gradingPeriods).values(values);
};

/** The course's root category (the course total). */
export const readRootId = async (tx: Db, courseId: string): Promise<string | null> => {
  const [row] = await tx
    .select({ id: gradeCategories.id })
    .from(gradeCategories)
    .where(and(eq(gradeCategories.courseId, courseId), isNull(gradeCategories.parentId)))
    .limit(1);
  return row?.id ?? null;
};

/** The school's stored policy row (none: the school is on the custom policy). */
export const readPolicyRow = async (db: Db, schoolId: string) => {
  const [row] = await db.select().from(schoolGradingPolicies).where(eq(schoolGradingPolicies.schoolId, schoolId)).limit(1);
  return row ?? null;
};

export const readCourseDepedRow = async (db: Db, courseId: string) => {
  const [row] = await db.select().from(courseDeped).where(eq(courseDeped.courseId, courseId)).limit(1);
  return row ?? null;
};

/** A class course that is a DepEd learning area of a school on the DepEd policy: its keys, row and the policy (one query; else null). */
export const readDepedKeys = async (db: Db, courseId: string) => {
  const [row] = await db
    .select({ classId: courses.classId, schoolId: courses.schoolId, course: courseDeped, policy: schoolGradingPolicies })
    .from(courseDeped)
    .innerJoin(courses, eq(courses.id, courseDeped.courseId))
    .innerJoin(schoolGradingPolicies, and(eq(schoolGradingPolicies.schoolId, courses.schoolId), eq(schoolGradingPolicies.kind, 'deped')))
    .where(eq(courseDeped.courseId, courseId))
    .limit(1);
  return row?.classId && row.schoolId ? { ...row, classId: row.classId, schoolId: row.schoolId } : null;
};
