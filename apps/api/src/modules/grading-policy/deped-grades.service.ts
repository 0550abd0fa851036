import type {
  Component,
  ComponentWeights,
  DescriptorBounds,
  GradingPolicy,
  MapehPart,
  Quarter,
  QuarterResult,
  SubjectGroup,
  TransmutationRow,
} from '@klase/core/deped/contracts';
import { COMPONENTS, QUARTERS } from '@klase/core/deped/contracts';
import { computeQuarter, finalGrade, type ScoreItem } from '@klase/core/deped/engine';
import type { GradeCategoryRow, GradeItemRow, GradingPeriodRow } from '@klase/core/gradebook/index';
import type { Db } from '../../platform/context.ts';
import { concurrently } from '../../db/concurrent.ts';
import { ensureGradebook, loadCells, loadSetupRows, loadStudents } from '../gradebook/gradebook-data.service.ts';
import { readCourseDepedRow, readDepedKeys, readPolicyRow } from './grading-policy.repo.ts';

/**
 * Every learner's DepEd grades of one class course (a learning area), shared by the grade report,
 * the SF9 and the E-Class Record (issue 19, docs/decisions/0052-depedapi.md). A handful of queries
 * whatever the class size: the policy and the course's subject group, the gradebook setup and the
 * grades through the gradebook's own loaders.
 *
 * - An item's component is the WW/PT/QA category it is under (a nested category counts for its top
 *   category); items elsewhere (directly under the course total, or a category that is none of the
 *   three) count for no component and are not listed.
 * - An item's quarter is its grading period (explicit, else by due date) matched to the policy's
 *   quarters (same dates, else the period overlapping the quarter most); no period → no quarter.
 * - Items graded by value with a maximum above 0 count; scale items too when the gradebook's totals
 *   include scales (its setting, on by default: the scale position of the maximum, as the Natural
 *   totals count it), so the gradebook's own totals and the DepEd grades agree; text items never.
 * - A grade counts as the gradebook counts it: a material's grade once returned (or an override),
 *   a manual item's entered grade; excused grades are left out of both totals.
 * - Hidden items and hidden grades still count: DepEd's class record has no hidden scores, and the
 *   learner's quarterly grade must be the same on the report, the SF9 and the E-Class Record. The
 *   learner sees only component totals, never a hidden item's own score.
 */

export type DepedItem = {
  id: string;
  name: string;
  component: Component;
  quarter: Quarter | null;
  max: number;
  materialId: string | null;
  /** A scale item (its score is the scale position, 1 = the first word). */
  scale: boolean;
};

export type DepedQuarter = { quarter: Quarter; startsOn: string; endsOn: string; periodId: string | null };

export type DepedStudentGrades = {
  name: string;
  /** Every listed item: the score that counts, or null (not scored, not returned yet, or excused). */
  scores: Map<string, number | null>;
  /** Items excused for this learner (their score is left out). */
  excused: Set<string>;
  /** Quarters 1..4 in order. */
  results: QuarterResult[];
  final: number | null;
};

export type DepedCourseGrades = {
  courseId: string;
  classId: string;
  schoolId: string;
  subjectGroup: SubjectGroup;
  mapehPart: MapehPart | null;
  weights: ComponentWeights;
  transmutation: TransmutationRow[];
  descriptors: DescriptorBounds;
  quarters: DepedQuarter[];
  /** In the gradebook's column order. */
  items: DepedItem[];
  /** Enrolled learners in roster order (last name first). */
  students: Map<string, DepedStudentGrades>;
};

const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const overlapDays = (a: { startsOn: string; endsOn: string }, b: { startsOn: string; endsOn: string }): number =>
  Math.min(dayNumber(a.endsOn), dayNumber(b.endsOn)) - Math.max(dayNumber(a.startsOn), dayNumber(b.startsOn)) + 1;

/** Each quarter's grading period of the course: the one with the same dates, else the one overlapping it most (each period used once). */
export const matchQuarters = (quarters: GradingPolicy['quarters'], periods: readonly GradingPeriodRow[]): DepedQuarter[] => {
  const taken = new Set<string>();
  const exact = quarters.map((q) => periods.find((p) => p.startsOn === q.startsOn && p.endsOn === q.endsOn) ?? null);
  for (const p of exact) if (p) taken.add(p.id);
  return quarters.map((q, i) => {
    let period = exact[i] ?? null;
    if (!period) {
      let best = 0;
      for (const p of periods) {
        const days = taken.has(p.id) ? 0 : overlapDays(p, q);
        if (days > best) {
          best = days;
          period = p;
        }
      }
      if (period) taken.add(period.id);
    }
    return { quarter: q.quarter, startsOn: q.startsOn, endsOn: q.endsOn, periodId: period?.id ?? null };
  });
};

/** The top category (a child of the course total) of every category. */
const topCategories = (categories: readonly GradeCategoryRow[]): Map<string, string> => {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const top = new Map<string, string>();
  for (const c of categories) {
    let cur: GradeCategoryRow | undefined = c;
    const seen = new Set<string>();
    while (cur && cur.parentId !== null && !seen.has(cur.id)) {
      seen.add(cur.id);
      const parent = byId.get(cur.parentId);
      if (!parent || parent.parentId === null) break;
      cur = parent;
    }
    if (cur && cur.parentId !== null) top.set(c.id, cur.id);
  }
  return top;
};

/** The DepEd items of a course (pure): value items with a maximum, under WW/PT/QA, with their quarter. */
export const depedItemsOf = (
  items: readonly GradeItemRow[],
  categories: readonly GradeCategoryRow[],
  componentOf: Record<Component, string | null>,
  quarters: readonly DepedQuarter[],
  includeScales = true,
): DepedItem[] => {
  const top = topCategories(categories);
  const byCategory = new Map<string, Component>();
  for (const c of COMPONENTS) {
    const id = componentOf[c];
    if (id) byCategory.set(id, c);
  }
  const quarterOf = new Map<string, Quarter>();
  for (const q of quarters) if (q.periodId) quarterOf.set(q.periodId, q.quarter);
  const out: DepedItem[] = [];
  for (const it of items) {
    const topId = top.get(it.categoryId);
    const component = topId ? byCategory.get(topId) : undefined;
    const counted = it.gradeType === 'value' || (includeScales && it.gradeType === 'scale');
    if (!component || !counted || !(it.maxGrade > 0)) continue;
    out.push({
      id: it.id,
      name: it.name,
      component,
      quarter: it.periodId ? (quarterOf.get(it.periodId) ?? null) : null,
      max: it.maxGrade,
      materialId: it.materialId,
      scale: it.gradeType === 'scale',
    });
  }
  return out;
};

/** One learner's four quarters and final grade from their scores (pure). */
export const depedResultsOf = (
  items: readonly DepedItem[],
  scores: ReadonlyMap<string, number | null>,
  policy: { weights: ComponentWeights; transmutation: readonly TransmutationRow[]; descriptors: DescriptorBounds },
): { results: QuarterResult[]; final: number | null } => {
  const results = QUARTERS.map((quarter) => {
    const byComponent: Record<Component, ScoreItem[]> = { ww: [], pt: [], qa: [] };
    for (const it of items) if (it.quarter === quarter) byComponent[it.component].push({ score: scores.get(it.id) ?? null, max: it.max });
    return computeQuarter(quarter, policy.weights, byComponent, policy.transmutation, policy.descriptors);
  });
  return { results, final: finalGrade(results.map((r) => r.quarterly)) };
};

/**
 * The DepEd grades of a class course's learners (`studentIds`: only those, if enrolled); null when
 * the course is no class course, its school is not on the DepEd policy or the course is no DepEd
 * learning area (one query tells). `now` decides time-locked items as the gradebook does.
 */
export const loadDepedGrades = async (db: Db, courseId: string, opts: { studentIds?: string[]; now?: number } = {}): Promise<DepedCourseGrades | null> => {
  const deped = await readDepedKeys(db, courseId);
  if (!deped) return null;
  const keys = { classId: deped.classId, schoolId: deped.schoolId };
  await ensureGradebook(db, courseId);
  const only = opts.studentIds?.length === 1 ? opts.studentIds[0] : undefined;
  const [rows, roster] = await concurrently(
    db,
    () => loadSetupRows(db, courseId, keys.schoolId, false),
    () => loadStudents(db, keys.classId, only),
  );
  const wanted = opts.studentIds ? new Set(opts.studentIds) : null;
  const students = wanted ? roster.filter((s) => wanted.has(s.id)) : roster;
  const { policy, course } = deped;
  const quarters = matchQuarters(policy.quarters, rows.periods);
  const items = depedItemsOf(
    rows.items,
    rows.categories,
    { ww: course.wwCategoryId, pt: course.ptCategoryId, qa: course.qaCategoryId },
    quarters,
    rows.settings.includeScales,
  );
  const weights = policy.presets[course.subjectGroup];
  const cells = await loadCells(db, {
    courseId,
    classId: keys.classId,
    items: rows.items,
    studentIds: students.map((s) => s.id),
    now: opts.now ?? Date.now(),
    only,
  });
  const out = new Map<string, DepedStudentGrades>();
  for (const s of students) {
    const grades = cells.get(s.id)?.engine.grades ?? {};
    const scores = new Map<string, number | null>();
    const excused = new Set<string>();
    for (const it of items) {
      const g = grades[it.id];
      if (g?.excluded) excused.add(it.id);
      scores.set(it.id, g && !g.excluded ? g.value : null);
    }
    out.set(s.id, {
      name: s.name,
      scores,
      excused,
      ...depedResultsOf(items, scores, { weights, transmutation: policy.transmutation, descriptors: policy.descriptors }),
    });
  }
  return {
    courseId,
    classId: keys.classId,
    schoolId: keys.schoolId,
    subjectGroup: course.subjectGroup,
    mapehPart: course.mapehPart,
    weights,
    transmutation: policy.transmutation,
    descriptors: policy.descriptors,
    quarters,
    items,
    students: out,
  };
};

export { readCourseDepedRow, readDepedKeys, readPolicyRow };
