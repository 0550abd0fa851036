import type { AggregationMethod, DisplayType, HiddenPolicy, TotalExplanation } from './types.ts';
import type { FinalMode, GradebookStatus, GradeType, RubricCriterion } from './contracts.ts';
import type { DepedCourseReport, Descriptor, Quarter } from '../deped/contracts.ts';

/**
 * What the gradebook API answers (issue 7, decision 0015): the setup view, the grader grid, grade
 * entry, the history and a student's report. The forms are in contracts.ts, which re-exports these.
 */

export interface GradebookSettings {
  status: GradebookStatus;
  gradeDisplayType: DisplayType;
  decimals: number;
  hiddenPolicy: HiddenPolicy;
  minMaxToUse: 'item' | 'grade';
  includeScales: boolean;
  letters: { letter: string; boundary: number }[];
  /** The letters are the defaults (never saved). */
  defaultLetters: boolean;
  finalMode: FinalMode;
  finalDisplayType: DisplayType;
  finalDecimals: number;
  /** The edit version its form sends back (docs/decisions/0024-edit-versions.md). */
  version: number;
}

export interface GradeCategoryRow {
  id: string;
  /** null: the course's root category (its total is the course total). */
  parentId: string | null;
  name: string;
  idNumber: string | null;
  aggregation: AggregationMethod;
  excludeEmpty: boolean;
  dropLowest: number;
  keepHighest: number;
  includeOutcomes: boolean;
  maxGrade: number;
  weight: number | null;
  extraCredit: boolean;
  hidden: boolean;
  hiddenUntil: string | null;
  locked: boolean;
  lockedAfter: string | null;
  gradePass: number | null;
  displayType: DisplayType | null;
  decimals: number | null;
  position: number;
  /** Depth below the root (root 0). */
  depth: number;
  /** Items directly in it (a category with items cannot be deleted). */
  itemCount: number;
  /** Natural only: the weight the engine computes for it in its parent (0..1), for the setup table. */
  computedWeight: number | null;
  /** The edit version its form sends back (docs/decisions/0024-edit-versions.md). */
  version: number;
}

export type GradeItemSource = 'assignment' | 'quiz' | 'activity' | 'manual';

export interface GradeItemRow {
  id: string;
  categoryId: string;
  /** The graded material (null: a manual item). */
  materialId: string | null;
  source: GradeItemSource;
  name: string;
  idNumber: string | null;
  gradeType: GradeType;
  maxGrade: number;
  minGrade: number;
  scaleId: string | null;
  rubricId: string | null;
  weight: number | null;
  extraCredit: boolean;
  hidden: boolean;
  hiddenUntil: string | null;
  locked: boolean;
  lockedAfter: string | null;
  gradePass: number | null;
  displayType: DisplayType | null;
  decimals: number | null;
  gradingPeriodId: string | null;
  /** The period it counts in (explicit or by date); null = none (only in the course total). */
  periodId: string | null;
  dueAt: string | null;
  createdAt: string;
  position: number;
  /** The material is unpublished: hidden from students, so it counts as a hidden item. */
  unpublished: boolean;
  computedWeight: number | null;
  /** The edit version its form sends back (docs/decisions/0024-edit-versions.md). */
  version: number;
}

export interface ScaleRow {
  id: string;
  name: string;
  values: string[];
  description: string;
  kind: 'standard' | 'custom';
  /** 1 and k: the grades its words stand for. */
  minGrade: number;
  maxGrade: number;
  /** Items using it (a used scale cannot be deleted). */
  usedBy: number;
  canEdit: boolean;
  /** The edit version its form sends back (docs/decisions/0024-edit-versions.md). */
  version: number;
}

export interface RubricRow {
  id: string;
  name: string;
  criteria: RubricCriterion[];
  maxPoints: number;
  usedBy: number;
  /** The edit version its form sends back (docs/decisions/0024-edit-versions.md). */
  version: number;
}

export interface GradingPeriodRow {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  weight: number;
  /** The edit version its form sends back (docs/decisions/0024-edit-versions.md). */
  version: number;
}

/** `GET /gradebook/setup` (staff of the class): everything the grade-setup tabs show. */
export interface GradebookSetupView {
  courseId: string;
  settings: GradebookSettings;
  /** Root first, then depth-first in position order. */
  categories: GradeCategoryRow[];
  items: GradeItemRow[];
  scales: ScaleRow[];
  rubrics: RubricRow[];
  periods: GradingPeriodRow[];
  /** "At least one grading category is required to use the gradebook.": false until a category exists. */
  ready: boolean;
  can: { manage: boolean };
}

/** Cell flags (bits) of the grid. */
export const CELL = {
  overridden: 1,
  excused: 2,
  hidden: 4,
  locked: 8,
  /** A material's grade that is not returned yet: shown to staff, not counted. */
  notReturned: 16,
  /** Submitted, not graded yet. */
  needsGrading: 32,
  late: 64,
} as const;

export interface GridTotal {
  value: number | null;
  min: number;
  max: number;
  percent: number | null;
}

/**
 * A DepEd learning area's grades of one student in the grid (docs/decisions/0059-deped-grader-grid.md):
 * quarters 1..4 in order (`initial` the untransmuted initial grade, `quarterly` the transmuted
 * grade, both null while the quarter is incomplete), and the final grade once all four quarters
 * have one — the same numbers as the student's report.
 */
export interface GridDepedGrades {
  quarters: { quarter: Quarter; initial: number | null; quarterly: number | null; descriptor: Descriptor | null }[];
  final: number | null;
  finalDescriptor: Descriptor | null;
}

/** A DepEd learning area's quarters in the grid: each quarter's grading period (null: none matches). */
export interface GridDeped {
  quarters: { quarter: Quarter; periodId: string | null }[];
}

/**
 * `GET /gradebook` (staff of the class): the grader grid. `items` in column order (categories'
 * depth-first order); each student's `values[i]` / `flags[i]` belong to `items[i]` (`values`:
 * the grade that counts, or for `notReturned` the grade waiting to be returned). `totals` by key
 * `cat:<categoryId>` (the root's is the course total), `period:<periodId>`, `final`.
 */
export interface GradebookGrid {
  courseId: string;
  settings: GradebookSettings;
  categories: GradeCategoryRow[];
  items: GradeItemRow[];
  scales: ScaleRow[];
  periods: GradingPeriodRow[];
  groups: { id: string; name: string }[];
  students: {
    id: string;
    name: string;
    username: string;
    groupIds: string[];
    values: (number | null)[];
    flags: number[];
    totals: Record<string, GridTotal>;
    /** DepEd learning areas only. */
    deped?: GridDepedGrades;
  }[];
  /** DepEd learning areas only: the grid shows the quarterly grades, not the course total. */
  deped?: GridDeped;
  ready: boolean;
  computedAt: string | null;
  can: { manage: boolean };
}

/** What `PUT .../grades/:studentId` answers: the cell and the student's recomputed totals. */
export interface GradeEntryResult {
  itemId: string;
  studentId: string;
  value: number | null;
  flags: number;
  totals: Record<string, GridTotal>;
  /** DepEd learning areas only: the student's quarterly and final grades after the change. */
  deped?: GridDepedGrades;
}

/** `GET /gradebook/items/:itemId/grades/:studentId/history` (staff): newest first. */
export interface GradeHistoryEntry {
  id: number;
  field: 'grade' | 'override' | 'excused' | 'hidden' | 'locked';
  source: 'gradebook' | 'submission';
  oldValue: string | null;
  newValue: string | null;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
}

/** One line of the student's report: an item, or a category / course / period / final total. */
export interface ReportLine {
  kind: 'item' | 'category' | 'course' | 'period' | 'final';
  id: string;
  name: string;
  depth: number;
  source?: GradeItemSource;
  materialId?: string | null;
  /** null = "-" (empty, or a total hidden by the policy). */
  value: number | null;
  min: number;
  max: number;
  percent: number | null;
  /** Formatted with the item's / category's / gradebook's display type ("87.50 (87.50 %)"). */
  display: string;
  /** Formatted range ("0.00–100.00"). */
  range: string;
  letter: string | null;
  /** Weight in the parent (0..1, may exceed 1 for extra credit); null = "-". */
  weight: number | null;
  /** Contribution to the course total in percent; null = "-". */
  contribution: number | null;
  excused?: boolean;
  extraCredit?: boolean;
  passed: boolean | null;
  feedbackHtml?: string | null;
  /** Totals: how the value was reached (absent for items and for totals shown as "-"). */
  explanation?: TotalExplanation | null;
  /** Totals whose value the hidden-items policy replaced by "-". */
  hiddenByPolicy?: boolean;
}

/**
 * `GET /gradebook/students/:studentId` (staff; the student themself; a parent of the child) — the
 * grade tab and the class-list student page's grade tab. Students and parents never see hidden
 * items (nor grades not returned yet), and totals follow the gradebook's hidden-items policy; staff
 * see everything. `released` false (status hidden, for students and parents): no lines.
 */
export interface StudentGradeReport {
  courseId: string;
  student: { id: string; name: string };
  released: boolean;
  lines: ReportLine[];
  /** The same engine names the children of every explanation by id: names for them. */
  names: Record<string, string>;
  settings: Pick<GradebookSettings, 'gradeDisplayType' | 'decimals' | 'hiddenPolicy' | 'letters' | 'finalMode'>;
  periods: GradingPeriodRow[];
  computedAt: string | null;
  /**
   * DepEd learning areas (issue 19): the learner's quarters, final grade and `headline`, the one
   * grade the web shows as the course's grade (the lines' course total and final grade are then
   * not shown as grades). Absent for courses of schools on the custom policy.
   */
  deped?: DepedCourseReport;
}
