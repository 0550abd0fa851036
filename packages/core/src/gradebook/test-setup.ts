import { computeGradebook } from './engine.ts';
import type {
  AggregationMethod,
  ComputeOptions,
  GradeCategorySetup,
  GradeItemSetup,
  GradebookOptions,
  GradebookSetup,
  GradeScale,
  ItemGrade,
  StoredTotal,
  StudentGradebook,
} from './types.ts';

/** Compact builders for the gradebook tests (test-only helpers). */
export const course = (aggregation: AggregationMethod, extra: Partial<GradeCategorySetup> = {}): GradeCategorySetup => ({
  id: 'course',
  parentId: null,
  aggregation,
  ...extra,
});
export const category = (id: string, aggregation: AggregationMethod, extra: Partial<GradeCategorySetup> = {}): GradeCategorySetup => ({
  id,
  parentId: 'course',
  aggregation,
  ...extra,
});
export const item = (id: string, max: number, extra: Partial<GradeItemSetup> = {}): GradeItemSetup => ({
  id,
  categoryId: 'course',
  type: 'value',
  max,
  ...extra,
});

export interface Case {
  categories: GradeCategorySetup[];
  items: GradeItemSetup[];
  scales?: GradeScale[];
  options?: GradebookOptions;
}

type GradeIn = number | null | ItemGrade;
/** One student; a number is a plain grade, undefined (absent key) = no grade record. */
export const gradebookOf = (setup: Case, grades: Record<string, GradeIn>, totals?: Record<string, StoredTotal>, options?: ComputeOptions): StudentGradebook => {
  const g: Record<string, ItemGrade> = {};
  for (const [k, v] of Object.entries(grades)) g[k] = v === null || typeof v === 'number' ? { value: v } : v;
  const full: GradebookSetup = setup;
  return computeGradebook(full, [{ studentId: 's1', grades: g, totals }], options)[0]!;
};

/** Explanation line of a child in a category. */
export const lineOf = (gb: StudentGradebook, categoryId: string, childId: string) => {
  const line = gb.totals[categoryId]?.explanation?.children.find((c) => c.id === childId);
  if (!line) throw new Error(`no line ${childId} in ${categoryId}`);
  return line;
};
