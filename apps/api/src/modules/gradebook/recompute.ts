import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GridTotal, StoredTotal } from '@klase/core/gradebook/index';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { courses } from '../../db/schema/courses.ts';
import { gradebookSettings, gradeRecalc, gradeTotals } from '../../db/schema/gradebook.ts';
import { loadCells, type StudentCells } from './grades-loader.ts';
import { loadStudents, type EnrolledStudent } from './grades.repo.ts';
import { ensureGradebook, loadSetupRows, type SetupRowsLoaded } from './setup-loader.ts';
import { catKey, computeStudentTotals, createTotalsEngine, type StudentResult, type TotalsEngine } from './totals.ts';

/**
 * The server's authority over totals (decision 0015). Triggers put a course in `grade_recalc`
 * whenever a grade, the setup, a graded material or the enrolment changes; `ensureFresh`
 * recomputes every student's totals and stores them in `grade_totals` (one transaction, the
 * course's `grade_recalc` row locked so two recomputes never collide), then clears the mark only if
 * nothing newer came in. Grade entry recomputes the one student it touched (`recomputeStudent`).
 */

export interface CourseKeys {
  courseId: string;
  classId: string;
  schoolId: string;
}

export const courseKeys = async (db: Db, courseId: string): Promise<CourseKeys | null> => {
  const [c] = await db.select({ classId: courses.classId, schoolId: courses.schoolId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  return c?.classId && c.schoolId ? { courseId, classId: c.classId, schoolId: c.schoolId } : null;
};

/** The stored totals of locked categories (the engine keeps them), by student. */
export const storedLocked = async (db: Db, courseId: string, te: TotalsEngine, only?: string): Promise<Map<string, Record<string, StoredTotal>>> => {
  const out = new Map<string, Record<string, StoredTotal>>();
  if (te.lockedCategoryIds.length === 0) return out;
  const keys = te.lockedCategoryIds.map(catKey);
  const where = and(eq(gradeTotals.courseId, courseId), inArray(gradeTotals.key, keys), only ? eq(gradeTotals.studentId, only) : undefined);
  const rows = await db.select({ s: gradeTotals.studentId, k: gradeTotals.key, v: gradeTotals.value }).from(gradeTotals).where(where);
  for (const r of rows) {
    const rec = out.get(r.s) ?? {};
    rec[r.k.slice(4)] = { value: r.v, locked: true };
    out.set(r.s, rec);
  }
  return out;
};

export interface CourseGrades {
  rows: SetupRowsLoaded;
  students: EnrolledStudent[];
  cells: Map<string, StudentCells>;
}

/**
 * Setup, students and cells of a course (or of one student: `only`). Call `ensureGradebook` first.
 * `setup`: the course setup the caller has read already (a grade entry), not read again.
 */
export const loadCourseGrades = async (db: Db, k: CourseKeys, now: number, only?: string, setup?: SetupRowsLoaded): Promise<CourseGrades> => {
  const [rows, students] = await concurrently(
    db,
    () => (setup ? Promise.resolve(setup) : loadSetupRows(db, k.courseId, k.schoolId, false)),
    () => loadStudents(db, k.classId, only),
  );
  const cells = await loadCells(db, { courseId: k.courseId, classId: k.classId, items: rows.items, studentIds: students.map((s) => s.id), now, only });
  return { rows, students, cells };
};

const CHUNK = 1000;

const totalRows = (courseId: string, studentId: string, totals: Record<string, GridTotal>, at: Date) =>
  Object.entries(totals).map(([key, t]) => ({ courseId, studentId, key, value: t.value, min: t.min, max: t.max, percent: t.percent, computedAt: at }));

/** Computes every student's totals and replaces the course's stored totals (inside `tx`). */
export const recomputeCourse = async (tx: Db, k: CourseKeys, now = Date.now()): Promise<Map<string, StudentResult>> => {
  const { rows, students, cells } = await loadCourseGrades(tx, k, now);
  const te = createTotalsEngine(rows, now);
  const stored = await storedLocked(tx, k.courseId, te);
  const at = new Date(now);
  const results = new Map<string, StudentResult>();
  const values: ReturnType<typeof totalRows> = [];
  for (const s of students) {
    const r = computeStudentTotals(te, cells.get(s.id)!.engine, stored.get(s.id));
    results.set(s.id, r);
    values.push(...totalRows(k.courseId, s.id, r.totals, at));
  }
  await tx.delete(gradeTotals).where(eq(gradeTotals.courseId, k.courseId));
  for (let i = 0; i < values.length; i += CHUNK) await tx.insert(gradeTotals).values(values.slice(i, i + CHUNK));
  return results;
};

/**
 * Recomputes the course if it is marked stale. `skip` (the worker): a course another node is
 * recomputing (or a grade write is holding) is left alone; `wait` (a reader): waits for it, so the
 * totals it then reads are current. Answers whether it recomputed.
 */
export const ensureFresh = async (db: Db, course: string | CourseKeys, mode: 'wait' | 'skip' = 'wait'): Promise<boolean> => {
  const courseId = typeof course === 'string' ? course : course.courseId;
  const k = typeof course === 'string' ? await courseKeys(db, courseId) : course;
  if (!k) {
    await db.delete(gradeRecalc).where(eq(gradeRecalc.courseId, courseId));
    return false;
  }
  // One round trip when nothing is to do (the usual read).
  const [state] = await db
    .select({
      stale: sql<boolean>`exists (select 1 from ${gradeRecalc} where ${gradeRecalc.courseId} = ${courseId})`,
      created: sql<boolean>`exists (select 1 from ${gradebookSettings} where ${gradebookSettings.courseId} = ${courseId})`,
    })
    .from(sql`(select 1) as one`);
  if (state?.created && !state.stale) return false;
  // The gradebook's rows and items of graded materials added since (outside the lock: it marks the course).
  await ensureGradebook(db, courseId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ at: sql<string>`${gradeRecalc.requestedAt}::text` })
      .from(gradeRecalc)
      .where(eq(gradeRecalc.courseId, courseId))
      .for('update', mode === 'skip' ? { skipLocked: true } : {});
    if (!row) return false;
    await recomputeCourse(tx, k);
    await tx.delete(gradeRecalc).where(and(eq(gradeRecalc.courseId, courseId), sql`${gradeRecalc.requestedAt} = ${row.at}::timestamptz`));
    return true;
  });
};

/**
 * One student's totals after a grade change (inside the change's transaction): computed from what
 * the transaction sees and upserted, so the answer and the stored totals agree at once. `setup`:
 * the course setup the change was checked with (read once per change).
 */
export const recomputeStudent = async (tx: Db, k: CourseKeys, studentId: string, now = Date.now(), setup?: SetupRowsLoaded) => {
  const data = await loadCourseGrades(tx, k, now, studentId, setup);
  const te = createTotalsEngine(data.rows, now);
  const stored = await storedLocked(tx, k.courseId, te, studentId);
  const cells = data.cells.get(studentId);
  if (!cells) throw new Error('student not enrolled');
  const result = computeStudentTotals(te, cells.engine, stored.get(studentId));
  const values = totalRows(k.courseId, studentId, result.totals, new Date(now));
  await tx.delete(gradeTotals).where(and(eq(gradeTotals.courseId, k.courseId), eq(gradeTotals.studentId, studentId)));
  if (values.length > 0) await tx.insert(gradeTotals).values(values);
  return { rows: data.rows, cells, result };
};
