import type { GridTotal, StoredTotal } from '@klase/core/gradebook/index';
import type { Db } from '../../platform/context.ts';
import { concurrently } from '../../db/concurrent.ts';
import { loadCells, type StudentCells } from './grades-loader.ts';
import { loadStudents, type EnrolledStudent } from './grades.repo.ts';
import { ensureGradebook, loadSetupRows, type SetupRowsLoaded } from './setup-loader.ts';
import { clearRecalcMark, lockRecalcMark, readCourseKeys, readRecalcState, readTotalsOf, replaceTotals, type TotalRecord } from './totals.repo.ts';
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
  const keys = await readCourseKeys(db, courseId);
  return keys ? { courseId, ...keys } : null;
};

/** The stored totals of locked categories (the engine keeps them), by student. */
export const storedLocked = async (db: Db, courseId: string, te: TotalsEngine, only?: string): Promise<Map<string, Record<string, StoredTotal>>> => {
  const out = new Map<string, Record<string, StoredTotal>>();
  if (te.lockedCategoryIds.length === 0) return out;
  const keys = te.lockedCategoryIds.map(catKey);
  const rows = await readTotalsOf(db, courseId, keys, only);
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

const totalRows = (courseId: string, studentId: string, totals: Record<string, GridTotal>, at: Date): TotalRecord[] =>
  Object.entries(totals).map(([key, t]) => ({ courseId, studentId, key, value: t.value, min: t.min, max: t.max, percent: t.percent, computedAt: at }));

/** Computes every student's totals and replaces the course's stored totals (inside `tx`). */
export const recomputeCourse = async (tx: Db, k: CourseKeys, now = Date.now()): Promise<Map<string, StudentResult>> => {
  const { rows, students, cells } = await loadCourseGrades(tx, k, now);
  const te = createTotalsEngine(rows, now);
  const stored = await storedLocked(tx, k.courseId, te);
  const at = new Date(now);
  const results = new Map<string, StudentResult>();
  const values: TotalRecord[] = [];
  for (const s of students) {
    const r = computeStudentTotals(te, cells.get(s.id)!.engine, stored.get(s.id));
    results.set(s.id, r);
    values.push(...totalRows(k.courseId, s.id, r.totals, at));
  }
  await replaceTotals(tx, k.courseId, values);
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
    await clearRecalcMark(db, courseId);
    return false;
  }
  // One round trip when nothing is to do (the usual read).
  const state = await readRecalcState(db, courseId);
  if (state?.created && !state.stale) return false;
  // The gradebook's rows and items of graded materials added since (outside the lock: it marks the course).
  await ensureGradebook(db, courseId);
  return db.transaction(async (tx) => {
    const row = await lockRecalcMark(tx, courseId, mode === 'skip');
    if (!row) return false;
    await recomputeCourse(tx, k);
    await clearRecalcMark(tx, courseId, row.at);
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
  await replaceTotals(tx, k.courseId, values, studentId);
  return { rows: data.rows, cells, result };
};
