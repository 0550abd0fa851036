import { randomUUID } from 'node:crypto';
import { passed } from '@klase/core/quizzes/grading';
import { seededShuffle, type AnswerValue } from '@klase/core/quizzes/questions';
import { FULL_REVIEW, attemptDeadline, attemptsLeft, quizWindow, reviewNow } from '@klase/core/quizzes/quiz-settings';
import type { AttemptResult, AttemptView, QuizOverview } from '@klase/core/quizzes/contracts';
import { DomainError } from '@klase/core/errors';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { submissionsOf } from '../assignments/assignments.service.ts';
import { expired, finalizeAttempt, questionMap, settleAttempt } from './grade-store.ts';
import { openAttempt, openOwnAttempt, openQuiz, ownStudentId, requireTaker } from './quiz-access.ts';
import {
  attemptsOf,
  findAttempt,
  findQuestion,
  insertAttempt,
  loadSettings,
  lockQuiz,
  questionsOf,
  quizMaxPoints,
  quizTotals,
  saveAnswer,
  toQuestion,
  type AttemptRecord,
} from './quizzes.repo.ts';
import { attemptResult, attemptView, toSummary } from './views.ts';

/**
 * The student's side of a quiz: the quiz page, starting or resuming the one attempt in progress,
 * saving answers as they go, submitting, and results. The server keeps the clock: an attempt
 * past its deadline is submitted with what was saved on the next call that touches it (and by
 * the sweep, sweeper.ts). `now` is the server's time (tests move it).
 */

/** The attempts as they are after submitting the expired ones. */
export const settleAll = async (db: Db, attempts: AttemptRecord[], now: Date): Promise<AttemptRecord[]> => {
  const settled: AttemptRecord[] = [];
  for (const a of attempts) settled.push(await settleAttempt(db, a, now));
  return settled;
};

/** What a quiz is worth: its maximum points (issue 13), the questions' total when none is set. */
export const quizWorth = (maxPoints: number | null, totalPoints: number): number => maxPoints ?? totalPoints;

/** Whether a combined grade (out of the quiz's maximum points) passes. */
export const gradePassed = (grade: number | null, worth: number, passingPercent: number): boolean | null =>
  grade === null ? null : passed(grade, worth, passingPercent);

/** `GET /materials/:materialId/quiz`: the student's quiz page (a parent's view of their child's with `childId`). */
export const quizOverview = async (ctx: Ctx, user: UserRow, materialId: string, childId: string | undefined, now = new Date()): Promise<QuizOverview> => {
  const quiz = await openQuiz(ctx.db, user, materialId);
  const studentId = await ownStudentId(ctx.db, quiz, user, childId);
  const attempts = await settleAll(ctx.db, await attemptsOf(ctx.db, materialId, [studentId]), now);
  const settings = await loadSettings(ctx.db, materialId);
  const totals = await quizTotals(ctx.db, materialId);
  const [row] = await submissionsOf(ctx.db, materialId, [studentId]);
  const window = quizWindow(settings, now);
  const left = attemptsLeft(settings, attempts.length);
  const inProgress = attempts.find((a) => a.status === 'inProgress') ?? null;
  // Students and parents see the combined grade once nothing waits for the teacher.
  const grade = row?.returnedAt ? row.grade : null;
  const taker = quiz.classAccess.relation === 'student' && !quiz.classAccess.cls.archivedAt;
  const worth = quizWorth(quiz.material.maxPoints, totals.total);
  return {
    materialId,
    name: quiz.material.name,
    instructions: quiz.material.instructions,
    openAt: settings.openAt,
    closeAt: settings.closeAt,
    timeLimitMinutes: settings.timeLimitMinutes,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsLeft: left,
    gradingMethod: settings.gradingMethod,
    passingPercent: settings.passingPercent,
    questionCount: totals.count,
    totalPoints: totals.total,
    maxPoints: worth,
    window,
    inProgressAttemptId: inProgress?.id ?? null,
    attempts: attempts.map(toSummary),
    grade,
    passed: gradePassed(grade, worth, settings.passingPercent),
    can: { start: taker && (inProgress !== null || (window === 'open' && left !== 0 && totals.count > 0)) },
  };
};

const START_TRIES = 3;

/**
 * Starts an attempt, or answers the one in progress (`created: false`). The question order is
 * fixed now (seeded shuffle when the settings shuffle questions), the choice order by a seed
 * kept on the attempt (when they shuffle choices), the deadline by the time limit and close
 * time. Two starts at once make one attempt: the partial unique index keeps one in progress and
 * the loser answers the winner's.
 */
export const startAttempt = async (ctx: Ctx, user: UserRow, materialId: string, now = new Date()): Promise<{ created: boolean; view: AttemptView }> => {
  const quiz = await openQuiz(ctx.db, user, materialId);
  requireTaker(quiz, user);
  for (let tries = 0; tries < START_TRIES; tries++) {
    const attempts = await settleAll(ctx.db, await attemptsOf(ctx.db, materialId, [user.id]), now);
    const open = attempts.find((a) => a.status === 'inProgress');
    if (open) return { created: false, view: await attemptView(ctx.db, open, await questionMap(ctx.db, materialId), now) };
    const made = await ctx.db.transaction(async (tx) => {
      // Under the quiz's grade lock: the questions cannot change (or be deleted) while the attempt is made.
      await lockQuiz(tx, materialId, 'grade');
      const settings = await loadSettings(tx, materialId);
      const rows = await questionsOf(tx, materialId);
      if (quizWindow(settings, now) !== 'open' || rows.length === 0) throw new DomainError('QUIZ_CLOSED');
      if (attemptsLeft(settings, attempts.length) === 0) throw new DomainError('NO_ATTEMPTS_LEFT');
      const ids = rows.map((r) => r.id);
      const row = await insertAttempt(tx, {
        materialId,
        studentId: user.id,
        number: attempts.length + 1,
        status: 'inProgress',
        questionOrder: settings.shuffleQuestions ? seededShuffle(ids, randomUUID()) : ids,
        seed: settings.shuffleChoices ? randomUUID() : '',
        startedAt: now,
        deadlineAt: attemptDeadline(now, settings),
      });
      return row ? { row, questions: new Map(rows.map((r) => [r.id, toQuestion(r)])) } : null;
    });
    if (made) return { created: true, view: await attemptView(ctx.db, made.row, made.questions, now) };
    // Another start won the race: go round and answer (or refuse) as its outcome says.
  }
  throw new DomainError('CONFLICT');
};

/** `GET /attempts/:attemptId`: the attempt page (the owner; staff of the class). */
export const readAttempt = async (ctx: Ctx, user: UserRow, attemptId: string, now = new Date()): Promise<AttemptView> => {
  const { attempt } = await openAttempt(ctx.db, user, attemptId, { parents: false });
  const current = await settleAttempt(ctx.db, attempt, now);
  return attemptView(ctx.db, current, await questionMap(ctx.db, current.materialId), now);
};

/**
 * Saves one answer of the student's attempt in progress. A finished attempt, or one past its
 * deadline (submitted now with what was saved), answers ATTEMPT_FINISHED.
 */
export const saveAttemptAnswer = async (
  ctx: Ctx,
  user: UserRow,
  attemptId: string,
  questionId: string,
  answer: AnswerValue,
  now = new Date(),
): Promise<{ savedAt: string }> => {
  await openOwnAttempt(ctx.db, user, attemptId);
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await findAttempt(tx, attemptId, { lock: true });
    if (!locked) throw new DomainError('NOT_FOUND');
    if (locked.status === 'submitted') return 'finished';
    if (expired(locked, now)) {
      await finalizeAttempt(tx, locked, now, true);
      return 'finished';
    }
    const question = locked.questionOrder.includes(questionId) ? await findQuestion(tx, locked.materialId, questionId) : null;
    if (!question) throw new DomainError('NOT_FOUND');
    if (question.type !== answer.type) throw new DomainError('VALIDATION', { fields: [{ path: 'type', key: 'invalidChoice' }] });
    await saveAnswer(tx, attemptId, questionId, answer.type === 'essay' ? { ...answer, html: sanitizeRichText(answer.html) } : answer, now);
    return 'saved';
  });
  if (outcome === 'finished') throw new DomainError('ATTEMPT_FINISHED');
  return { savedAt: now.toISOString() };
};

/** The result of a submitted attempt, as far as the review options allow now (all of it for staff). */
export const resultOf = async (db: Db, attempt: AttemptRecord, staff: boolean, now: Date): Promise<AttemptResult> => {
  const settings = await loadSettings(db, attempt.materialId);
  const review = staff ? FULL_REVIEW : reviewNow(settings, now, attempt.status === 'submitted');
  const worth = quizWorth(await quizMaxPoints(db, attempt.materialId), attempt.maxScore ?? 0);
  return attemptResult(db, attempt, await questionMap(db, attempt.materialId), settings, review, worth);
};

/** Submits the student's attempt (past its deadline: closed with what was saved, marked auto-submitted). */
export const submitAttempt = async (ctx: Ctx, user: UserRow, attemptId: string, now = new Date()): Promise<AttemptResult> => {
  await openOwnAttempt(ctx.db, user, attemptId);
  const done = await ctx.db.transaction(async (tx) => {
    const locked = await findAttempt(tx, attemptId, { lock: true });
    if (!locked) throw new DomainError('NOT_FOUND');
    if (locked.status === 'submitted') return null;
    return finalizeAttempt(tx, locked, now, expired(locked, now));
  });
  if (!done) throw new DomainError('ATTEMPT_FINISHED');
  return resultOf(ctx.db, done, false, now);
};

/** `GET /attempts/:attemptId/result`: a submitted attempt's result (the owner, a parent of theirs, staff). */
export const readResult = async (ctx: Ctx, user: UserRow, attemptId: string, now = new Date()): Promise<AttemptResult> => {
  const { attempt, staff } = await openAttempt(ctx.db, user, attemptId, { parents: true });
  const current = await settleAttempt(ctx.db, attempt, now);
  if (current.status !== 'submitted') throw new DomainError('NOT_FOUND');
  return resultOf(ctx.db, current, staff, now);
};
