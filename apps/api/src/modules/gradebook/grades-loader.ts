import { CELL, isLockedAt, type GradeItemRow, type ItemGrade, type StudentGrades } from '@klase/core/gradebook/index';
import type { Db } from '../../platform/context.ts';
import { readRawGrades, SUB_LATE, SUB_RETURNED, SUB_SUBMITTED, type OwnGrade, type SubmissionGrade } from './grades.repo.ts';

/**
 * A course's raw grades, read in two queries whatever the class size (decision 0015): the
 * submissions of its graded materials (a material's grade counts once returned) and the
 * `grade_grades` rows (manual grades, overrides and flags). Turned into the grid's compact arrays
 * (`values[i]` / `flags[i]` for `items[i]`) and the engine's `StudentGrades`.
 */

/** One student's cells and engine record. */
export interface StudentCells {
  values: (number | null)[];
  flags: number[];
  engine: StudentGrades;
}

interface Indexes {
  items: readonly GradeItemRow[];
  itemIndex: Map<string, number>;
  materialIndex: Map<string, number>;
  cells: Map<string, StudentCells>;
  records: Map<string, (ItemGrade | undefined)[]>;
}

/** A material's grade counts once returned; before, the grid flags it `notReturned`. */
const applySubmission = (x: Indexes, r: SubmissionGrade): void => {
  const c = x.cells.get(r.s);
  const i = x.materialIndex.get(r.m);
  if (!c || i === undefined) return;
  const g = r.g === null ? null : Number(r.g);
  const bits = Number(r.b);
  if (g !== null) {
    c.values[i] = g;
    if (bits & SUB_RETURNED) x.records.get(r.s)![i] = { value: g };
    else c.flags[i]! |= CELL.notReturned;
  } else if (bits & SUB_SUBMITTED) c.flags[i]! |= CELL.needsGrading;
  if (bits & SUB_LATE) c.flags[i]! |= CELL.late;
};

/** The gradebook's own row: a manual grade or an override, and the excused, hidden and locked flags. */
const applyOwn = (x: Indexes, r: OwnGrade): void => {
  const c = x.cells.get(r.s);
  const i = x.itemIndex.get(r.i);
  if (!c || i === undefined) return;
  const list = x.records.get(r.s)!;
  const v = r.v === null ? null : Number(r.v);
  const rec: ItemGrade = { value: list[i]?.value ?? null };
  if (x.items[i]!.materialId === null) {
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
};

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
  const x: Indexes = { items, itemIndex: new Map(), materialIndex: new Map(), cells: new Map(), records: new Map() };
  items.forEach((it, i) => {
    x.itemIndex.set(it.id, i);
    if (it.materialId) x.materialIndex.set(it.materialId, i);
  });
  const lockedItem = items.map((it) => isLockedAt(it, now));
  for (const id of opts.studentIds) {
    x.cells.set(id, {
      values: new Array<number | null>(n).fill(null),
      flags: lockedItem.map((l) => (l ? CELL.locked : 0)),
      engine: { studentId: id, grades: {} },
    });
    x.records.set(id, new Array<ItemGrade | undefined>(n));
  }
  const { subs, own } = await readRawGrades(db, opts);
  for (const r of subs) applySubmission(x, r);
  for (const r of own) applyOwn(x, r);
  for (const [id, c] of x.cells) {
    const list = x.records.get(id)!;
    const grades: Record<string, ItemGrade> = {};
    for (let i = 0; i < n; i++) if (list[i]) grades[items[i]!.id] = list[i]!;
    c.engine = { studentId: id, grades };
  }
  return x.cells;
};
