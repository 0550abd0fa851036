import { z } from 'zod';
import { V } from '../validation/rules.ts';
import { numberField } from '../gradebook/number-fields.ts';

/**
 * DepEd K to 12 grading and report cards (issue 19; DepEd Order No. 8, s. 2015 and No. 36, s. 2016).
 *
 * A school runs one grading policy (`schools` → `school_grading_policies`): `custom` (today's
 * Moodle-style gradebook, unchanged) or `deped`. The policy holds the four quarters (dates), the
 * component weights per subject group, the transmutation table and the descriptor boundaries; the
 * school administrator edits it (`PUT /api/school/grading-policy`), every staff member of the school
 * reads it. Under `deped` a class course (a learning area of a section) picks its subject group
 * (`PUT /api/courses/:courseId/deped`): its gradebook gets exactly three top categories WW, PT and
 * QA with the preset weights, and its grading periods become the school's quarters (kept in step
 * when the policy changes). Every graded item belongs to one component (its category) and one
 * quarter (its grading period).
 *
 * Per course, learner and quarter the engine (`./engine.ts`) computes per component the raw total,
 * the highest possible total, PS = raw / highest × 100 and WS = PS × weight / 100; the initial grade
 * = the sum of the WS; the quarterly grade = the initial grade transmuted by the table. A component
 * without any scored item leaves the quarter incomplete (`quarterly: null`, the WS so far shown).
 * Final grade = the mean of the four quarterly grades, rounded to a whole number (Senior High: two
 * per semester). MAPEH: courses with `mapehPart` in one section make one learning area whose
 * quarterly grade is the mean of the parts' quarterly grades (rounded). General average = the mean
 * of the learning areas' final grades (shown with 3 decimals for honors and rounded for the card).
 */

export const DEPED_PATH = '/api/school/grading-policy';

export const POLICY_KINDS = ['custom', 'deped'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export const COMPONENTS = ['ww', 'pt', 'qa'] as const;
export type Component = (typeof COMPONENTS)[number];

/**
 * Subject groups and their default weights (WW/PT/QA, percent):
 * - `languages`: Filipino, English, Araling Panlipunan, EsP (Grades 1–10) 30/50/20;
 * - `scienceMath`: Science, Mathematics (Grades 1–10) 40/40/20;
 * - `mapehEpp`: MAPEH, EPP/TLE (Grades 1–10) 20/60/20;
 * - `shsCore`: Senior High core subjects 25/50/25;
 * - `shsAcademic`: Senior High Academic track, all other subjects 25/45/30;
 * - `shsImmersion`: Academic track work immersion / research / business enterprise simulation /
 *   exhibit / performance 35/40/25;
 * - `shsTvl`: TVL, Sports, Arts and Design track 20/60/20.
 */
export const SUBJECT_GROUPS = ['languages', 'scienceMath', 'mapehEpp', 'shsCore', 'shsAcademic', 'shsImmersion', 'shsTvl'] as const;
export type SubjectGroup = (typeof SUBJECT_GROUPS)[number];

export const MAPEH_PARTS = ['music', 'arts', 'pe', 'health'] as const;
export type MapehPart = (typeof MAPEH_PARTS)[number];

export const DESCRIPTORS = ['outstanding', 'verySatisfactory', 'satisfactory', 'fairlySatisfactory', 'didNotMeet'] as const;
export type Descriptor = (typeof DESCRIPTORS)[number];

export const HONORS = ['highest', 'high', 'honors'] as const;
export type Honor = (typeof HONORS)[number];

/** Observed values (SF9 back page): the behaviour statements, two per core value except Maka-kalikasan. */
export const OBSERVED_STATEMENTS = ['makaDiyos1', 'makaDiyos2', 'makatao1', 'makatao2', 'makakalikasan1', 'makabansa1', 'makabansa2'] as const;
export type ObservedStatement = (typeof OBSERVED_STATEMENTS)[number];
/** AO Always Observed, SO Sometimes Observed, RO Rarely Observed, NO Not Observed. */
export const OBSERVED_MARKS = ['AO', 'SO', 'RO', 'NO'] as const;
export type ObservedMark = (typeof OBSERVED_MARKS)[number];

export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

export const QUARTERS = [1, 2, 3, 4] as const;
export type Quarter = (typeof QUARTERS)[number];

export const PAPER_SIZES = ['a4', 'folio'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** The E-Class Record holds up to this many written works and performance tasks per quarter. */
export const CLASS_RECORD_MAX_ITEMS = 10;
/** LRN: the Learner Reference Number, 12 digits, unique per school. */
export const LRN_RE = /^\d{12}$/;

const isoDate = z.iso.date({ error: V.invalidChoice });
const percent = numberField({ min: 0, max: 100, decimals: 2 });

export const componentWeights = z.object({ ww: percent, pt: percent, qa: percent }).superRefine((w, ctx) => {
  if (Math.abs(w.ww + w.pt + w.qa - 100) > 0.001) ctx.addIssue({ code: 'custom', path: ['qa'], message: V.weightsSum });
});
export type ComponentWeights = z.output<typeof componentWeights>;

/** One row of the transmutation table: initial grades from `min` (inclusive) up to the next row's `min` give `grade`. */
export const transmutationRow = z.object({
  min: numberField({ min: 0, max: 100, decimals: 2 }),
  grade: numberField({ min: 0, max: 100, int: true }),
});
export type TransmutationRow = z.output<typeof transmutationRow>;

/** Sorted by `min` descending, first row `min` ≤ 100, last row `min` 0, grades not increasing as `min` falls; else `transmutationOrder` on the row. */
export const transmutationTable = z
  .array(transmutationRow)
  .min(2, { error: V.minItems })
  .max(200, { error: V.maxLength })
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      const prev = rows[i - 1];
      if (prev && (row.min >= prev.min || row.grade > prev.grade)) ctx.addIssue({ code: 'custom', path: [i, 'min'], message: V.transmutationOrder });
    });
    const last = rows[rows.length - 1];
    if (last && last.min !== 0) ctx.addIssue({ code: 'custom', path: [rows.length - 1, 'min'], message: V.transmutationOrder });
  });

/** Lowest grade of each descriptor (`didNotMeet` is everything below `fairlySatisfactory`). */
export const descriptorBounds = z.object({
  outstanding: numberField({ min: 0, max: 100, int: true }),
  verySatisfactory: numberField({ min: 0, max: 100, int: true }),
  satisfactory: numberField({ min: 0, max: 100, int: true }),
  fairlySatisfactory: numberField({ min: 0, max: 100, int: true }),
});
export type DescriptorBounds = z.output<typeof descriptorBounds>;

export const quarterDates = z.object({ quarter: z.union(QUARTERS.map((q) => z.literal(q))), startsOn: isoDate, endsOn: isoDate }).superRefine((v, ctx) => {
  if (v.endsOn < v.startsOn) ctx.addIssue({ code: 'custom', path: ['endsOn'], message: V.afterOpen });
});

/**
 * `PUT /api/school/grading-policy` (school administrator of the school; 403 for others). Under
 * `deped` the four quarters are required, in order, not overlapping (`periodOverlap` on `startsOn`).
 * Changing `kind` from `deped` to `custom` keeps the courses' categories and periods as they are.
 */
export const gradingPolicyForm = z.object({
  kind: z.enum(POLICY_KINDS, { error: V.invalidChoice }),
  schoolYearFrom: numberField({ min: 2000, max: 2100, int: true }),
  quarters: z.array(quarterDates).length(4, { error: V.minItems }),
  presets: z.object(Object.fromEntries(SUBJECT_GROUPS.map((g) => [g, componentWeights])) as Record<SubjectGroup, typeof componentWeights>),
  transmutation: transmutationTable,
  descriptors: descriptorBounds,
});
export type GradingPolicyFormInput = z.input<typeof gradingPolicyForm>;
export type GradingPolicy = z.output<typeof gradingPolicyForm>;

/** `GET /api/school/grading-policy`: the policy (a school never set up reads the DepEd defaults with `kind: 'custom'`). */
export type GradingPolicyView = GradingPolicy & { editVersion: number; canEdit: boolean };

/**
 * `PUT /api/courses/:courseId/deped` (teachers of the class; school is on `deped`, else 409
 * `DEPED_POLICY_OFF`). `mapehPart` only with `mapehEpp` (else field error). Creates or renames the
 * WW/PT/QA categories with the preset weights (existing items of other categories move to WW),
 * replaces the course's grading periods by the quarters.
 */
export const courseDepedForm = z
  .object({
    subjectGroup: z.enum(SUBJECT_GROUPS, { error: V.invalidChoice }),
    mapehPart: z.enum(MAPEH_PARTS, { error: V.invalidChoice }).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.mapehPart && v.subjectGroup !== 'mapehEpp') ctx.addIssue({ code: 'custom', path: ['mapehPart'], message: V.invalidChoice });
  });
export type CourseDepedFormInput = z.input<typeof courseDepedForm>;
export type CourseDeped = z.output<typeof courseDepedForm> & { weights: ComponentWeights };

/* ---------- results (engine output, also the API's report shape) ---------- */

export type ComponentResult = {
  component: Component;
  weight: number;
  /** Items counted (scored, not excluded). */
  items: number;
  raw: number;
  highest: number;
  /** Percentage score, 2 decimals; null when no item is scored. */
  ps: number | null;
  /** Weighted score, 2 decimals; null when `ps` is null. */
  ws: number | null;
};

export type QuarterResult = {
  quarter: Quarter;
  components: ComponentResult[];
  /** Sum of the WS (2 decimals) once every component has a score; null before. */
  initial: number | null;
  /** Transmuted grade; null while incomplete. */
  quarterly: number | null;
  /** The table row used (for the explanation). */
  row: TransmutationRow | null;
  descriptor: Descriptor | null;
};

/**
 * `GET /api/courses/:courseId/gradebook/report` gains `deped` when the course is a DepEd learning
 * area: the student's four quarters, the final grade (when all four quarterly grades exist) and
 * the headline (the latest quarter with a grade). The report's other totals are then not shown.
 */
export type DepedCourseReport = {
  subjectGroup: SubjectGroup;
  mapehPart: MapehPart | null;
  quarters: QuarterResult[];
  final: number | null;
  finalDescriptor: Descriptor | null;
  headline: { quarter: Quarter; grade: number; descriptor: Descriptor } | null;
  remarks: 'passed' | 'failed' | null;
};

/* ---------- learner fields, attendance, observed values, adviser ---------- */

/** Learner fields on the user form (students): `lrn` 12 digits (`lrn`), unique in the school (400 `lrn: lrnTaken`). */
export const learnerFields = z.object({
  lrn: z
    .string()
    .trim()
    .refine((s) => s === '' || LRN_RE.test(s), { error: V.lrn })
    .nullable()
    .default(null)
    .transform((s) => (s === '' ? null : s)),
  sex: z.enum(SEXES, { error: V.invalidChoice }).nullable().default(null),
  birthDate: isoDate.nullable().default(null),
});
export type LearnerFieldsInput = z.input<typeof learnerFields>;

/** `PUT /api/classes/:classId/adviser` (school administrator, or a teacher of the class naming themselves): a teacher of the class or null. */
export const adviserForm = z.object({ teacherId: z.uuid({ error: V.invalidChoice }).nullable() });

/**
 * `GET /api/classes/:classId/attendance` → `AttendanceSheet`; `PUT` the same body (the adviser or the
 * school administrator; others 403, another school 404). Months are `YYYY-MM` within the school
 * year (June of `schoolYearFrom` to May of `schoolYearTo`); `daysPresent` ≤ the month's `schoolDays`
 * (`notGreaterThan`), school days ≤ 31.
 */
export const attendanceForm = z.object({
  months: z
    .array(
      z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: V.invalidChoice }), schoolDays: numberField({ min: 0, max: 31, int: true }) }),
    )
    .max(12, { error: V.maxLength }),
  learners: z
    .array(
      z.object({
        studentId: z.uuid({ error: V.invalidChoice }),
        present: z.record(z.string(), numberField({ min: 0, max: 31, int: true })),
      }),
    )
    .max(200, { error: V.maxLength }),
});
export type AttendanceFormInput = z.input<typeof attendanceForm>;
export type AttendanceSheet = z.output<typeof attendanceForm> & {
  learners: { studentId: string; name: string; sex: Sex | null; present: Record<string, number> }[];
  canEdit: boolean;
};

/** `GET/PUT /api/classes/:classId/observed-values?quarter=N` (same people as attendance). A missing mark is not yet rated. */
export const observedValuesForm = z.object({
  quarter: z.union(QUARTERS.map((q) => z.literal(q))),
  learners: z
    .array(
      z.object({
        studentId: z.uuid({ error: V.invalidChoice }),
        marks: z.partialRecord(z.enum(OBSERVED_STATEMENTS), z.enum(OBSERVED_MARKS, { error: V.invalidChoice })),
      }),
    )
    .max(200, { error: V.maxLength }),
});
export type ObservedValuesFormInput = z.input<typeof observedValuesForm>;

/* ---------- SF9, class record, honors ---------- */

/**
 * SF9 (Learner's Progress Report Card), a PDF:
 * - `GET /api/classes/:classId/report-cards/:studentId?quarter=N&paper=a4|folio&lang=en-us|ph`
 *   (staff of the class, the school administrator, a parent of the learner; else 404);
 * - the whole section as one file: `POST /api/classes/:classId/report-cards` {quarter, paper, lang}
 *   → `ReportCardJob` (202), `GET /api/classes/:classId/report-cards/jobs/:jobId` for its progress,
 *   `GET …/jobs/:jobId/file` for the PDF when `state: 'done'`.
 * `quarter` = the card as of that quarter (later quarters' columns blank).
 */
export const reportCardQuery = z.object({
  quarter: z.coerce.number().pipe(z.union(QUARTERS.map((q) => z.literal(q)))),
  paper: z.enum(PAPER_SIZES, { error: V.invalidChoice }).default('a4'),
  lang: z.enum(['en-us', 'ph'], { error: V.invalidChoice }).default('en-us'),
});
export type ReportCardJob = { id: string; state: 'queued' | 'running' | 'done' | 'failed'; done: number; total: number; fileName: string | null };

/**
 * The E-Class Record of one course and quarter (XLSX, DepEd's class record layout):
 * - `GET /api/courses/:courseId/class-record?quarter=N` (staff of the class);
 * - `POST /api/courses/:courseId/class-record/preview?quarter=N` (the file as the body,
 *   `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`; teachers of the class) →
 *   `ClassRecordPreview`: the changed scores, or the wrong rows (nothing saved either way);
 * - `POST /api/courses/:courseId/class-record/import?quarter=N` the same file → applies when there is
 *   no wrong row (else 400 with `rows`), every score through the same rules as the grader grid.
 */
export type ClassRecordChange = { studentId: string; studentName: string; itemId: string; itemName: string; before: number | null; after: number | null };
export type ClassRecordRowError = { row: number; field: string; message: string };
export type ClassRecordPreview = { changes: ClassRecordChange[]; errors: ClassRecordRowError[] };

/** `GET /api/classes/:classId/honors` and `GET /api/school/honors?gradeLevel=` (staff): learners with honors from their general averages, best first. */
export type HonorRow = { studentId: string; name: string; classId: string; className: string; generalAverage: number; honor: Honor };
