import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
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
import { GRADED_TYPES } from '@klase/core/courses/contracts';
import type { Db } from '../../db/client.ts';
import { concurrently } from '../../db/concurrent.ts';
import { courseElements, courseMaterials, courses } from '../../db/schema/courses.ts';
import { gradebookSettings, gradeCategories, gradeItems, gradeScales, gradingPeriods, rubrics } from '../../db/schema/gradebook.ts';

/**
 * Loading a course's gradebook setup (decision 0015). `ensureGradebook` creates what every
 * gradebook has (the settings row, the root category whose total is the course total) and an item
 * for every graded material not mapped yet; it is idempotent and safe under concurrency (conflicts
 * do nothing). `loadSetupRows` reads the setup as the API contracts describe it; material items
 * take their name, maximum, due date and published state from the material (a rubric's items their
 * maximum from the rubric).
 */

const gradedTypesSql = sql.join(
  GRADED_TYPES.map((t) => sql`${t}`),
  sql`, `,
);

export const ensureGradebook = async (db: Db, courseId: string): Promise<void> => {
  await db.insert(gradebookSettings).values({ courseId }).onConflictDoNothing();
  const [course] = await db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) return;
  await db.execute(sql`
    insert into grade_categories (course_id, parent_id, name)
    select ${courseId}, null, ${course.name}
    where not exists (select 1 from grade_categories where course_id = ${courseId} and parent_id is null)
    on conflict (course_id) where parent_id is null do nothing`);
  await db.execute(sql`
    insert into grade_items (course_id, category_id, material_id, name, max_grade, position)
    select m.course_id, root.id, m.id, m.name, coalesce(m.max_points, 100), 0
    from course_materials m
    join grade_categories root on root.course_id = m.course_id and root.parent_id is null
    where m.course_id = ${courseId} and m.type in (${gradedTypesSql})
      and not exists (select 1 from grade_items i where i.material_id = m.id)
    on conflict (material_id) where material_id is not null do nothing`);
};

export type SettingsRecord = typeof gradebookSettings.$inferSelect;

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

/** Everything of a course's gradebook setup (call `ensureGradebook` first). `schoolId` picks the standard scales. */
export const loadSetupRows = async (db: Db, courseId: string, schoolId: string, canEditCustom: boolean): Promise<SetupRowsLoaded> => {
  const [settingsRow] = await db.select().from(gradebookSettings).where(eq(gradebookSettings.courseId, courseId)).limit(1);
  const [catRows, itemRows, scaleRows, rubricRows, periodRows] = await concurrently(
    db,
    () => db.select().from(gradeCategories).where(eq(gradeCategories.courseId, courseId)),
    () =>
      db
      .select({
        item: gradeItems,
        material: {
          name: courseMaterials.name,
          type: courseMaterials.type,
          maxPoints: courseMaterials.maxPoints,
          dueAt: courseMaterials.dueAt,
          published: courseMaterials.published,
          position: courseMaterials.position,
          createdAt: courseMaterials.createdAt,
        },
        elementPosition: courseElements.position,
        elementPublished: courseElements.published,
      })
      .from(gradeItems)
      .leftJoin(courseMaterials, eq(courseMaterials.id, gradeItems.materialId))
      .leftJoin(courseElements, eq(courseElements.id, courseMaterials.elementId))
      .where(eq(gradeItems.courseId, courseId)),
    () =>
      db
        .select()
        .from(gradeScales)
        .where(and(eq(gradeScales.schoolId, schoolId), or(isNull(gradeScales.courseId), eq(gradeScales.courseId, courseId))))
        .orderBy(asc(gradeScales.name)),
    () => db.select().from(rubrics).where(eq(rubrics.courseId, courseId)).orderBy(asc(rubrics.name)),
    () => db.select().from(gradingPeriods).where(eq(gradingPeriods.courseId, courseId)).orderBy(asc(gradingPeriods.startsOn)),
  );
  if (!settingsRow) throw new Error('gradebook settings missing: call ensureGradebook first');
  const periods: GradingPeriodRow[] = periodRows.map((p) => ({ id: p.id, name: p.name, startsOn: p.startsOn, endsOn: p.endsOn, weight: p.weight, version: p.version }));
  const rubricList: RubricRow[] = rubricRows.map((r) => ({
    id: r.id,
    name: r.name,
    criteria: r.criteria,
    maxPoints: rubricMaxPoints(r.criteria),
    usedBy: itemRows.filter((i) => i.item.rubricId === r.id).length,
    version: r.version,
  }));
  const rubricMax = new Map(rubricList.map((r) => [r.id, r.maxPoints]));
  const itemCounts = new Map<string, number>();
  for (const { item } of itemRows) itemCounts.set(item.categoryId, (itemCounts.get(item.categoryId) ?? 0) + 1);
  const categories = orderCategories(
    catRows.map((c) => ({
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
    })),
    itemCounts,
  );
  const catOrder = new Map(categories.map((c, i) => [c.id, i]));
  const items: (GradeItemRow & { sortKey: [number, number, number, number, string] })[] = itemRows.map(({ item, material, elementPosition, elementPublished }) => {
    const source = material ? material.type : 'manual';
    const dueAt = material ? iso(material.dueAt) : iso(item.dueAt);
    const createdAt = (material?.createdAt ?? item.createdAt).toISOString();
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
      dueAt,
      createdAt,
      position: item.position,
      unpublished: material ? !(material.published && (elementPublished ?? true)) : false,
      computedWeight: null,
      version: item.version,
    };
    row.periodId = itemPeriodId(row, periods);
    return { ...row, sortKey: [catOrder.get(item.categoryId) ?? 0, item.position, elementPosition ?? 0, material?.position ?? 0, createdAt] };
  });
  items.sort((a, b) => {
    for (let i = 0; i < 4; i++) {
      const d = (a.sortKey[i] as number) - (b.sortKey[i] as number);
      if (d !== 0) return d;
    }
    return a.sortKey[4] < b.sortKey[4] ? -1 : a.sortKey[4] > b.sortKey[4] ? 1 : 0;
  });
  const scaleUse = new Map<string, number>();
  for (const { item } of itemRows) if (item.scaleId) scaleUse.set(item.scaleId, (scaleUse.get(item.scaleId) ?? 0) + 1);
  const scales: ScaleRow[] = scaleRows.map((s) => ({
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
  return {
    settings: settingsView(settingsRow),
    categories,
    items: items.map(({ sortKey: _k, ...row }) => row),
    scales,
    rubrics: rubricList,
    periods,
    ready: categories.some((c) => c.parentId !== null),
  };
};

/** Item ids of materials, for callers that need the mapping (material deletion, rubric grading). */
export const itemsOfMaterials = async (db: Db, materialIds: string[]): Promise<Map<string, string>> => {
  if (materialIds.length === 0) return new Map();
  const rows = await db.select({ id: gradeItems.id, materialId: gradeItems.materialId }).from(gradeItems).where(inArray(gradeItems.materialId, materialIds));
  return new Map(rows.flatMap((r) => (r.materialId ? [[r.materialId, r.id] as const] : [])));
};
