import { z } from 'zod';
import {
  COMPONENTS,
  DESCRIPTORS,
  MAPEH_PARTS,
  POLICY_KINDS,
  QUARTERS,
  SUBJECT_GROUPS,
  type ComponentResult,
  type CourseDeped,
  type DepedCourseReport,
  type GradingPolicyView,
  type QuarterResult,
} from '@klase/core/deped/contracts';
import type { GridDeped, GridDepedGrades } from '@klase/core/gradebook/views';

/** Response schemas of the DepEd routes (each `satisfies` its contract type in @klase/core/deped/contracts). */

const quarter = z.union(QUARTERS.map((q) => z.literal(q)));
const weights = z.object({ ww: z.number(), pt: z.number(), qa: z.number() });
const row = z.object({ min: z.number(), grade: z.number() });
const descriptor = z.enum(DESCRIPTORS);

export const policyOut = z.object({
  kind: z.enum(POLICY_KINDS),
  schoolYearFrom: z.number(),
  quarters: z.array(z.object({ quarter, startsOn: z.string(), endsOn: z.string() })),
  presets: z.object(Object.fromEntries(SUBJECT_GROUPS.map((g) => [g, weights])) as Record<(typeof SUBJECT_GROUPS)[number], typeof weights>),
  transmutation: z.array(row),
  descriptors: z.object({ outstanding: z.number(), verySatisfactory: z.number(), satisfactory: z.number(), fairlySatisfactory: z.number() }),
  editVersion: z.number(),
  canEdit: z.boolean(),
}) satisfies z.ZodType<GradingPolicyView>;

export const courseDepedOut = z
  .object({ subjectGroup: z.enum(SUBJECT_GROUPS), mapehPart: z.enum(MAPEH_PARTS).nullable(), weights })
  .nullable() satisfies z.ZodType<CourseDeped | null>;

const componentOut = z.object({
  component: z.enum(COMPONENTS),
  weight: z.number(),
  items: z.number(),
  raw: z.number(),
  highest: z.number(),
  ps: z.number().nullable(),
  ws: z.number().nullable(),
}) satisfies z.ZodType<ComponentResult>;

const quarterOut = z.object({
  quarter,
  components: z.array(componentOut),
  initial: z.number().nullable(),
  quarterly: z.number().nullable(),
  row: row.nullable(),
  descriptor: descriptor.nullable(),
}) satisfies z.ZodType<QuarterResult>;

export const depedReportOut = z.object({
  subjectGroup: z.enum(SUBJECT_GROUPS),
  mapehPart: z.enum(MAPEH_PARTS).nullable(),
  quarters: z.array(quarterOut),
  final: z.number().nullable(),
  finalDescriptor: descriptor.nullable(),
  headline: z.object({ quarter, grade: z.number(), descriptor }).nullable(),
  remarks: z.enum(['passed', 'failed']).nullable(),
}) satisfies z.ZodType<DepedCourseReport>;

/** The grader grid's DepEd parts (docs/decisions/0059-deped-grader-grid.md). */
export const gridDepedOut = z.object({
  quarters: z.array(z.object({ quarter, periodId: z.string().nullable() })),
}) satisfies z.ZodType<GridDeped>;

export const gridDepedGradesOut = z.object({
  quarters: z.array(z.object({ quarter, initial: z.number().nullable(), quarterly: z.number().nullable(), descriptor: descriptor.nullable() })),
  final: z.number().nullable(),
  finalDescriptor: descriptor.nullable(),
}) satisfies z.ZodType<GridDepedGrades>;
