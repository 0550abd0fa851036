import { z } from 'zod';
import {
  AGGREGATION_METHODS,
  HIDDEN_POLICIES,
  type ChildLine,
  type GradebookGrid,
  type GradeEntryResult,
  type GradeHistoryEntry,
  type ReportLine,
  type StudentGradeReport,
  type TotalExplanation,
} from '@klase/core/gradebook/index';
import { categoryOut, itemOut, periodOut, scaleOut, settingsOut } from './setup/setup-schemas.ts';
import { depedReportOut, gridDepedGradesOut, gridDepedOut } from '../../kernel/deped-schemas.ts';

/**
 * OpenAPI / response schemas of the gradebook routes: the read shapes of
 * @klase/core/gradebook/contracts as zod (each `satisfies` its contract type, so a field the
 * contract requires cannot be left out; optional fields are listed too, as the serializer drops
 * what a schema does not name).
 */

const gridTotal = z.object({ value: z.number().nullable(), min: z.number(), max: z.number(), percent: z.number().nullable() });
const totals = z.record(z.string(), gridTotal);

export const gridOut = z.object({
  courseId: z.string(),
  settings: settingsOut,
  categories: z.array(categoryOut),
  items: z.array(itemOut),
  scales: z.array(scaleOut),
  periods: z.array(periodOut),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      username: z.string(),
      groupIds: z.array(z.string()),
      values: z.array(z.number().nullable()),
      flags: z.array(z.number()),
      totals,
      deped: gridDepedGradesOut.optional(),
    }),
  ),
  deped: gridDepedOut.optional(),
  ready: z.boolean(),
  computedAt: z.string().nullable(),
  can: z.object({ manage: z.boolean() }),
}) satisfies z.ZodType<GradebookGrid>;

export const gradeEntryOut = z.object({
  itemId: z.string(),
  studentId: z.string(),
  value: z.number().nullable(),
  flags: z.number(),
  totals,
  deped: gridDepedGradesOut.optional(),
}) satisfies z.ZodType<GradeEntryResult>;

export const gradeHistoryOut = z.array(
  z.object({
    id: z.number(),
    field: z.enum(['grade', 'override', 'excused', 'hidden', 'locked']),
    source: z.enum(['gradebook', 'submission']),
    oldValue: z.string().nullable(),
    newValue: z.string().nullable(),
    changedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    changedAt: z.string(),
  }),
) satisfies z.ZodType<GradeHistoryEntry[]>;

const childLine = z.object({
  id: z.string(),
  kind: z.enum(['item', 'category']),
  grade: z.number().nullable(),
  min: z.number(),
  max: z.number(),
  normalised: z.number().nullable(),
  status: z.enum(['used', 'extra', 'novalue', 'dropped', 'unknown']),
  reason: z.enum(['empty', 'excluded', 'dropLowest', 'keepHighest', 'hidden', 'notAggregated', 'zeroWeight', 'noGrades']).optional(),
  extraCredit: z.boolean(),
  weight: z.number().nullable(),
  part: z.number().nullable(),
}) satisfies z.ZodType<ChildLine>;

const explanation = z.object({
  method: z.enum(AGGREGATION_METHODS),
  source: z.enum(['computed', 'locked', 'overridden', 'notRecomputed']),
  emptyReason: z.enum(['noGrades', 'noChildren', 'allEmpty', 'noneLeft', 'zeroWeights', 'storedEmpty', 'hidden']).optional(),
  excludeEmpty: z.boolean(),
  limit: z.object({ rule: z.enum(['dropLowest', 'keepHighest']), count: z.number() }).nullable(),
  limitIgnored: z.boolean(),
  children: z.array(childLine),
  aggregate: z.number().nullable(),
  min: z.number(),
  max: z.number(),
  unclamped: z.number().nullable(),
  value: z.number().nullable(),
  clamped: z.boolean(),
}) satisfies z.ZodType<TotalExplanation>;

const reportLine = z.object({
  kind: z.enum(['item', 'category', 'course', 'period', 'final']),
  id: z.string(),
  name: z.string(),
  depth: z.number(),
  source: z.enum(['assignment', 'quiz', 'activity', 'manual']).optional(),
  materialId: z.string().nullable().optional(),
  value: z.number().nullable(),
  min: z.number(),
  max: z.number(),
  percent: z.number().nullable(),
  display: z.string(),
  range: z.string(),
  letter: z.string().nullable(),
  weight: z.number().nullable(),
  contribution: z.number().nullable(),
  excused: z.boolean().optional(),
  extraCredit: z.boolean().optional(),
  passed: z.boolean().nullable(),
  feedbackHtml: z.string().nullable().optional(),
  explanation: explanation.nullable().optional(),
  hiddenByPolicy: z.boolean().optional(),
}) satisfies z.ZodType<ReportLine>;

export const studentReportOut = z.object({
  courseId: z.string(),
  student: z.object({ id: z.string(), name: z.string() }),
  released: z.boolean(),
  lines: z.array(reportLine),
  names: z.record(z.string(), z.string()),
  settings: settingsOut.pick({ gradeDisplayType: true, decimals: true, letters: true, finalMode: true }).extend({ hiddenPolicy: z.enum(HIDDEN_POLICIES) }),
  periods: z.array(periodOut),
  computedAt: z.string().nullable(),
  deped: depedReportOut.optional(),
}) satisfies z.ZodType<StudentGradeReport>;

/** The export answers a CSV or XLSX file (a stream). */
export const gradebookExportOut = z.string().meta({ description: 'The CSV or XLSX file', format: 'binary' });
