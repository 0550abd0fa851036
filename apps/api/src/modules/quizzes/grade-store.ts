import { combineAttempts, gradeAttempt, type AttemptGrade } from '@klase/core/quizzes/grading';
import type { AnswerValue, Question } from '@klase/core/quizzes/questions';
import type { QuizSettings } from '@klase/core/quizzes/quiz-settings';
import type { Db } from '../../platform/context.ts';
import { completeMaterial } from '../assignments/assignments.service.ts';
import {
  answersOf,
  attemptsOf,
  claimExpired,
  findAttempt,
  loadSettings,
  lockQuiz,
  questionsOf,
  quizMaxPoints,
  studentsWithAttempts,
  submittedAttemptsWith,
  toQuestion,
  updateAttempt,
  upsertQuizGrade,
  writeAnswerGrades,
  type AttemptRecord,
} from './quizzes.repo.ts';

/**
 * Grading as stored: an attempt's answers graded with core's `gradeAttempt` (its rows and score
 * written), an attempt finalized (submitted by the student or closed at its deadline) and the
 * student's combined grade (core's `combineAttempts`) written to `submissions`. Every function
 * runs in the caller's transaction; grading holds the quiz's grade lock (`lockQuiz`).
 */

/** The quiz's questions by id. */
export type QuestionMap = ReadonlyMap<string, Question>;

export const questionMap = async (db: Db, materialId: string): Promise<QuestionMap> =>
  new Map((await questionsOf(db, materialId)).map((r) => [r.id, toQuestion(r)]));

/** The questions of an attempt, in the attempt's order (questions removed since are left out). */
export const attemptQuestions = (attempt: Pick<AttemptRecord, 'questionOrder'>, questions: QuestionMap): Question[] =>
  attempt.questionOrder.flatMap((id) => {
    const q = questions.get(id);
    return q ? [q] : [];
  });

/** Grades the attempt's saved answers (with the teacher's manual scores) and writes every answer's grading and the attempt's score. */
export const gradeStored = async (
  tx: Db,
  attempt: AttemptRecord,
  questions: QuestionMap,
  extra: Partial<AttemptRecord> = {},
): Promise<{ attempt: AttemptRecord; grade: AttemptGrade }> => {
  const rows = await answersOf(tx, [attempt.id]);
  const answers: Record<string, AnswerValue | null> = {};
  const manual: Record<string, number | null> = {};
  for (const r of rows) {
    answers[r.questionId] = r.answer as AnswerValue | null;
    manual[r.questionId] = r.manualPoints;
  }
  const grade = gradeAttempt(attemptQuestions(attempt, questions), answers, manual);
  await writeAnswerGrades(tx, attempt.id, grade.perQuestion);
  const updated = await updateAttempt(tx, attempt.id, { ...extra, score: grade.score, maxScore: grade.max, pending: grade.pending });
  return { attempt: updated, grade };
};

/**
 * The student's combined grade over their submitted attempts (the settings' grading method),
 * scaled to the quiz's maximum points (issue 13: raw / total × maximum), and whether any attempt
 * waits for the teacher, written to their `submissions` row (which the grade book reads).
 */
export const storeCombinedGrade = async (
  tx: Db,
  materialId: string,
  studentId: string,
  opts: { settings?: QuizSettings; gradedBy?: string | null; at: Date },
): Promise<void> => {
  const settings = opts.settings ?? (await loadSettings(tx, materialId));
  const maxPoints = await quizMaxPoints(tx, materialId);
  const done = (await attemptsOf(tx, materialId, [studentId])).filter((a) => a.status === 'submitted');
  const scores = done.map((a) => ({ score: a.score ?? 0, max: a.maxScore ?? 0, submittedAt: a.submittedAt }));
  const last = done.reduce<Date | null>((t, a) => (a.submittedAt && (!t || a.submittedAt > t) ? a.submittedAt : t), null);
  await upsertQuizGrade(tx, {
    materialId,
    studentId,
    grade: combineAttempts(settings.gradingMethod, scores, maxPoints ?? undefined),
    pending: done.some((a) => a.pending),
    submittedAt: last,
    count: done.length,
    gradedBy: opts.gradedBy ?? null,
    at: opts.at,
  });
};

/** Every student's combined grade again, after the grading method or the quiz's maximum points changed. */
export const restoreQuizGrades = async (tx: Db, materialId: string, at: Date, settings?: QuizSettings): Promise<void> => {
  for (const studentId of await studentsWithAttempts(tx, materialId)) await storeCombinedGrade(tx, materialId, studentId, { settings, at });
};

/**
 * Submits an attempt in progress (the caller holds its row lock): graded, marked submitted at
 * `at` (an attempt closed by the server at its deadline is submitted at the deadline), the quiz
 * completed for the student on their first submission and the combined grade updated.
 */
export const finalizeAttempt = async (tx: Db, attempt: AttemptRecord, at: Date, auto: boolean): Promise<AttemptRecord> => {
  await lockQuiz(tx, attempt.materialId, 'grade');
  const questions = await questionMap(tx, attempt.materialId);
  const submittedAt = auto && attempt.deadlineAt && attempt.deadlineAt < at ? attempt.deadlineAt : at;
  const { attempt: done } = await gradeStored(tx, attempt, questions, { status: 'submitted', submittedAt, autoSubmitted: auto });
  await completeMaterial(tx, attempt.materialId, attempt.studentId, submittedAt, true);
  await storeCombinedGrade(tx, attempt.materialId, attempt.studentId, { at });
  return done;
};

/** Whether an attempt in progress has run out of time at `now`. */
export const expired = (a: Pick<AttemptRecord, 'status' | 'deadlineAt'>, now: Date): boolean =>
  a.status === 'inProgress' && a.deadlineAt !== null && a.deadlineAt.getTime() <= now.getTime();

/**
 * Submits the attempt with what was saved when its deadline has passed (any call that touches an
 * attempt does this first). Answers the attempt as it is now.
 */
export const settleAttempt = async (db: Db, attempt: AttemptRecord, now: Date): Promise<AttemptRecord> => {
  if (!expired(attempt, now)) return attempt;
  return db.transaction(async (tx) => {
    const locked = await findAttempt(tx, attempt.id, { lock: true });
    if (!locked) return attempt;
    return expired(locked, now) ? finalizeAttempt(tx, locked, now, true) : locked;
  });
};

/**
 * Regrades, after a change of a question's key or points, every submitted attempt that has the
 * question and the combined grades of their students (the caller holds the quiz's change lock).
 * Answers how many attempts were regraded.
 */
export const regradeQuestion = async (tx: Db, materialId: string, questionId: string, at: Date): Promise<number> => {
  const attempts = await submittedAttemptsWith(tx, materialId, questionId);
  if (attempts.length === 0) return 0;
  const questions = await questionMap(tx, materialId);
  for (const a of attempts) await gradeStored(tx, a, questions);
  const settings = await loadSettings(tx, materialId);
  for (const studentId of [...new Set(attempts.map((a) => a.studentId))].sort()) await storeCombinedGrade(tx, materialId, studentId, { settings, at });
  return attempts.length;
};

/** One transaction of the sweep: claims up to `batch` expired attempts (skipping those locked elsewhere) and submits them. */
export const finalizeExpiredBatch = (db: Db, now: Date, batch: number): Promise<number> =>
  db.transaction(async (tx) => {
    const due = await claimExpired(tx, now, batch);
    for (const a of due) await finalizeAttempt(tx, a, now, true);
    return due.length;
  });
