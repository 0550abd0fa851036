import { z } from 'zod';
import { editVersion } from '../edit-version.ts';
import { FILE_MAX_BYTES, MB } from '../constants.ts';
import { V, safeString } from '../validation/rules.ts';

/**
 * Assignments and activities (issue 6, decision 0014). A graded material (assignment, quiz,
 * activity: see courses/contracts.ts) has one `submissions` row per student once there is
 * something to keep: an assignment's draft or submitted work, a quiz's combined grade, an
 * activity's grade. Grades are points out of the material's `maxPoints` (2 decimals). Students and
 * their parents see a grade and feedback once the work is returned; staff always.
 *
 * Who: teachers of the class (role 3) change settings and grade; assistants (4) read; enrolled
 * students (5) work on their own submission of published, assigned, unlocked materials; parents (9)
 * read their enrolled child's. Another student's submission is 404.
 */

const isoDateTime = z.iso.datetime({ offset: true, error: V.invalidChoice });

export const SUBMISSION_TYPES = ['text', 'files', 'both'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];
export const MAX_FILES_LIMIT = 20;
/** Per-file limit a teacher may set, in MB (the spec's 900 MB file limit). */
export const MAX_FILE_MB_LIMIT = FILE_MAX_BYTES / MB;
export const SUBMISSION_TEXT_MAX = 100_000;
/** At most this many criteria in a rubric grade (the gradebook's RUBRIC_CRITERIA_MAX is lower). */
const RUBRIC_CRITERIA_LIMIT = 100;
export const FEEDBACK_MAX = 20_000;

/**
 * `GET|PUT /api/materials/:materialId/assignment-settings` (teachers of the class; the page
 * `classes/{id}/courses/{courseId}/assignment-settings/{materialId}`). The due date, points and
 * instructions stay on the material form. `lateUntil` (optional) must be after the material's due
 * date (checked by the server: 400 `lateUntil: afterDue`); without it late work is accepted until
 * the teacher stops it.
 */
export const assignmentSettingsForm = z
  .object({
    openAt: isoDateTime.nullable().default(null),
    allowLate: z.boolean().default(false),
    lateUntil: isoDateTime.nullable().default(null),
    submissionType: z.enum(SUBMISSION_TYPES, { error: V.required }).default('both'),
    maxFiles: z
      .number({ error: V.required })
      .int({ error: V.invalidChoice })
      .min(1, { error: V.greaterThanZero })
      .max(MAX_FILES_LIMIT, { error: V.notGreaterThan })
      .default(5),
    maxFileMb: z
      .number({ error: V.required })
      .int({ error: V.invalidChoice })
      .min(1, { error: V.greaterThanZero })
      .max(MAX_FILE_MB_LIMIT, { error: V.notGreaterThan })
      .default(100),
  })
  .superRefine((v, ctx) => {
    if (v.lateUntil && !v.allowLate) ctx.addIssue({ code: 'custom', path: ['lateUntil'], message: V.invalidChoice });
  });
export type AssignmentSettingsForm = z.input<typeof assignmentSettingsForm>;
/** `PUT .../assignment-settings`: the form and the version it was loaded from. */
export const assignmentSettingsUpdate = assignmentSettingsForm.and(editVersion);

export const fileInfo = z.object({ id: z.string(), name: z.string(), size: z.number(), mime: z.string(), downloadUrl: z.string() });
export type FileInfo = z.infer<typeof fileInfo>;

/** The settings as read back, with the teacher's attachment files (`POST .../attachments`, streamed, any allowed type). */
export const assignmentSettings = z.object({
  materialId: z.string(),
  openAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  allowLate: z.boolean(),
  lateUntil: z.string().nullable(),
  submissionType: z.enum(SUBMISSION_TYPES),
  maxFiles: z.number(),
  maxFileMb: z.number(),
  maxPoints: z.number(),
  attachments: z.array(fileInfo),
  /** The settings form's edit version (0 until first saved). */
  version: z.number(),
});
export type AssignmentSettings = z.infer<typeof assignmentSettings>;

/**
 * The state of a student's work, as lists show it: `notSubmitted` (nothing or a draft, not due
 * yet), `missing` (past the due date with nothing submitted), `submitted`, `late` (submitted after
 * the due date), `graded` (a grade not returned yet), `returned` (the student sees grade and
 * feedback).
 */
export const WORK_STATES = ['notSubmitted', 'missing', 'submitted', 'late', 'graded', 'returned'] as const;
export type WorkState = (typeof WORK_STATES)[number];

/** What `workState` reads of a `submissions` row (null: the student has no row yet). */
export interface WorkRow {
  status: 'draft' | 'submitted' | 'returned';
  submittedAt: Date | null;
  late: boolean;
  grade: number | null;
  gradedAt: Date | null;
}

/**
 * The one rule for a student's state on a graded material (lists, the student's page, the
 * dashboard): `returned` once handed back; `graded` when a grade exists that is not older than
 * the last submission (a resubmission after grading waits to be graded again); `late` or
 * `submitted` while handed in; otherwise `missing` once `dueAt` has passed, else `notSubmitted`.
 */
export const workState = (row: WorkRow | null, dueAt: Date | null, now: Date): WorkState => {
  if (row?.status === 'returned') return 'returned';
  if (row && row.grade !== null && (row.status !== 'submitted' || !row.submittedAt || (row.gradedAt !== null && row.gradedAt >= row.submittedAt)))
    return 'graded';
  if (row?.status === 'submitted') return row.late ? 'late' : 'submitted';
  return dueAt !== null && now.getTime() > dueAt.getTime() ? 'missing' : 'notSubmitted';
};

/**
 * `GET /api/materials/:materialId/my-submission` (students; parents with `?childId=`): the
 * assignment, the caller's work and, once returned, grade and feedback. `can` tells the page what
 * the student may do now (edit the draft, submit, resubmit).
 *
 * Activities answer it too, read-only: `state` follows `workState` (`returned` once graded,
 * since an activity is returned when graded; `missing` past its due date without a grade), with
 * grade and feedback once returned; no text, no files, `can` all false and `blockedBy` null.
 * `settings` carries the due date and points (the rest are the assignment defaults, no
 * attachments). Drafts, files and submit stay assignment-only (an activity there is 404).
 */
/**
 * The rubric of an assignment whose grade item uses one (issue 7: set in the grade setup): its
 * criteria and levels, its best total, and the level chosen per criterion (criterionId → levelId;
 * null before it is graded with the rubric). Staff always get it; students and parents once the
 * work is returned (with the levels the teacher chose).
 */
export const rubricGrading = z.object({
  rubricId: z.string(),
  name: z.string(),
  criteria: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      levels: z.array(z.object({ id: z.string(), label: z.string(), points: z.number() })),
    }),
  ),
  maxPoints: z.number(),
  selections: z.record(z.string(), z.string()).nullable(),
});
export type RubricGrading = z.infer<typeof rubricGrading>;

/** The rubric's total for the chosen levels (2 decimals); levels not chosen count 0. */
export const rubricTotal = (rubric: Pick<RubricGrading, 'criteria'>, selections: Readonly<Record<string, string>>): number =>
  Math.round(rubric.criteria.reduce((sum, c) => sum + (c.levels.find((l) => l.id === selections[c.id])?.points ?? 0), 0) * 100) / 100;

export const mySubmission = z.object({
  materialId: z.string(),
  settings: assignmentSettings,
  state: z.enum(WORK_STATES),
  status: z.enum(['none', 'draft', 'submitted', 'returned']),
  textHtml: z.string().nullable(),
  files: z.array(fileInfo),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
  submitCount: z.number(),
  /** Only once returned (students, parents). */
  grade: z.number().nullable(),
  feedbackHtml: z.string().nullable(),
  feedbackFiles: z.array(fileInfo),
  returnedAt: z.string().nullable(),
  can: z.object({ edit: z.boolean(), submit: z.boolean() }),
  /** Why the student cannot submit now, when they cannot (an error code: NOT_OPEN_YET, PAST_DUE, SUBMISSION_RETURNED). */
  blockedBy: z.string().nullable(),
  /** Absent or null: the assignment is not graded with a rubric (see `rubricGrading`). */
  rubric: rubricGrading.nullable().optional(),
});
export type MySubmission = z.infer<typeof mySubmission>;

/** `PUT /api/materials/:materialId/my-submission`: saves the draft text (sanitized). */
export const draftRequest = z.object({ textHtml: safeString().max(SUBMISSION_TEXT_MAX, { error: V.maxLength }).default('') });
/**
 * Editing work already submitted (the draft text, adding or removing a file) takes it back to a
 * draft: it counts again once submitted again (before the due date; a submitted work cannot be
 * changed after it). A second submit of unchanged work is ALREADY_SUBMITTED.
 *
 * `POST /api/materials/:materialId/my-submission/files` (multipart, one file, streamed; at most
 * `maxFiles` files of `maxFileMb` each: TOO_MANY_FILES / FILE_OVER_LIMIT; programs and scripts by
 * content: FILE_FORBIDDEN) → fileInfo. A dropped upload leaves nothing. `DELETE .../files/:fileId`.
 * `POST /api/materials/:materialId/my-submission/submit` → mySubmission: needs text or a file as the
 * type asks (SUBMISSION_EMPTY); after the due date only with late work allowed (PAST_DUE) and
 * marked late; two submits at once make one submission. Resubmitting before the due date is
 * allowed until the teacher returns the work (SUBMISSION_RETURNED).
 */
export const SUBMISSION_FILE_FIELD = 'file';

/** A row of `GET /api/materials/:materialId/submissions` (staff): every student the material is assigned to. */
export const submissionRow = z.object({
  studentId: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  submissionId: z.string().nullable(),
  state: z.enum(WORK_STATES),
  submittedAt: z.string().nullable(),
  late: z.boolean(),
  fileCount: z.number(),
  grade: z.number().nullable(),
  /** The teacher's feedback (sanitized rich text; staff only read these rows). */
  feedbackHtml: z.string().nullable(),
  returnedAt: z.string().nullable(),
});
export type SubmissionRow = z.infer<typeof submissionRow>;
export const submissionsAnswer = z.object({
  materialId: z.string(),
  maxPoints: z.number(),
  dueAt: z.string().nullable(),
  counts: z.object({ total: z.number(), submitted: z.number(), late: z.number(), missing: z.number(), toGrade: z.number(), returned: z.number() }),
  rows: z.array(submissionRow),
});
export type SubmissionsAnswer = z.infer<typeof submissionsAnswer>;

/** `GET /api/materials/:materialId/submissions/:studentId` (staff): one student's work in full. */
export const submissionDetails = mySubmission.extend({
  studentId: z.string(),
  studentName: z.string(),
  submissionId: z.string().nullable(),
  gradedAt: z.string().nullable(),
  gradedBy: z.string().nullable(),
});
export type SubmissionDetails = z.infer<typeof submissionDetails>;

/**
 * `PUT /api/materials/:materialId/submissions/:studentId/grade` (teachers): grade (0..maxPoints,
 * 2 decimals: GRADE_OVER_MAX) and feedback; `returnToStudent` hands it back (students and parents
 * see it). Feedback files: `POST .../submissions/:studentId/feedback-files` (multipart). Last
 * write wins; every change lands in the audit log.
 */
export const gradeRequest = z.object({
  grade: z.number({ error: V.required }).min(0, { error: V.invalidChoice }).multipleOf(0.01, { error: V.invalidChoice }).nullable(),
  feedbackHtml: safeString().max(FEEDBACK_MAX, { error: V.maxLength }).default(''),
  returnToStudent: z.boolean().default(false),
  /**
   * Grading with the item's rubric: the level chosen for every criterion (criterionId → levelId).
   * The server computes the grade (the sum of the chosen levels' points; `grade` is ignored), keeps
   * the choices and the grade together. A criterion left out → 400 `rubric.<criterionId>:
   * required`; an unknown criterion or level, or a rubric sent for an assignment without one → 400
   * `rubric: invalidChoice`. Without it, an assignment graded with a rubric accepts only `grade:
   * null` (clears the grade and the choices; anything else → 400 `rubric: required`).
   */
  rubric: z
    .record(z.string().max(64, { error: V.invalidChoice }), z.string().max(64, { error: V.invalidChoice }), { error: V.invalidChoice })
    .refine((r) => Object.keys(r).length <= RUBRIC_CRITERIA_LIMIT, { error: V.invalidChoice })
    .optional(),
});
export type GradeRequest = z.input<typeof gradeRequest>;

/**
 * Files. The teacher's attachments: `POST /api/materials/:materialId/attachments` (teachers,
 * multipart field `file`, 900 MB at most, programs and scripts refused) → fileInfo; `DELETE
 * .../attachments/:fileId`; `GET .../attachments/:fileId` downloads (anyone who can open the
 * material). Work and feedback files download from
 * `GET /api/materials/:materialId/submission-files/:fileId` (staff; the student whose work it is
 * and their parents, feedback files once returned). Feedback files: `DELETE
 * .../submissions/:studentId/feedback-files/:fileId` removes one.
 */
export const feedbackFileParams = z.object({ materialId: z.uuid(), studentId: z.uuid(), fileId: z.uuid() });
/** Parents read their child's work: `?childId=` (required for parents, ignored for students). */
export const mySubmissionQuery = z.object({ childId: z.uuid().optional() });

/** `GET /api/materials/:materialId/submissions.zip` (staff): every submitted file, one folder per student ("Last, First"), streamed. */

/**
 * Activities: `GET /api/materials/:materialId/activity-grades` (staff) → submissionsAnswer (rows
 * with the saved feedback); `PUT` (teachers) sets several students' grades at once (null clears
 * grade and feedback); a graded activity is returned and completes the material for the student.
 * A row's `feedbackHtml` left out keeps the saved feedback; `''` clears it.
 */
export const activityGradesRequest = z.object({
  grades: z
    .array(
      z.object({
        studentId: z.uuid(),
        grade: z.number().min(0, { error: V.invalidChoice }).multipleOf(0.01, { error: V.invalidChoice }).nullable(),
        feedbackHtml: safeString().max(FEEDBACK_MAX, { error: V.maxLength }).optional(),
      }),
    )
    .min(1, { error: V.required })
    .max(500),
});
export type ActivityGradesRequest = z.input<typeof activityGradesRequest>;

export const studentParams = z.object({ materialId: z.uuid(), studentId: z.uuid() });
export const fileParams = z.object({ materialId: z.uuid(), fileId: z.uuid() });
