import { z } from 'zod';
import { optionalText, requiredText, V } from '../validation/rules.ts';
import { gradeLettersSchema } from './display.ts';
import { greaterThanAt, numberField, optionalNumberField, tooBigAt } from './number-fields.ts';
import { AGGREGATION_METHODS, DISPLAY_TYPES, HIDDEN_POLICIES } from './types.ts';

export { numberField, optionalNumberField } from './number-fields.ts';

/**
 * Gradebook API contracts (issue 7, decision 0015): the forms of the grade-setup tabs, grade entry,
 * and what the grader grid, the student's grade tab and the grade history read. One gradebook per
 * class course; every route is under `/api/courses/:courseId/gradebook`.
 *
 * Who (the course access check, then): teachers of the class (role 3) change the setup and grades;
 * staff (teachers, assistants, the school admin) read the grid, history and any student's report;
 * a student reads their own report, a parent their enrolled child's (`?childId=`), and only while
 * the gradebook's status is `visible`. Anyone else: 404. A catalogue course has no gradebook (404).
 *
 * Numbers in forms: JSON numbers, or numeric strings as a teacher typed them ("12.5"); anything else
 * is `number` ("Enter a number."). Limits answer `notGreaterThan` with `{limit}`.
 */

/* ---------- limits ---------- */

export const GRADE_MAX_LIMIT = 10_000;
/** Weights (weighted mean weights, Natural overrides in percent, extra-credit weights, period weights). */
export const WEIGHT_LIMIT = 100;
export const DROP_LIMIT = 100;
export const DECIMALS_LIMIT = 5;
export const NAME_MAX = 100;
export const ID_NUMBER_MAX = 100;
export const SCALE_VALUES_MAX = 50;
export const SCALE_VALUE_MAX_LENGTH = 60;
export const RUBRIC_CRITERIA_MAX = 30;
export const RUBRIC_LEVELS_MAX = 10;
export const RUBRIC_POINTS_LIMIT = 1000;
export const FEEDBACK_MAX = 20_000;

export const GRADE_TYPES = ['value', 'scale', 'text'] as const;
export type GradeType = (typeof GRADE_TYPES)[number];
export const GRADEBOOK_STATUSES = ['visible', 'hidden'] as const;
export type GradebookStatus = (typeof GRADEBOOK_STATUSES)[number];
export const FINAL_MODES = ['courseTotal', 'periods'] as const;
export type FinalMode = (typeof FINAL_MODES)[number];

const isoDateTime = z.iso.datetime({ offset: true, error: V.invalidChoice });
const isoDate = z.iso.date({ error: V.invalidChoice });
const uuidRef = z.string({ error: V.required }).trim().min(1, { error: V.required }).max(64, { error: V.invalidChoice });
const optionalIdNumber = optionalText(ID_NUMBER_MAX)
  .nullable()
  .transform((s) => (s ? s : null));

/* ---------- setup forms ---------- */

/** The shared "how it counts and shows" fields of categories and items. */
const commonFields = {
  idNumber: optionalIdNumber.default(null),
  /**
   * Read by the parent category's aggregation: weighted mean → the weight (blank = 1); Natural →
   * the weight override in percent (blank = automatic); mean with extra credits → the extra-credit
   * weight. Others ignore it.
   */
  weight: optionalNumberField({ min: 0, max: WEIGHT_LIMIT, decimals: 2 }).default(null),
  extraCredit: z.boolean().default(false),
  hidden: z.boolean().default(false),
  hiddenUntil: isoDateTime.nullable().default(null),
  locked: z.boolean().default(false),
  lockedAfter: isoDateTime.nullable().default(null),
  gradePass: optionalNumberField({ min: 0, max: GRADE_MAX_LIMIT, decimals: 2 }).default(null),
  /** null = the gradebook's display type / decimals. */
  displayType: z.enum(DISPLAY_TYPES, { error: V.invalidChoice }).nullable().default(null),
  decimals: optionalNumberField({ min: 0, max: DECIMALS_LIMIT, int: true }).default(null),
};

/**
 * `POST /gradebook/categories`, `PUT /gradebook/categories/:id` (pages `categories/add`,
 * `categories/{id}/edit`). `parentId` null = directly under the course. Server checks: parent of
 * this course and not the category itself or one of its descendants (`parentId: invalidChoice`);
 * `gradePass` ≤ the category's maximum (`notGreaterThan`); dropLowest and keepHighest not both.
 */
export const gradeCategoryForm = z
  .object({
    name: requiredText(NAME_MAX),
    parentId: z.string().trim().max(64, { error: V.invalidChoice }).nullable().default(null),
    aggregation: z.enum(AGGREGATION_METHODS, { error: V.invalidChoice }).default('natural'),
    excludeEmpty: z.boolean().default(true),
    dropLowest: numberField({ min: 0, max: DROP_LIMIT, int: true }).default(0),
    keepHighest: numberField({ min: 0, max: DROP_LIMIT, int: true }).default(0),
    includeOutcomes: z.boolean().default(false),
    /** The range of a non-Natural total (0..maxGrade); Natural totals are the sum of their children. */
    maxGrade: numberField({ min: 0.01, max: GRADE_MAX_LIMIT, decimals: 2 }).default(100),
    ...commonFields,
  })
  .superRefine((v, ctx) => {
    if (v.dropLowest > 0 && v.keepHighest > 0) ctx.addIssue({ code: 'custom', path: ['keepHighest'], message: V.invalidChoice });
    if (v.gradePass !== null && v.aggregation !== 'natural' && v.gradePass > v.maxGrade) tooBigAt(ctx, ['gradePass'], v.maxGrade);
  });
export type GradeCategoryFormInput = z.input<typeof gradeCategoryForm>;
export type GradeCategoryForm = z.output<typeof gradeCategoryForm>;

/**
 * `POST /gradebook/items` (page `categories/add-item`: a manual item, e.g. a recitation or a
 * paper test graded outside Klase) and `PUT /gradebook/items/:id` (any item). For a material's
 * item the name and maximum are the material's (sent values are ignored); `rubricId` may be set on
 * an assignment's item (its maximum becomes the rubric's total points, also on the material).
 * `gradeType` scale needs `scaleId` (a standard scale of the school or a custom one of this
 * course); `maxGrade` > `minGrade`; `gradePass` ≤ `maxGrade`. Changing a manual item's range with
 * `rescale` rescales its stored grades (semantics §7).
 */
export const gradeItemForm = z
  .object({
    name: requiredText(NAME_MAX),
    categoryId: uuidRef,
    gradeType: z.enum(GRADE_TYPES, { error: V.invalidChoice }).default('value'),
    maxGrade: numberField({ min: 0.01, max: GRADE_MAX_LIMIT, decimals: 2 }).default(100),
    minGrade: numberField({ min: -GRADE_MAX_LIMIT, max: GRADE_MAX_LIMIT, decimals: 2 }).default(0),
    scaleId: z.string().trim().max(64, { error: V.invalidChoice }).nullable().default(null),
    rubricId: z.string().trim().max(64, { error: V.invalidChoice }).nullable().default(null),
    /** null = by date (the period holding the due date). */
    gradingPeriodId: z.string().trim().max(64, { error: V.invalidChoice }).nullable().default(null),
    dueAt: isoDateTime.nullable().default(null),
    rescale: z.boolean().default(false),
    ...commonFields,
  })
  .superRefine((v, ctx) => {
    if (v.gradeType === 'scale' && !v.scaleId) ctx.addIssue({ code: 'custom', path: ['scaleId'], message: V.required });
    if (v.gradeType === 'value' && v.minGrade >= v.maxGrade) greaterThanAt(ctx, ['maxGrade'], v.minGrade);
    if (v.gradeType === 'value' && v.gradePass !== null && v.gradePass > v.maxGrade) tooBigAt(ctx, ['gradePass'], v.maxGrade);
  });
export type GradeItemFormInput = z.input<typeof gradeItemForm>;
export type GradeItemForm = z.output<typeof gradeItemForm>;

/** Scale values: a comma-separated list (spec section 5), trimmed, at least two, no blanks or repeats. */
export const parseScaleValues = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/**
 * `POST /gradebook/scales` (page `grade-setup/scales/add-scale`), `PUT /gradebook/scales/:id`
 * (`scales/{id}/edit`). Teachers create custom scales of their course; standard scales belong to
 * the school (seeded, read-only here). Values: worst first. A scale used by an item cannot have its
 * number of values changed (409 SCALE_VALUES_IN_USE) — renaming words is fine.
 */
export const scaleForm = z.object({
  name: requiredText(NAME_MAX),
  values: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(SCALE_VALUES_MAX * (SCALE_VALUE_MAX_LENGTH + 2), { error: V.maxLength })
    .superRefine((text, ctx) => {
      if (/[<>]/.test(text)) ctx.addIssue({ code: 'custom', message: V.noHtml });
      const list = parseScaleValues(text);
      if (list.length < 2) ctx.addIssue({ code: 'too_small', origin: 'array', minimum: 2, inclusive: true, message: V.minItems });
      if (list.length > SCALE_VALUES_MAX)
        ctx.addIssue({ code: 'too_big', origin: 'array', maximum: SCALE_VALUES_MAX, inclusive: true, message: V.notGreaterThan });
      if (list.some((s) => s.length > SCALE_VALUE_MAX_LENGTH))
        ctx.addIssue({ code: 'too_big', origin: 'string', maximum: SCALE_VALUE_MAX_LENGTH, inclusive: true, message: V.maxLength });
      const seen = new Set(list.map((s) => s.toLocaleLowerCase()));
      if (seen.size !== list.length) ctx.addIssue({ code: 'custom', message: V.duplicateEntry });
    }),
  description: optionalText(500).default(''),
});
export type ScaleFormInput = z.input<typeof scaleForm>;

const rubricLevel = z.object({
  /** Kept when editing (selections made with the rubric stay valid); new levels have none. */
  id: z.string().max(64).optional(),
  label: requiredText(100),
  points: numberField({ min: 0, max: RUBRIC_POINTS_LIMIT, decimals: 2 }),
});
const rubricCriterion = z.object({
  id: z.string().max(64).optional(),
  title: requiredText(200),
  levels: z.array(rubricLevel, { error: V.required }).min(1, { error: V.minItems }).max(RUBRIC_LEVELS_MAX, { error: V.notGreaterThan }),
});

/**
 * `POST /gradebook/rubrics` (page `rubrics/create`), `PUT /gradebook/rubrics/:id`. A rubric's
 * maximum is the sum of each criterion's best level. A rubric used to grade submissions keeps its
 * criteria and levels' ids; removing a level that was chosen is refused (409 RUBRIC_IN_USE).
 */
export const rubricForm = z.object({
  name: requiredText(NAME_MAX),
  criteria: z.array(rubricCriterion, { error: V.required }).min(1, { error: V.minItems }).max(RUBRIC_CRITERIA_MAX, { error: V.notGreaterThan }),
});
export type RubricFormInput = z.input<typeof rubricForm>;

export interface RubricLevel {
  id: string;
  label: string;
  points: number;
}
export interface RubricCriterion {
  id: string;
  title: string;
  levels: RubricLevel[];
}
/** The best total a rubric gives. */
export const rubricMaxPoints = (criteria: readonly { levels: readonly { points: number }[] }[]): number =>
  Math.round(criteria.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => l.points)), 0) * 100) / 100;

/**
 * `POST /gradebook/periods`, `PUT /gradebook/periods/:id` (the gradingPeriods tab). Dates are
 * inclusive; `endsOn` after `startsOn` (`afterOpen`); periods of a course must not overlap (400
 * `startsOn: periodOverlap`). `weight`: the period's weight in the final grade (0..100).
 */
export const gradingPeriodForm = z
  .object({
    name: requiredText(NAME_MAX),
    startsOn: isoDate,
    endsOn: isoDate,
    weight: numberField({ min: 0, max: WEIGHT_LIMIT, decimals: 2 }).default(0),
  })
  .superRefine((v, ctx) => {
    if (v.endsOn < v.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: V.afterOpen });
  });
export type GradingPeriodFormInput = z.input<typeof gradingPeriodForm>;

/** `PUT /gradebook/letters` (page `gradeLetters/update`): boundaries 0..100, unique; blank rows left out, the rest sorted highest first; `null` = back to the defaults. */
export const gradeLettersForm = z.object({ letters: gradeLettersSchema.nullable() });
export type GradeLettersFormInput = z.input<typeof gradeLettersForm>;

/**
 * `PUT /gradebook/final-settings` (the final-grade-setting tab): `courseTotal` = the course total
 * over every item; `periods` = the periods' totals (percent) averaged by their weights (periods
 * without any grade yet are left out; all weights 0 = a plain mean). Display and rounding of the
 * final grade.
 */
export const finalSettingsForm = z.object({
  finalMode: z.enum(FINAL_MODES, { error: V.invalidChoice }),
  finalDisplayType: z.enum(DISPLAY_TYPES, { error: V.invalidChoice }),
  finalDecimals: numberField({ min: 0, max: DECIMALS_LIMIT, int: true }),
});
export type FinalSettingsFormInput = z.input<typeof finalSettingsForm>;

/**
 * `PUT /gradebook/settings` (spec section 3 "gradebook settings (status, gradeDisplayType)" and the
 * report options): `status` hidden keeps every grade from students and parents.
 */
export const gradebookSettingsForm = z.object({
  status: z.enum(GRADEBOOK_STATUSES, { error: V.invalidChoice }),
  gradeDisplayType: z.enum(DISPLAY_TYPES, { error: V.invalidChoice }),
  decimals: numberField({ min: 0, max: DECIMALS_LIMIT, int: true }),
  hiddenPolicy: z.enum(HIDDEN_POLICIES, { error: V.invalidChoice }),
  minMaxToUse: z.enum(['item', 'grade'], { error: V.invalidChoice }),
  includeScales: z.boolean(),
});
export type GradebookSettingsFormInput = z.input<typeof gradebookSettingsForm>;

/* ---------- grade entry ---------- */

/**
 * `PUT /gradebook/items/:itemId/grades/:studentId` (teachers of the class; the grid's cell). Any
 * field left out keeps its value. `value`: a manual item's grade, or the override of a material's
 * grade (null = no override: the material's grade counts again; for a manual item null = empty).
 * Checked against the item's range: above the maximum → `value: notGreaterThan {limit: max}`,
 * below the minimum → `notLessThan`; a scale item takes whole numbers 1..k. A locked grade or item
 * (or past `lockedAfter`) refuses every change but unlocking (409 GRADE_LOCKED). Two teachers on the
 * same cell: the last write wins; both writes are in the history.
 */
export const gradeEntryForm = z
  .object({
    value: optionalNumberField({ min: -GRADE_MAX_LIMIT, max: GRADE_MAX_LIMIT, decimals: 2 }).optional(),
    excused: z.boolean().optional(),
    hidden: z.boolean().optional(),
    locked: z.boolean().optional(),
  })
  .refine((v) => v.value !== undefined || v.excused !== undefined || v.hidden !== undefined || v.locked !== undefined, {
    message: V.required,
    path: ['value'],
  });
export type GradeEntryFormInput = z.input<typeof gradeEntryForm>;

/** `DELETE /api/materials/:materialId?grades=keep|discard`: what happens to a graded material's grades. */
export const MATERIAL_GRADES_CHOICES = ['keep', 'discard'] as const;
export type MaterialGradesChoice = (typeof MATERIAL_GRADES_CHOICES)[number];
/**
 * The query of that DELETE. A graded material (assignment, quiz, activity) with any grade (a
 * graded submission, or a gradebook grade of its item) needs it: 400 `grades: required`. `keep`:
 * its item becomes a manual column (the material's name and maximum) holding each student's
 * counted grade (the override, else the returned grade); `discard`: the item and grades go with it.
 */
export const materialDeleteQuery = z.object({ grades: z.enum(MATERIAL_GRADES_CHOICES, { error: V.invalidChoice }).optional() });
/** `GET /api/materials/:materialId/grades-summary` (teachers of the class): what the delete confirmation asks about. */
export const materialGradesSummary = z.object({
  /** An assignment, quiz or activity (its deletion can keep grades). */
  graded: z.boolean(),
  /** Students with a grade of it (graded submissions or gradebook grades). */
  gradeCount: z.number(),
});
export type MaterialGradesSummary = z.infer<typeof materialGradesSummary>;
