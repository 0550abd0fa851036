import { z } from 'zod';
import {
  AGGREGATION_METHODS,
  DISPLAY_TYPES,
  FINAL_MODES,
  GRADE_TYPES,
  GRADEBOOK_STATUSES,
  HIDDEN_POLICIES,
  type GradebookSettings,
  type GradebookSetupView,
  type GradeCategoryRow,
  type GradeItemRow,
  type GradingPeriodRow,
  type RubricRow,
  type ScaleRow,
} from '@klase/core/gradebook/index';

/** OpenAPI / response schemas of the grade-setup routes: the read shapes of @klase/core/gradebook/contracts as zod. */

export const categoryParams = z.object({ courseId: z.uuid(), categoryId: z.uuid() });
export const itemParams = z.object({ courseId: z.uuid(), itemId: z.uuid() });
export const scaleParams = z.object({ courseId: z.uuid(), scaleId: z.uuid() });
export const rubricParams = z.object({ courseId: z.uuid(), rubricId: z.uuid() });
export const periodParams = z.object({ courseId: z.uuid(), periodId: z.uuid() });

const displayType = z.enum(DISPLAY_TYPES);

export const settingsOut = z.object({
  status: z.enum(GRADEBOOK_STATUSES),
  gradeDisplayType: displayType,
  decimals: z.number(),
  hiddenPolicy: z.enum(HIDDEN_POLICIES),
  minMaxToUse: z.enum(['item', 'grade']),
  includeScales: z.boolean(),
  letters: z.array(z.object({ letter: z.string(), boundary: z.number() })),
  defaultLetters: z.boolean(),
  finalMode: z.enum(FINAL_MODES),
  finalDisplayType: displayType,
  finalDecimals: z.number(),
  version: z.number(),
}) satisfies z.ZodType<GradebookSettings>;

const shared = {
  idNumber: z.string().nullable(),
  weight: z.number().nullable(),
  extraCredit: z.boolean(),
  hidden: z.boolean(),
  hiddenUntil: z.string().nullable(),
  locked: z.boolean(),
  lockedAfter: z.string().nullable(),
  gradePass: z.number().nullable(),
  displayType: displayType.nullable(),
  decimals: z.number().nullable(),
  position: z.number(),
  computedWeight: z.number().nullable(),
};

export const categoryOut = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  aggregation: z.enum(AGGREGATION_METHODS),
  excludeEmpty: z.boolean(),
  dropLowest: z.number(),
  keepHighest: z.number(),
  includeOutcomes: z.boolean(),
  maxGrade: z.number(),
  depth: z.number(),
  itemCount: z.number(),
  ...shared,
  version: z.number(),
}) satisfies z.ZodType<GradeCategoryRow>;

export const itemOut = z.object({
  id: z.string(),
  categoryId: z.string(),
  materialId: z.string().nullable(),
  source: z.enum(['assignment', 'quiz', 'activity', 'manual']),
  name: z.string(),
  gradeType: z.enum(GRADE_TYPES),
  maxGrade: z.number(),
  minGrade: z.number(),
  scaleId: z.string().nullable(),
  rubricId: z.string().nullable(),
  gradingPeriodId: z.string().nullable(),
  periodId: z.string().nullable(),
  dueAt: z.string().nullable(),
  createdAt: z.string(),
  unpublished: z.boolean(),
  ...shared,
  version: z.number(),
}) satisfies z.ZodType<GradeItemRow>;

export const scaleOut = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.string()),
  description: z.string(),
  kind: z.enum(['standard', 'custom']),
  minGrade: z.number(),
  maxGrade: z.number(),
  usedBy: z.number(),
  canEdit: z.boolean(),
  version: z.number(),
}) satisfies z.ZodType<ScaleRow>;

/** `GET /scales/:scaleId`: the scale and the items of this course using it. */
export const scaleDetailsOut = scaleOut.extend({ items: z.array(z.object({ id: z.string(), name: z.string() })) });
export type ScaleDetails = z.infer<typeof scaleDetailsOut>;

export const rubricOut = z.object({
  id: z.string(),
  name: z.string(),
  criteria: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      levels: z.array(z.object({ id: z.string(), label: z.string(), points: z.number() })),
    }),
  ),
  maxPoints: z.number(),
  usedBy: z.number(),
  version: z.number(),
}) satisfies z.ZodType<RubricRow>;

export const periodOut = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  weight: z.number(),
  version: z.number(),
}) satisfies z.ZodType<GradingPeriodRow>;

export const setupViewOut = z.object({
  courseId: z.string(),
  settings: settingsOut,
  categories: z.array(categoryOut),
  items: z.array(itemOut),
  scales: z.array(scaleOut),
  rubrics: z.array(rubricOut),
  periods: z.array(periodOut),
  ready: z.boolean(),
  can: z.object({ manage: z.boolean() }),
}) satisfies z.ZodType<GradebookSetupView>;
