import {
  DEFAULT_LETTERS,
  itemPeriodId,
  type AggregationMethod,
  type DisplayType,
  type GradebookSettings,
  type GradeCategoryRow,
  type GradeItemRow,
  type GradingPeriodRow,
  type RubricRow,
  type ScaleRow,
} from '@klase/core/gradebook/index';
import { rubricMaxPoints } from '@klase/core/gradebook/contracts';
import type { Db } from '../../platform/context.ts';
import { readSetupRecords, type SettingsRecord, type SetupRecords } from './setup.repo.ts';

export { ensureGradebook, type SettingsRecord } from './setup.repo.ts';

/**
 * A course's gradebook setup as the API contracts describe it (decision 0015), from the rows
 * setup.repo.ts reads (call `ensureGradebook` first): material items take their name, maximum,
 * due date and published state from the material (a rubric's items their maximum from the rubric).
 */

export const settingsView = (row: SettingsRecord): GradebookSettings => ({
  status: row.status,
  gradeDisplayType: row.displayType as DisplayType,
  decimals: row.decimals,
  hiddenPolicy: row.hiddenPolicy,
  minMaxToUse: row.minMaxToUse,
  includeScales: row.includeScales,
  letters: row.letters ?? DEFAULT_LETTERS.map((l) => ({ ...l })),
  defaultLetters: row.letters === null,
  finalMode: row.finalMode,
  finalDisplayType: row.finalDisplayType as DisplayType,
  finalDecimals: row.finalDecimals,
  version: row.version,
});

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Categories root first, then depth-first by position (then name); `depth` and `itemCount` filled. */
const orderCategories = (rows: Omit<GradeCategoryRow, 'depth' | 'itemCount' | 'computedWeight'>[], itemCounts: Map<string, number>): GradeCategoryRow[] => {
  const kids = new Map<string | null, typeof rows>();
  for (const r of rows) {
    const list = kids.get(r.parentId) ?? [];
    list.push(r);
    kids.set(r.parentId, list);
  }
  const out: GradeCategoryRow[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string | null, depth: number) => {
    const list = (kids.get(parentId) ?? []).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
    for (const r of list) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ ...r, depth, itemCount: itemCounts.get(r.id) ?? 0, computedWeight: null });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
};

export interface SetupRowsLoaded {
  settings: GradebookSettings;
  categories: GradeCategoryRow[];
  /** In column order: by category (depth-first), then position, due date, creation. */
  items: GradeItemRow[];
  scales: ScaleRow[];
  rubrics: RubricRow[];
  periods: GradingPeriodRow[];
  /** At least one category besides the course's root. */
  ready: boolean;
}

type CategoryRecord = SetupRecords['catRows'][number];
type ItemRecord = SetupRecords['itemRows'][number];

const categoryFields = (c: CategoryRecord): Omit<GradeCategoryRow, 'depth' | 'itemCount' | 'computedWeight'> => ({
  id: c.id,
  parentId: c.parentId,
  name: c.name,
  idNumber: c.idNumber,
  aggregation: c.aggregation as AggregationMethod,
  excludeEmpty: c.excludeEmpty,
  dropLowest: c.dropLowest,
  keepHighest: c.keepHighest,
  includeOutcomes: c.includeOutcomes,
  maxGrade: c.maxGrade,
  weight: c.weight,
  extraCredit: c.extraCredit,
  hidden: c.hidden,
  hiddenUntil: iso(c.hiddenUntil),
  locked: c.locked,
  lockedAfter: iso(c.lockedAfter),
  gradePass: c.gradePass,
  displayType: c.displayType as DisplayType | null,
  decimals: c.decimals,
  position: c.position,
  version: c.version,
});

/** An item as the contract shows it: a material's item takes the material's name, maximum, due date and state. */
const itemRow = ({ item, material, elementPublished }: ItemRecord, rubricMax: Map<string, number>, periods: readonly GradingPeriodRow[]): GradeItemRow => {
  const source = material ? material.type : 'manual';
  const maxGrade = item.rubricId && rubricMax.has(item.rubricId) ? (rubricMax.get(item.rubricId) ?? 0) : material ? (material.maxPoints ?? 100) : item.maxGrade;
  const row: GradeItemRow = {
    id: item.id,
    categoryId: item.categoryId,
    materialId: item.materialId,
    source: source === 'assignment' || source === 'quiz' || source === 'activity' ? source : 'manual',
    name: material ? material.name : item.name,
    idNumber: item.idNumber,
    gradeType: item.gradeType,
    maxGrade,
    minGrade: material ? 0 : item.minGrade,
    scaleId: item.scaleId,
    rubricId: item.rubricId,
    weight: item.weight,
    extraCredit: item.extraCredit,
    hidden: item.hidden,
    hiddenUntil: iso(item.hiddenUntil),
    locked: item.locked,
    lockedAfter: iso(item.lockedAfter),
    gradePass: item.gradePass,
    displayType: item.displayType as DisplayType | null,
    decimals: item.decimals,
    gradingPeriodId: item.gradingPeriodId,
    periodId: null,
    dueAt: material ? iso(material.dueAt) : iso(item.dueAt),
    createdAt: (material?.createdAt ?? item.createdAt).toISOString(),
    position: item.position,
    unpublished: material ? !(material.published && (elementPublished ?? true)) : false,
    computedWeight: null,
    version: item.version,
  };
  row.periodId = itemPeriodId(row, periods);
  return row;
};

/** Items in column order: by category (depth-first), then position, element and material position, creation. */
const orderedItems = (
  itemRows: readonly ItemRecord[],
  categories: readonly GradeCategoryRow[],
  rubricMax: Map<string, number>,
  periods: readonly GradingPeriodRow[],
): GradeItemRow[] => {
  const catOrder = new Map(categories.map((c, i) => [c.id, i]));
  const keyed = itemRows.map((r) => {
    const row = itemRow(r, rubricMax, periods);
    const numbers = [catOrder.get(r.item.categoryId) ?? 0, r.item.position, r.elementPosition ?? 0, r.material?.position ?? 0];
    return { row, numbers, createdAt: row.createdAt };
  });
  keyed.sort((a, b) => {
    for (let i = 0; i < 4; i++) {
      const d = (a.numbers[i] as number) - (b.numbers[i] as number);
      if (d !== 0) return d;
    }
    return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
  });
  return keyed.map((k) => k.row);
};

const scaleRows = (records: SetupRecords, canEditCustom: boolean): ScaleRow[] => {
  const scaleUse = new Map<string, number>();
  for (const { item } of records.itemRows) if (item.scaleId) scaleUse.set(item.scaleId, (scaleUse.get(item.scaleId) ?? 0) + 1);
  return records.scaleRows.map((s) => ({
    id: s.id,
    name: s.name,
    values: s.values,
    description: s.description,
    kind: s.courseId ? 'custom' : 'standard',
    minGrade: 1,
    maxGrade: s.values.length,
    usedBy: scaleUse.get(s.id) ?? 0,
    version: s.version,
    canEdit: canEditCustom && s.courseId !== null,
  }));
};

/** The setup of stored rows (pure). */
export const setupRowsOf = (records: SetupRecords, canEditCustom: boolean): SetupRowsLoaded => {
  const { settingsRow, catRows, itemRows, rubricRows, periodRows } = records;
  if (!settingsRow) throw new Error('gradebook settings missing: call ensureGradebook first');
  const periods: GradingPeriodRow[] = periodRows.map((p) => ({
    id: p.id,
    name: p.name,
    startsOn: p.startsOn,
    endsOn: p.endsOn,
    weight: p.weight,
    version: p.version,
  }));
  const rubricList: RubricRow[] = rubricRows.map((r) => ({
    id: r.id,
    name: r.name,
    criteria: r.criteria,
    maxPoints: rubricMaxPoints(r.criteria),
    usedBy: itemRows.filter((i) => i.item.rubricId === r.id).length,
    version: r.version,
  }));
  const itemCounts = new Map<string, number>();
  for (const { item } of itemRows) itemCounts.set(item.categoryId, (itemCounts.get(item.categoryId) ?? 0) + 1);
  const categories = orderCategories(catRows.map(categoryFields), itemCounts);
  return {
    settings: settingsView(settingsRow),
    categories,
    items: orderedItems(itemRows, categories, new Map(rubricList.map((r) => [r.id, r.maxPoints])), periods),
    scales: scaleRows(records, canEditCustom),
    rubrics: rubricList,
    periods,
    ready: categories.some((c) => c.parentId !== null),
  };
};

/** Everything of a course's gradebook setup (call `ensureGradebook` first). `schoolId` picks the standard scales. */
export const loadSetupRows = async (db: Db, courseId: string, schoolId: string, canEditCustom: boolean): Promise<SetupRowsLoaded> =>
  setupRowsOf(await readSetupRecords(db, courseId, schoolId), canEditCustom);
