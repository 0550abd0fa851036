import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, bigint } from 'drizzle-orm/pg-core';
import { editVersion, stamps } from '../columns.ts';
import { courseMaterials, courses } from './courses.ts';
import { users } from './users.ts';

/**
 * Assessments (issue 6): assignment and quiz settings, the teacher's attachments, students' work
 * (one `submissions` row per graded material and student: an assignment's text and files, a quiz's
 * combined grade, an activity's grade), quiz questions, the course question bank, attempts and
 * answers. Grades are numeric(10,2) points out of the material's `max_points`.
 */

/** An assignment's settings beyond the material form (due date and points live on the material). */
export const assignmentSettings = pgTable('assignment_settings', {
  materialId: uuid('material_id')
    .primaryKey()
    .references(() => courseMaterials.id, { onDelete: 'cascade' }),
  openAt: timestamp('open_at', { withTimezone: true }),
  allowLate: boolean('allow_late').notNull().default(false),
  lateUntil: timestamp('late_until', { withTimezone: true }),
  submissionType: text('submission_type', { enum: ['text', 'files', 'both'] })
    .notNull()
    .default('both'),
  maxFiles: integer('max_files').notNull().default(5),
  /** Per file, in MB (at most the 900 MB file limit). */
  maxFileMb: integer('max_file_mb').notNull().default(100),
  ...stamps(),
  ...editVersion(),
});

/** Files a teacher attaches to an assignment (instructions' worksheets and the like). */
export const materialAttachments = pgTable(
  'material_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    position: integer('position').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('material_attachments_material_idx').on(t.materialId, t.position)],
);

/**
 * A student's work on a graded material. Assignments: draft → submitted → returned (graded and
 * handed back); a resubmission before the deadline goes back to submitted. Quizzes: the grade
 * combined over the attempts (the settings' grading method). Activities: the grade the teacher
 * entered. `grade` is what the gradebook reads; students and parents see it once `returnedAt` is set
 * (quizzes and activities are returned when graded).
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['draft', 'submitted', 'returned'] })
      .notNull()
      .default('draft'),
    textHtml: text('text_html'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    submitCount: integer('submit_count').notNull().default(0),
    grade: numeric('grade', { precision: 10, scale: 2, mode: 'number' }),
    feedbackHtml: text('feedback_html'),
    gradedBy: uuid('graded_by').references(() => users.id, { onDelete: 'set null' }),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [uniqueIndex('submissions_material_student_idx').on(t.materialId, t.studentId), index('submissions_student_idx').on(t.studentId)],
);

/** A student's files of a submission (`work`) and the teacher's feedback files (`feedback`). */
export const submissionFiles = pgTable(
  'submission_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['work', 'feedback'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('submission_files_submission_idx').on(t.submissionId, t.kind)],
);

/** `quiz-settings/{materialId}` (packages/core/src/assessments/quiz-settings.ts). */
export const quizSettings = pgTable('quiz_settings', {
  materialId: uuid('material_id')
    .primaryKey()
    .references(() => courseMaterials.id, { onDelete: 'cascade' }),
  openAt: timestamp('open_at', { withTimezone: true }),
  closeAt: timestamp('close_at', { withTimezone: true }),
  timeLimitMinutes: integer('time_limit_minutes'),
  attemptsAllowed: integer('attempts_allowed'),
  gradingMethod: text('grading_method', { enum: ['highest', 'average', 'first', 'last'] })
    .notNull()
    .default('highest'),
  shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
  shuffleChoices: boolean('shuffle_choices').notNull().default(false),
  /** The review options (core quiz-settings.ts): when a student sees correctness, points, the right answer, feedback. */
  showCorrectness: text('show_correctness', { enum: ['never', 'afterSubmit', 'afterClose'] })
    .notNull()
    .default('afterSubmit'),
  showPoints: text('show_points', { enum: ['never', 'afterSubmit', 'afterClose'] })
    .notNull()
    .default('afterSubmit'),
  showAnswers: text('show_answers', { enum: ['never', 'afterSubmit', 'afterClose'] })
    .notNull()
    .default('afterSubmit'),
  showFeedback: text('show_feedback', { enum: ['never', 'afterSubmit', 'afterClose'] })
    .notNull()
    .default('afterSubmit'),
  passingPercent: integer('passing_percent').notNull().default(75),
  ...stamps(),
  ...editVersion(),
});

/** A quiz's questions; `body` is the whole question form (key included: never sent to students). */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    type: text('type').notNull(),
    points: numeric('points', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    body: jsonb('body').notNull(),
    ...stamps(),
  },
  (t) => [index('quiz_questions_material_idx').on(t.materialId, t.position)],
);

/** A course's question bank: questions saved for reuse (copied into a quiz when picked). */
export const questionBank = pgTable(
  'question_bank',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    points: numeric('points', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    body: jsonb('body').notNull(),
    ...stamps(),
  },
  (t) => [index('question_bank_course_idx').on(t.courseId)],
);

/**
 * A student's attempt at a quiz. The server fixes the question order (and the seed of the choice
 * shuffle) at the start and the deadline (time limit, close time); an attempt past its deadline is
 * submitted with what was saved.
 */
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['inProgress', 'submitted'] })
      .notNull()
      .default('inProgress'),
    questionOrder: jsonb('question_order').$type<string[]>().notNull(),
    seed: text('seed').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Set when the server closed the attempt at its deadline. */
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
    score: numeric('score', { precision: 10, scale: 2, mode: 'number' }),
    maxScore: numeric('max_score', { precision: 10, scale: 2, mode: 'number' }),
    /** Essays wait for the teacher. */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [
    uniqueIndex('quiz_attempts_number_idx').on(t.materialId, t.studentId, t.number),
    // At most one attempt in progress per student and quiz.
    uniqueIndex('quiz_attempts_open_idx')
      .on(t.materialId, t.studentId)
      .where(sql`${t.status} = 'inProgress'`),
    index('quiz_attempts_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'inProgress'`),
  ],
);

/** The saved answer of one question of an attempt and its grading. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    answer: jsonb('answer'),
    points: numeric('points', { precision: 10, scale: 2, mode: 'number' }),
    correct: boolean('correct'),
    pending: boolean('pending').notNull().default(false),
    manualPoints: numeric('manual_points', { precision: 10, scale: 2, mode: 'number' }),
    feedback: text('feedback'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index('quiz_answers_question_idx').on(t.questionId)],
);
