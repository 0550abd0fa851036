import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema/courses.ts';
import { gradebookSettings, gradeRecalc, gradeTotals } from '../../db/schema/gradebook.ts';

/** The SQL of stored totals and of the recompute marks (`grade_recalc`, set by the triggers). */

/** The class and school of a class course; null for a catalogue course or none. */
export const readCourseKeys = async (db: Db, courseId: string): Promise<{ classId: string; schoolId: string } | null> => {
  const [c] = await db.select({ classId: courses.classId, schoolId: courses.schoolId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return c?.classId && c.schoolId ? { classId: c.classId, schoolId: c.schoolId } : null;
};

/** Stored totals of the given keys (`only`: of one student). */
export const readTotalsOf = (db: Db, courseId: string, keys: readonly string[], only?: string) =>
  db
    .select({ s: gradeTotals.studentId, k: gradeTotals.key, v: gradeTotals.value })
    .from(gradeTotals)
    .where(and(eq(gradeTotals.courseId, courseId), inArray(gradeTotals.key, [...keys]), only ? eq(gradeTotals.studentId, only) : undefined));

export type TotalRecord = typeof gradeTotals.$inferInsert;

const CHUNK = 1000;

/** Replaces the stored totals of the course (`studentId`: of one student) by `values` (inside a transaction). */
export const replaceTotals = async (tx: Db, courseId: string, values: readonly TotalRecord[], studentId?: string): Promise<void> => {
  await tx.delete(gradeTotals).where(and(eq(gradeTotals.courseId, courseId), studentId ? eq(gradeTotals.studentId, studentId) : undefined));
  for (let i = 0; i < values.length; i += CHUNK) await tx.insert(gradeTotals).values(values.slice(i, i + CHUNK));
};

/** Whether the course is marked stale and whether its gradebook exists: one round trip. */
export const readRecalcState = async (db: Db, courseId: string): Promise<{ stale: boolean; created: boolean } | undefined> => {
  const [state] = await db
    .select({
      stale: sql<boolean>`exists (select 1 from ${gradeRecalc} where ${gradeRecalc.courseId} = ${courseId})`,
      created: sql<boolean>`exists (select 1 from ${gradebookSettings} where ${gradebookSettings.courseId} = ${courseId})`,
    })
    .from(sql`(select 1) as one`);
  return state;
};

/** The course's mark locked (`skip`: undefined when another transaction holds it); its time as text. */
export const lockRecalcMark = async (tx: Db, courseId: string, skip: boolean): Promise<{ at: string } | undefined> => {
  const [row] = await tx
    .select({ at: sql<string>`${gradeRecalc.requestedAt}::text` })
    .from(gradeRecalc)
    .where(eq(gradeRecalc.courseId, courseId))
    .for('update', skip ? { skipLocked: true } : {});
  return row;
};

/** Clears the mark: only the one read (`at`) when given, so a newer mark stays. */
export const clearRecalcMark = async (db: Db, courseId: string, at?: string): Promise<void> => {
  await db
    .delete(gradeRecalc)
    .where(and(eq(gradeRecalc.courseId, courseId), at === undefined ? undefined : sql`${gradeRecalc.requestedAt} = ${at}::timestamptz`));
};

/** Up to `batch` stale courses, oldest mark first. */
export const readStaleCourses = (db: Db, batch: number) =>
  db.select({ courseId: gradeRecalc.courseId }).from(gradeRecalc).orderBy(asc(gradeRecalc.requestedAt)).limit(batch);
