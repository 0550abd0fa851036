import { z } from 'zod';

/**
 * Gradebook engine types (issue 7). The setup is student-independent (categories, items, scales,
 * report options); grades are per student. The engine (`engine.ts`) turns both into totals,
 * weights, contributions and explanations following /work/shared/spec/gradebook-semantics.md
 * (referred to as "the semantics", § numbers are its sections). Written from that description
 * only; no third-party gradebook code is used.
 *
 * Naming: what the semantics calls `coef` / `coef2` is split into readable fields on every child
 * (item or category) — `weight` (weighted mean), `extraCredit` (Natural, simple weighted mean,
 * mean with extra credits), `extraCreditWeight` (mean with extra credits, may exceed 1) and
 * `weightOverride` (Natural, in percent as typed). Which of them is read depends on the PARENT's
 * aggregation (§2.2); the others are ignored.
 */

export const AGGREGATION_METHODS = [
  'natural',
  'mean',
  'weightedMean',
  'simpleWeightedMean',
  'meanWithExtraCredits',
  'median',
  'lowest',
  'highest',
  'mode',
] as const;
export type AggregationMethod = (typeof AGGREGATION_METHODS)[number];
export const aggregationMethodSchema = z.enum(AGGREGATION_METHODS);

/** Display types (§6): a main type, optionally followed by a second one in parentheses. */
export const DISPLAY_TYPES = [
  'real',
  'percentage',
  'letter',
  'realPercentage',
  'realLetter',
  'letterReal',
  'letterPercentage',
  'percentageReal',
  'percentageLetter',
] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];
export const displayTypeSchema = z.enum(DISPLAY_TYPES);

/** How totals are shown to someone who may not see hidden grades (§5). */
export const HIDDEN_POLICIES = ['hideTotals', 'showIncluding', 'showExcluding'] as const;
export type HiddenPolicy = (typeof HIDDEN_POLICIES)[number];

/** Coefficients a child carries for its parent (§2.2). */
export interface ChildCoefficients {
  /** Weighted mean: the weight (default 1; ≤ 0 means ignored). */
  weight?: number;
  /** Natural / simple weighted mean / mean with extra credits: an extra-credit child. */
  extraCredit?: boolean;
  /** Mean with extra credits: extra-credit weight (default 1 when `extraCredit`, else 0; may exceed 1). */
  extraCreditWeight?: number;
  /** Natural: weight typed by the teacher, in percent (e.g. 40 = 40 %); absent = automatic. */
  weightOverride?: number | null;
  /** Position among the siblings (ascending); ties keep categories before items, then input order. */
  sortOrder?: number;
}

export interface GradeScale {
  id: string;
  name?: string;
  /** Ordered words, worst first; their values are 1..k (§1). */
  values: string[];
}

export type GradeItemType = 'value' | 'scale' | 'text' | 'none';

export interface GradeItemSetup extends ChildCoefficients {
  id: string;
  name?: string;
  categoryId: string;
  type: GradeItemType;
  /** Range of a `value` item (min default 0). Scale items use [1, k] of their scale. */
  min?: number;
  max?: number;
  scaleId?: string;
  /** An outcome: aggregated only when its category has `includeOutcomes` (§2.1). */
  outcome?: boolean;
  hidden?: boolean;
  /** Hidden until this time (ms since epoch); compared with `ComputeOptions.now`. */
  hiddenUntil?: number;
  locked?: boolean;
  gradePass?: number;
  displayType?: DisplayType;
  decimals?: number;
  /** A calculated item: the item ids its formula reads (only used by the "exclude hidden" rule, §5). */
  calculatedFrom?: string[];
}

export interface GradeCategorySetup extends ChildCoefficients {
  id: string;
  name?: string;
  /** null for the course (the root category). */
  parentId: string | null;
  aggregation: AggregationMethod;
  /** Default true (§1). */
  excludeEmpty?: boolean;
  dropLowest?: number;
  keepHighest?: number;
  includeOutcomes?: boolean;
  /** Range of a non-Natural total (default 0..100). Natural totals are 0..Σ maxima. */
  min?: number;
  max?: number;
  hidden?: boolean;
  hiddenUntil?: number;
  /** A locked total keeps its stored value (§3.1). */
  locked?: boolean;
  gradePass?: number;
  displayType?: DisplayType;
  decimals?: number;
}

export interface GradeLetter {
  letter: string;
  /** Lowest percentage for this letter, 0..100. */
  boundary: number;
}

export interface GradebookOptions {
  /** Aggregate scale items (default true, §1). */
  includeScales?: boolean;
  /** Range used for item grades: the item's (default) or the one stored with each grade (§3.2, §7). */
  minMaxToUse?: 'item' | 'grade';
  hiddenPolicy?: HiddenPolicy;
  displayType?: DisplayType;
  decimals?: number;
  letters?: GradeLetter[];
  /** Compare letters with the raw boundary (courses frozen at gradebook version ≤ 20160518, §6). */
  legacyLetterBoundaries?: boolean;
  /** Site allows grades over 100 %: totals are bounded by max × 10 instead of max (§3.7). */
  unlimitedGrades?: boolean;
}

export interface GradebookSetup {
  categories: GradeCategorySetup[];
  items: GradeItemSetup[];
  scales?: GradeScale[];
  options?: GradebookOptions;
}

/** A student's final grade for an item (may be empty). */
export interface ItemGrade {
  value: number | null;
  hidden?: boolean;
  hiddenUntil?: number;
  locked?: boolean;
  /** Entered in the gradebook instead of coming from the activity (informational: the value is final). */
  overridden?: boolean;
  /** Excused / "excluded": left out of every total (§3.3). */
  excluded?: boolean;
  /** Range stored with the grade, used when `minMaxToUse = 'grade'`. */
  min?: number;
  max?: number;
}

/** A stored category total: used only when the category is locked or the total overridden (§3.1). */
export interface StoredTotal {
  value: number | null;
  overridden?: boolean;
  locked?: boolean;
  hidden?: boolean;
}

export interface StudentGrades {
  studentId: string;
  /** By item id. An entry (even with a null value) is a "grade record" (§3.1, §3.9). */
  grades: Readonly<Record<string, ItemGrade | undefined>>;
  /** By category id. */
  totals?: Readonly<Record<string, StoredTotal | undefined>>;
}

export interface ComputeOptions {
  /** Time for `hiddenUntil` (ms). Without it, anything with `hiddenUntil` counts as hidden. */
  now?: number;
  /** Leave out the per-total explanations (the numbers are the same). Default true. */
  explain?: boolean;
}

/* ---------- results ---------- */

/**
 * used: counted with its weight; extra: extra credit that counted; novalue: empty and left out;
 * dropped: left out by a rule (see `reason`); unknown: takes no part in the aggregation.
 */
export type ChildStatus = 'used' | 'extra' | 'novalue' | 'dropped' | 'unknown';
export type DropReason = 'empty' | 'excluded' | 'dropLowest' | 'keepHighest' | 'hidden' | 'notAggregated' | 'zeroWeight' | 'noGrades';

export interface ChildLine {
  id: string;
  kind: 'item' | 'category';
  /** The grade (or child total) as read, before normalising; null = empty. */
  grade: number | null;
  /** The range used for this student. */
  min: number;
  max: number;
  /** 0..1 normally; null when left out before normalising. Empty counted as 0 shows 0. */
  normalised: number | null;
  status: ChildStatus;
  reason?: DropReason;
  extraCredit: boolean;
  /** Share in this category (0..1, may exceed 1 for extra credit); null = not applicable ("-"). */
  weight: number | null;
  /** normalised × weight: this child's part of the category's normalised result. */
  part: number | null;
}

export type EmptyReason = 'noGrades' | 'noChildren' | 'allEmpty' | 'noneLeft' | 'zeroWeights' | 'storedEmpty' | 'hidden';

export interface TotalExplanation {
  method: AggregationMethod;
  /** computed; kept (locked/overridden stored value); notRecomputed (exclude-hidden view kept the real total). */
  source: 'computed' | 'locked' | 'overridden' | 'notRecomputed';
  emptyReason?: EmptyReason;
  excludeEmpty: boolean;
  /** Limit rule actually applied (null when none or not allowed). */
  limit: { rule: 'dropLowest' | 'keepHighest'; count: number } | null;
  /** A limit rule is configured but Natural does not allow it here (§3.5). */
  limitIgnored: boolean;
  /** Children in sort order. */
  children: ChildLine[];
  /** Normalised result `a` (§3.6), null when empty. */
  aggregate: number | null;
  /** Range of the total for this student. */
  min: number;
  max: number;
  /** Value before clamping to the range. */
  unclamped: number | null;
  value: number | null;
  clamped: boolean;
}

export interface TotalResult {
  id: string;
  value: number | null;
  min: number;
  max: number;
  /** 0..100, null when empty or min = max. */
  percent: number | null;
  passed: boolean | null;
  /** The subtree holds a hidden (non-empty) grade, or the total itself is hidden. */
  containsHidden: boolean;
  /** This total itself is hidden (hidden category or hidden stored total). */
  hidden: boolean;
  explanation: TotalExplanation | null;
}

export interface ItemResult {
  id: string;
  value: number | null;
  min: number;
  max: number;
  percent: number | null;
  passed: boolean | null;
  hidden: boolean;
  status: ChildStatus;
  /** Weight in the parent category (null = "-"). */
  weight: number | null;
  /** Contribution to the course total in percent (§4), null = "-". */
  contribution: number | null;
}

/** What someone who may not see hidden grades is shown (§5). `null` total = "-". */
export interface StudentView {
  policy: HiddenPolicy;
  totals: Record<string, TotalResult | null>;
  items: Record<string, Pick<ItemResult, 'weight' | 'contribution'>>;
}

export interface StudentGradebook {
  studentId: string;
  hasGrades: boolean;
  course: TotalResult;
  /** Every category total by category id, the course included. */
  totals: Record<string, TotalResult>;
  items: Record<string, ItemResult>;
  studentView: StudentView;
}
