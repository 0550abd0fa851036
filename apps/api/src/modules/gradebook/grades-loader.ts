import { and, asc, eq, sql } from 'drizzle-orm';
import { CELL, isLockedAt, type GradeItemRow, type ItemGrade, type StudentGrades } from '@klase/core/gradebook/index';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { submissions } from '../../db/schema/assessments.ts';
import { classStudents } from '../../db/schema/classes.ts';
import { gradeGrades, gradeItems } from '../../db/schema/gradebook.ts';
import { users } from '../../db/schema/users.ts';
import { fullNameSql, sortNameSql } from '../class-work/people.ts';

/**
 * A course's raw grades, read in two queries whatever the class size (decision 0015): the
 * submissions of its graded materials (a material's grade counts once returned) and the
 * `grade_grades` rows (manual grades, overrides and flags). Turned into the grid's compact arrays
 * (`values[i]` / `flags[i]` for `items[i]`) and the engine's `StudentGrades`.
 */

export interface EnrolledStudent {
  id: string;
  name: string;
  username: string;
}

/** Enrolled students in alphabetical order (last name first); `studentId` narrows to one. */
export const loadStudents = (db: Db, classId: string, studentId?: string): Promise<EnrolledStudent[]> =>
  db
    .select({ id: users.id, name: fullNameSql, username: users.username })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(studentId ? and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)) : eq(classStudents.classId, classId))
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));

/** One student's cells and engine record. */
export interface StudentCells {
  values: (number | null)[];
  flags: number[];
  engine: StudentGrades;
}

const SUB_RETURNED = 1;
const SUB_SUBMITTED = 2;
const SUB_LATE = 4;

/**
 * Every enrolled student's (or one student's) cells for `items`. A material's grade counts once
 * returned (before: the grid shows it flagged `notReturned`, totals leave it out); an override
 * replaces it; a manual item's grade is its `grade_grades` value. An engine record exists when
 * something counts or the gradebook has a row for the cell (so an excused empty grade is a record).
 */
export const loadCells = async (
  db: Db,
  opts: { courseId: string; classId: string; items: readonly GradeItemRow[]; studentIds: readonly string[]; now: number; only?: string },
): Promise<Map<string, StudentCells>> => {
  const { items, now } = opts;
  const n = items.length;
  const itemIndex = new Map<string, number>();
  const materialIndex = new Map<string, number>();
  items.forEach((it, i) => {
    itemIndex.set(it.id, i);
    if (it.materialId) materialIndex.set(it.materialId, i);
  });
  const cells = new Map<string, StudentCells>();
  const lockedItem = items.map((it) => isLockedAt(it, now));
  const records = new Map<string, (ItemGrade | undefined)[]>();
  for (const id of opts.studentIds) {
    cells.set(id, { values: new Array<number | null>(n).fill(null), flags: lockedItem.map((l) => (l ? CELL.locked : 0)), engine: { studentId: id, grades: {} } });
    records.set(id, new Array<ItemGrade | undefined>(n));
  }
  const enrolled = sql`${submissions.studentId} in (select ${classStudents.studentId} from ${classStudents} where ${classStudents.classId} = ${opts.classId})`;
  // One row per student, its cells packed in a text ("material,grade,bits;..."): a 60 × 400 grid
  // is 60 rows to decode instead of 24,000.
  const bits = sql`(case when ${submissions.returnedAt} is not null then ${SUB_RETURNED} else 0 end) + (case when ${submissions.submittedAt} is not null then ${SUB_SUBMITTED} else 0 end) + (case when ${submissions.late} then ${SUB_LATE} else 0 end)`;
  const [packed, own] = await concurrently(
    db,
    () =>
      db
      .select({ s: submissions.studentId, x: sql<string>`string_agg(${submissions.materialId}::text || ',' || coalesce(${submissions.grade}::text, '') || ',' || (${bits})::text, ';')` })
      .from(submissions)
      .innerJoin(gradeItems, eq(gradeItems.materialId, submissions.materialId))
      .where(and(eq(gradeItems.courseId, opts.courseId), opts.only ? eq(submissions.studentId, opts.only) : enrolled))
      .groupBy(submissions.studentId),
    () =>
      db
      .select({
        i: gradeGrades.itemId,
        s: gradeGrades.studentId,
        v: sql<number | null>`${gradeGrades.value}::float8`,
        e: gradeGrades.excused,
        h: gradeGrades.hidden,
        l: gradeGrades.locked,
      })
      .from(gradeGrades)
      .where(opts.only ? and(eq(gradeGrades.courseId, opts.courseId), eq(gradeGrades.studentId, opts.only)) : eq(gradeGrades.courseId, opts.courseId)),
  );
  const subs: { m: string; s: string; g: number | null; b: number }[] = [];
  for (const p of packed) {
    for (const cell of p.x.split(';')) {
      const [m = '', g = '', b = '0'] = cell.split(',');
      subs.push({ m, s: p.s, g: g === '' ? null : Number(g), b: Number(b) });
    }
  }
  for (const r of subs) {
    const c = cells.get(r.s);
    const i = materialIndex.get(r.m);
    if (!c || i === undefined) continue;
    const g = r.g === null ? null : Number(r.g);
    const bits = Number(r.b);
    if (g !== null) {
      c.values[i] = g;
      if (bits & SUB_RETURNED) records.get(r.s)![i] = { value: g };
      else c.flags[i]! |= CELL.notReturned;
    } else if (bits & SUB_SUBMITTED) c.flags[i]! |= CELL.needsGrading;
    if (bits & SUB_LATE) c.flags[i]! |= CELL.late;
  }
  for (const r of own) {
    const c = cells.get(r.s);
    const i = itemIndex.get(r.i);
    if (!c || i === undefined) continue;
    const list = records.get(r.s)!;
    const v = r.v === null ? null : Number(r.v);
    const rec: ItemGrade = { value: list[i]?.value ?? null };
    if (items[i]!.materialId === null) {
      rec.value = v;
      c.values[i] = v;
    } else if (v !== null) {
      rec.value = v;
      rec.overridden = true;
      c.values[i] = v;
      c.flags[i] = (c.flags[i]! & ~CELL.notReturned) | CELL.overridden;
    }
    if (r.e) {
      rec.excluded = true;
      c.flags[i]! |= CELL.excused;
    }
    if (r.h) {
      rec.hidden = true;
      c.flags[i]! |= CELL.hidden;
    }
    if (r.l) {
      rec.locked = true;
      c.flags[i]! |= CELL.locked;
    }
    // A row holding nothing (a cleared grade, no flags) is no grade record: the material's grade, if any, stays.
    if (rec.value !== null || r.e || r.h || r.l) list[i] = rec;
  }
  for (const [id, c] of cells) {
    const list = records.get(id)!;
    const grades: Record<string, ItemGrade> = {};
    for (let i = 0; i < n; i++) if (list[i]) grades[items[i]!.id] = list[i]!;
    c.engine = { studentId: id, grades };
  }
  return cells;
};
