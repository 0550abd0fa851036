import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm';
import type { EditVersion } from '@klase/core/edit-version';
import { upsertVersioned } from '../../db/versioned.ts';
import type { AnswerValue, Question, QuestionFormValues } from '@klase/core/quizzes/questions';
import { DEFAULT_QUIZ_SETTINGS, type QuizSettings } from '@klase/core/quizzes/quiz-settings';
import type { Db } from '../../db/client.ts';
import { quizAnswers, quizAttempts, quizQuestions, quizSettings, submissions } from '../../db/schema/assessments.ts';
import { courseMaterials } from '../../db/schema/courses.ts';

/**
 * Quiz settings, questions, attempts, answers and the quiz's row in
 * `submissions` (every query bound to its ids). Reading `submissions`, completing the material and
 * who the material is assigned to are the assignments module's (assignments.repo.ts); the course's
 * question bank is in bank.repo.ts.
 */

export type QuizSettingsRecord = typeof quizSettings.$inferSelect;
export type QuestionRecord = typeof quizQuestions.$inferSelect;
export type AttemptRecord = typeof quizAttempts.$inferSelect;
export type AnswerRecord = typeof quizAnswers.$inferSelect;

// ---------------------------------------------------------------------------------------------
// The quiz's lock

/**
 * One lock point per quiz, its material row, taken first by every transaction that changes what
 * grading reads (questions, settings: FOR NO KEY UPDATE, one at a time) or grades (FOR SHARE,
 * many at once). Grading therefore always reads one version of the key, a key change sees every
 * attempt graded before it, and transactions never wait on each other in a circle.
 */
export const lockQuiz = async (tx: Db, materialId: string, mode: 'grade' | 'change'): Promise<void> => {
  const query = tx.select({ id: courseMaterials.id }).from(courseMaterials).where(eq(courseMaterials.id, materialId));
  await (mode === 'grade' ? query.for('share') : query.for('no key update'));
};

// ---------------------------------------------------------------------------------------------
// Settings

/** The settings row as core's `QuizSettings` (the defaults when nobody has saved any). */
export const settingsOf = (row: QuizSettingsRecord | null): QuizSettings =>
  row
    ? {
        openAt: row.openAt?.toISOString() ?? null,
        closeAt: row.closeAt?.toISOString() ?? null,
        timeLimitMinutes: row.timeLimitMinutes,
        attemptsAllowed: row.attemptsAllowed,
        gradingMethod: row.gradingMethod,
        shuffleQuestions: row.shuffleQuestions,
        shuffleChoices: row.shuffleChoices,
        showCorrectness: row.showCorrectness,
        showPoints: row.showPoints,
        showAnswers: row.showAnswers,
        showFeedback: row.showFeedback,
        passingPercent: row.passingPercent,
      }
    : DEFAULT_QUIZ_SETTINGS;

export const loadSettings = async (db: Db, materialId: string): Promise<QuizSettings> => {
  const [row] = await db.select().from(quizSettings).where(eq(quizSettings.materialId, materialId)).limit(1);
  return settingsOf(row ?? null);
};

/** The settings form's edit version: 0 while nobody has saved any. */
export const settingsVersion = async (db: Db, materialId: string): Promise<number> => {
  const [row] = await db.select({ version: quizSettings.version }).from(quizSettings).where(eq(quizSettings.materialId, materialId)).limit(1);
  return row?.version ?? 0;
};

/** Saves the settings at the version the form was loaded from unless overwriting (EDIT_CONFLICT otherwise). */
export const saveSettings = async (db: Db, materialId: string, s: QuizSettings, actorId: string, expect: EditVersion): Promise<void> => {
  const values = {
    openAt: s.openAt ? new Date(s.openAt) : null,
    closeAt: s.closeAt ? new Date(s.closeAt) : null,
    timeLimitMinutes: s.timeLimitMinutes,
    attemptsAllowed: s.attemptsAllowed,
    gradingMethod: s.gradingMethod,
    shuffleQuestions: s.shuffleQuestions,
    shuffleChoices: s.shuffleChoices,
    showCorrectness: s.showCorrectness,
    showPoints: s.showPoints,
    showAnswers: s.showAnswers,
    showFeedback: s.showFeedback,
    passingPercent: s.passingPercent,
  };
  const key = { target: quizSettings.materialId, where: eq(quizSettings.materialId, materialId) };
  await upsertVersioned(db, quizSettings, key, expect, actorId, { insert: { materialId, ...values }, update: values });
};

// ---------------------------------------------------------------------------------------------
// Questions

/** A stored question as the grading engine takes it. */
export const toQuestion = (row: Pick<QuestionRecord, 'id' | 'body'>): Question => ({ ...(row.body as QuestionFormValues), id: row.id });

/** The quiz's questions in order. */
export const questionsOf = (db: Db, materialId: string): Promise<QuestionRecord[]> =>
  db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.materialId, materialId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt), asc(quizQuestions.id));

export const findQuestion = async (db: Db, materialId: string, questionId: string): Promise<QuestionRecord | null> => {
  const [row] = await db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.materialId, materialId), eq(quizQuestions.id, questionId)))
    .limit(1);
  return row ?? null;
};

export const nextQuestionPosition = async (db: Db, materialId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${quizQuestions.position}) + 1, 0)::int` })
    .from(quizQuestions)
    .where(eq(quizQuestions.materialId, materialId));
  return Number(row?.n ?? 0);
};

export const insertQuestions = async (db: Db, materialId: string, forms: readonly QuestionFormValues[], actorId: string): Promise<QuestionRecord[]> => {
  if (forms.length === 0) return [];
  const start = await nextQuestionPosition(db, materialId);
  return db
    .insert(quizQuestions)
    .values(forms.map((body, i) => ({ materialId, position: start + i, type: body.type, points: body.points, body, createdBy: actorId, updatedBy: actorId })))
    .returning();
};

export const updateQuestion = async (db: Db, questionId: string, body: QuestionFormValues, actorId: string): Promise<QuestionRecord> => {
  const [row] = await db
    .update(quizQuestions)
    .set({ type: body.type, points: body.points, body, updatedBy: actorId, updatedAt: new Date() })
    .where(eq(quizQuestions.id, questionId))
    .returning();
  if (!row) throw new Error('question update');
  return row;
};

export const deleteQuestion = async (db: Db, questionId: string): Promise<void> => {
  await db.delete(quizQuestions).where(eq(quizQuestions.id, questionId));
};

export const placeQuestion = async (db: Db, questionId: string, position: number): Promise<void> => {
  await db.update(quizQuestions).set({ position, updatedAt: new Date() }).where(eq(quizQuestions.id, questionId));
};

/** The number of questions and their total points. */
export const quizTotals = async (db: Db, materialId: string): Promise<{ count: number; total: number }> => {
  const [row] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${quizQuestions.points}), 0)` })
    .from(quizQuestions)
    .where(eq(quizQuestions.materialId, materialId));
  return { count: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
};

/** What the quiz is worth: the material's maximum points (the teacher's, issue 13); the questions' total when none is set. */
export const quizMaxPoints = async (db: Db, materialId: string): Promise<number | null> => {
  const [row] = await db.select({ maxPoints: courseMaterials.maxPoints }).from(courseMaterials).where(eq(courseMaterials.id, materialId)).limit(1);
  return row?.maxPoints ?? null;
};

/**
 * The material's max points become the questions' total, rounded to a whole number (the column is
 * an integer). Only the demo data and test factories use it: a teacher's quiz keeps the maximum
 * points of its form, and grades are scaled to them (issue 13).
 */
export const syncMaxPoints = async (db: Db, materialId: string): Promise<void> => {
  await db
    .update(courseMaterials)
    .set({
      maxPoints: sql`(select round(coalesce(sum(${quizQuestions.points}), 0))::int from ${quizQuestions} where ${quizQuestions.materialId} = ${materialId})`,
      updatedAt: new Date(),
    })
    .where(eq(courseMaterials.id, materialId));
};

// ---------------------------------------------------------------------------------------------
// Attempts

export const findAttempt = async (db: Db, attemptId: string, opts: { lock?: boolean } = {}): Promise<AttemptRecord | null> => {
  const query = db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  const [row] = await (opts.lock ? query.for('update') : query).limit(1);
  return row ?? null;
};

/** The attempts of these students at the quiz, by number. */
export const attemptsOf = (db: Db, materialId: string, studentIds: readonly string[]): Promise<AttemptRecord[]> =>
  studentIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.materialId, materialId), inArray(quizAttempts.studentId, [...studentIds])))
        .orderBy(asc(quizAttempts.studentId), asc(quizAttempts.number));

export const countQuizAttempts = async (db: Db, materialId: string): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.materialId, materialId));
  return Number(row?.n ?? 0);
};

/**
 * Inserts the attempt unless it would be a second one in progress or reuse a number (another
 * start won the race): null then.
 */
export const insertAttempt = async (db: Db, values: typeof quizAttempts.$inferInsert): Promise<AttemptRecord | null> => {
  const [row] = await db.insert(quizAttempts).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

/** Submitted attempts of the quiz whose questions include `questionId`, locked for regrading (by id, so regrades lock in one order). */
export const submittedAttemptsWith = (db: Db, materialId: string, questionId: string): Promise<AttemptRecord[]> =>
  db
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.materialId, materialId),
        eq(quizAttempts.status, 'submitted'),
        sql`${quizAttempts.questionOrder} @> ${JSON.stringify([questionId])}::jsonb`,
      ),
    )
    .orderBy(asc(quizAttempts.id))
    .for('update');

/** Students with a submitted attempt at the quiz. */
export const studentsWithAttempts = async (db: Db, materialId: string): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: quizAttempts.studentId })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.materialId, materialId), eq(quizAttempts.status, 'submitted')))
      .orderBy(asc(quizAttempts.studentId))
  ).map((r) => r.id);

/** In-progress attempts past their deadline (`quiz_attempts_deadline_idx`), claimed so several nodes never take the same one. */
export const claimExpired = async (db: Db, now: Date, limit: number): Promise<AttemptRecord[]> =>
  db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.status, 'inProgress'), lte(quizAttempts.deadlineAt, now)))
    .orderBy(asc(quizAttempts.deadlineAt))
    .limit(limit)
    .for('update', { skipLocked: true });

export const updateAttempt = async (db: Db, attemptId: string, values: Partial<typeof quizAttempts.$inferInsert>): Promise<AttemptRecord> => {
  const [row] = await db.update(quizAttempts).set(values).where(eq(quizAttempts.id, attemptId)).returning();
  if (!row) throw new Error('attempt update');
  return row;
};

// ---------------------------------------------------------------------------------------------
// Answers

export const answersOf = (db: Db, attemptIds: readonly string[]): Promise<AnswerRecord[]> =>
  attemptIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(quizAnswers)
        .where(inArray(quizAnswers.attemptId, [...attemptIds]));

export const saveAnswer = async (db: Db, attemptId: string, questionId: string, answer: AnswerValue, at: Date): Promise<void> => {
  await db
    .insert(quizAnswers)
    .values({ attemptId, questionId, answer, updatedAt: at })
    .onConflictDoUpdate({ target: [quizAnswers.attemptId, quizAnswers.questionId], set: { answer, updatedAt: at } });
};

export interface AnswerGrade {
  questionId: string;
  points: number;
  correct: boolean | null;
  pending: boolean;
}

/** Writes the grading of every question of an attempt (rows for unanswered questions are made with no answer). */
export const writeAnswerGrades = async (db: Db, attemptId: string, grades: readonly AnswerGrade[]): Promise<void> => {
  if (grades.length === 0) return;
  await db
    .insert(quizAnswers)
    .values(grades.map((g) => ({ attemptId, questionId: g.questionId, answer: null, points: g.points, correct: g.correct, pending: g.pending })))
    .onConflictDoUpdate({
      target: [quizAnswers.attemptId, quizAnswers.questionId],
      set: { points: sql`excluded.points`, correct: sql`excluded.correct`, pending: sql`excluded.pending` },
    });
};

/** The teacher's score and feedback of one answer (the row is made when the question was left unanswered). */
export const setManualGrade = async (db: Db, attemptId: string, questionId: string, points: number, feedback: string | null, at: Date): Promise<void> => {
  await db
    .insert(quizAnswers)
    .values({ attemptId, questionId, answer: null, manualPoints: points, feedback, updatedAt: at })
    .onConflictDoUpdate({ target: [quizAnswers.attemptId, quizAnswers.questionId], set: { manualPoints: points, feedback, updatedAt: at } });
};

/** The answers of the quiz's submitted attempts, oldest attempt first (statistics). */
export const submittedAnswers = (db: Db, materialId: string): Promise<AnswerRecord[]> =>
  db
    .select({ answer: quizAnswers })
    .from(quizAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAnswers.attemptId))
    .where(and(eq(quizAttempts.materialId, materialId), eq(quizAttempts.status, 'submitted')))
    .orderBy(asc(quizAttempts.submittedAt), asc(quizAttempts.id))
    .then((rows) => rows.map((r) => r.answer));

export const countSubmitted = async (db: Db, materialId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.materialId, materialId), eq(quizAttempts.status, 'submitted')));
  return Number(row?.n ?? 0);
};

// ---------------------------------------------------------------------------------------------
// The combined grade

export interface QuizGrade {
  materialId: string;
  studentId: string;
  grade: number | null;
  pending: boolean;
  submittedAt: Date | null;
  count: number;
  gradedBy: string | null;
  at: Date;
}

/**
 * The student's row in `submissions` for the quiz: the combined grade, returned (visible to the
 * student and parents) when nothing is pending, otherwise submitted and waiting for the teacher.
 */
export const upsertQuizGrade = async (db: Db, g: QuizGrade): Promise<void> => {
  const graded = g.grade !== null && !g.pending;
  const values = {
    status: graded ? ('returned' as const) : g.count > 0 ? ('submitted' as const) : ('draft' as const),
    submittedAt: g.submittedAt,
    submitCount: g.count,
    late: false,
    grade: g.grade,
    gradedBy: graded ? g.gradedBy : null,
    gradedAt: graded ? g.at : null,
    returnedAt: graded ? g.at : null,
    updatedBy: g.gradedBy,
  };
  await db
    .insert(submissions)
    .values({ materialId: g.materialId, studentId: g.studentId, ...values, createdBy: g.gradedBy })
    .onConflictDoUpdate({ target: [submissions.materialId, submissions.studentId], set: { ...values, updatedAt: g.at } });
};
