import {
  buildEngineSetup,
  createGradebookEngine,
  finalFromPeriods,
  isLockedAt,
  type GradebookEngine,
  type GridTotal,
  type StoredTotal,
  type StudentGradebook,
  type StudentGrades,
} from '@klase/core/gradebook/index';
import type { SetupRowsLoaded } from './setup-loader.ts';

/**
 * The engine run of a course (pure): the whole setup compiled once, and once more per grading
 * period over that period's items. Every student then gives their category totals
 * (`cat:<id>`, the root's is the course total), each period's course total (`period:<id>`) and
 * the final grade (`final`, percent 0..100: the course total's percent, or the periods' totals by
 * their weights).
 */

export interface TotalsEngine {
  rows: SetupRowsLoaded;
  main: GradebookEngine;
  periods: { id: string; weight: number; engine: GradebookEngine }[];
  rootId: string;
  /** Categories whose total is locked now (their stored total is kept). */
  lockedCategoryIds: string[];
}

export interface StudentResult {
  main: StudentGradebook;
  periods: Map<string, StudentGradebook>;
  totals: Record<string, GridTotal>;
}

export const FINAL_KEY = 'final';
export const catKey = (id: string): string => `cat:${id}`;
export const periodKey = (id: string): string => `period:${id}`;

export const createTotalsEngine = (rows: SetupRowsLoaded, now: number, explain = false): TotalsEngine => {
  const root = rows.categories.find((c) => c.parentId === null);
  if (!root) throw new Error('gradebook without a root category: call ensureGradebook first');
  const main = createGradebookEngine(buildEngineSetup(rows, now), { now, explain });
  const periodOf = new Map(rows.items.map((i) => [i.id, i.periodId]));
  const periods = rows.periods.map((p) => ({
    id: p.id,
    weight: p.weight,
    engine: createGradebookEngine(
      buildEngineSetup(rows, now, (id) => periodOf.get(id) === p.id),
      { now, explain },
    ),
  }));
  const lockedCategoryIds = rows.categories.filter((c) => isLockedAt(c, now)).map((c) => c.id);
  return { rows, main, periods, rootId: root.id, lockedCategoryIds };
};

const gridTotal = (t: { value: number | null; min: number; max: number; percent: number | null }): GridTotal => ({
  value: t.value,
  min: t.min,
  max: t.max,
  percent: t.percent,
});

/**
 * One student's results. `stored`: the stored totals of locked categories (by category id), which
 * the engine keeps instead of recomputing.
 */
export const computeStudentTotals = (te: TotalsEngine, grades: StudentGrades, stored?: Record<string, StoredTotal>): StudentResult => {
  const input: StudentGrades = stored ? { ...grades, totals: stored } : grades;
  const main = te.main.computeStudent(input);
  const totals: Record<string, GridTotal> = {};
  for (const [id, t] of Object.entries(main.totals)) totals[catKey(id)] = gridTotal(t);
  const periods = new Map<string, StudentGradebook>();
  const periodPercents: { weight: number; percent: number | null }[] = [];
  for (const p of te.periods) {
    const r = p.engine.computeStudent(grades);
    periods.set(p.id, r);
    totals[periodKey(p.id)] = gridTotal(r.course);
    periodPercents.push({ weight: p.weight, percent: r.course.percent });
  }
  const final = te.rows.settings.finalMode === 'periods' ? finalFromPeriods(periodPercents) : main.course.percent;
  totals[FINAL_KEY] = { value: final, min: 0, max: 100, percent: final };
  return { main, periods, totals };
};
