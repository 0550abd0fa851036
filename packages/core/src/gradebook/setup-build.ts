import type { GradebookSettings, GradeCategoryRow, GradeItemRow, GradingPeriodRow, ScaleRow } from './views.ts';
import type { GradebookSetup, GradeCategorySetup, GradeItemSetup } from './types.ts';
import { SCHOOL_TIME_ZONE } from '../constants.ts';
import { isLockedAt } from './entry-rules.ts';

/**
 * From the stored setup (the rows of `GET /gradebook/setup`) to the engine's setup, and the
 * grading-period rules (decision 0015). Pure: the API computes with it, the SPA may preview.
 */

/** Schools are in the Philippines: a due date belongs to the period holding its Manila calendar date. */
export { SCHOOL_TIME_ZONE };

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** `YYYY-MM-DD` of an instant in the school's time zone. */
export const schoolDate = (iso: string | Date): string => dateFormat.format(typeof iso === 'string' ? new Date(iso) : iso);

/**
 * The period an item counts in: its explicit period, else the one whose dates (inclusive) hold the
 * item's date (`dueAt`, else `createdAt`); null when none does.
 */
export const itemPeriodId = (
  item: { gradingPeriodId: string | null; dueAt: string | null; createdAt?: string | null },
  periods: readonly GradingPeriodRow[],
): string | null => {
  if (item.gradingPeriodId && periods.some((p) => p.id === item.gradingPeriodId)) return item.gradingPeriodId;
  const when = item.dueAt ?? item.createdAt ?? null;
  if (!when) return null;
  const day = schoolDate(when);
  return periods.find((p) => p.startsOn <= day && day <= p.endsOn)?.id ?? null;
};

/**
 * The final grade (percent 0..100) from the periods' totals: weighted by the periods' weights over
 * the periods that have a total; all those weights 0 → a plain mean; no total → null.
 */
export const finalFromPeriods = (periods: readonly { weight: number; percent: number | null }[]): number | null => {
  const graded = periods.filter((p): p is { weight: number; percent: number } => p.percent !== null);
  if (graded.length === 0) return null;
  const wsum = graded.reduce((s, p) => s + p.weight, 0);
  if (wsum <= 0) return graded.reduce((s, p) => s + p.percent, 0) / graded.length;
  return graded.reduce((s, p) => s + p.weight * p.percent, 0) / wsum;
};

const ms = (iso: string | null): number | undefined => (iso ? Date.parse(iso) : undefined);

/** A child's coefficients, read as its parent's method wants them (types.ts `ChildCoefficients`). */
const coefficients = (row: { weight: number | null; extraCredit: boolean; position: number }, parentMethod: string | undefined) => {
  switch (parentMethod) {
    case 'weightedMean':
      return { weight: row.weight ?? 1, sortOrder: row.position };
    case 'meanWithExtraCredits':
      return { extraCredit: row.extraCredit, extraCreditWeight: row.extraCredit ? (row.weight ?? 1) : 0, sortOrder: row.position };
    case 'natural':
      return { extraCredit: row.extraCredit, weightOverride: row.weight, sortOrder: row.position };
    case 'simpleWeightedMean':
      return { extraCredit: row.extraCredit, sortOrder: row.position };
    default:
      return { sortOrder: row.position };
  }
};

export interface SetupRows {
  settings: Pick<GradebookSettings, 'gradeDisplayType' | 'decimals' | 'hiddenPolicy' | 'minMaxToUse' | 'includeScales' | 'letters'>;
  categories: readonly Pick<
    GradeCategoryRow,
    | 'id'
    | 'parentId'
    | 'aggregation'
    | 'excludeEmpty'
    | 'dropLowest'
    | 'keepHighest'
    | 'includeOutcomes'
    | 'maxGrade'
    | 'weight'
    | 'extraCredit'
    | 'hidden'
    | 'hiddenUntil'
    | 'locked'
    | 'lockedAfter'
    | 'gradePass'
    | 'displayType'
    | 'decimals'
    | 'position'
    | 'name'
  >[];
  items: readonly Pick<
    GradeItemRow,
    | 'id'
    | 'categoryId'
    | 'gradeType'
    | 'maxGrade'
    | 'minGrade'
    | 'scaleId'
    | 'weight'
    | 'extraCredit'
    | 'hidden'
    | 'hiddenUntil'
    | 'locked'
    | 'lockedAfter'
    | 'gradePass'
    | 'displayType'
    | 'decimals'
    | 'position'
    | 'unpublished'
    | 'name'
  >[];
  scales: readonly Pick<ScaleRow, 'id' | 'name' | 'values'>[];
}

/**
 * The engine's setup. `itemFilter` keeps only some items (a grading period's); categories stay (an
 * empty one just has no total). Unpublished materials' items count as hidden items (semantics §5).
 */
export const buildEngineSetup = (rows: SetupRows, now: number, itemFilter?: (itemId: string) => boolean): GradebookSetup => {
  const method = new Map(rows.categories.map((c) => [c.id, c.aggregation]));
  const categories: GradeCategorySetup[] = rows.categories.map((c) => ({
    id: c.id,
    name: c.name,
    parentId: c.parentId,
    aggregation: c.aggregation,
    excludeEmpty: c.excludeEmpty,
    dropLowest: c.dropLowest,
    keepHighest: c.keepHighest,
    includeOutcomes: c.includeOutcomes,
    min: 0,
    max: c.maxGrade,
    hidden: c.hidden,
    hiddenUntil: ms(c.hiddenUntil),
    locked: isLockedAt(c, now),
    gradePass: c.gradePass ?? undefined,
    displayType: c.displayType ?? undefined,
    decimals: c.decimals ?? undefined,
    ...coefficients(c, c.parentId ? method.get(c.parentId) : undefined),
  }));
  const items: GradeItemSetup[] = [];
  for (const i of rows.items) {
    if (itemFilter && !itemFilter(i.id)) continue;
    items.push({
      id: i.id,
      name: i.name,
      categoryId: i.categoryId,
      type: i.gradeType,
      min: i.gradeType === 'value' ? i.minGrade : undefined,
      max: i.gradeType === 'value' ? i.maxGrade : undefined,
      scaleId: i.gradeType === 'scale' ? (i.scaleId ?? undefined) : undefined,
      hidden: i.hidden || i.unpublished,
      hiddenUntil: ms(i.hiddenUntil),
      locked: isLockedAt(i, now),
      gradePass: i.gradePass ?? undefined,
      displayType: i.displayType ?? undefined,
      decimals: i.decimals ?? undefined,
      ...coefficients(i, method.get(i.categoryId)),
    });
  }
  return {
    categories,
    items,
    scales: rows.scales.map((s) => ({ id: s.id, name: s.name, values: [...s.values] })),
    options: {
      includeScales: rows.settings.includeScales,
      minMaxToUse: rows.settings.minMaxToUse,
      hiddenPolicy: rows.settings.hiddenPolicy,
      displayType: rows.settings.gradeDisplayType,
      decimals: rows.settings.decimals,
      letters: rows.settings.letters,
    },
  };
};
