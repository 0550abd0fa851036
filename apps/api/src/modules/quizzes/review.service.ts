import { roundPoints } from '@klase/core/quizzes/grading';
import { normalizeText, type AnswerValue, type Question } from '@klase/core/quizzes/questions';
import type { AttemptResult, QuizResults, QuizStats, manualGradeRequest } from '@klase/core/quizzes/contracts';
import type { Locale } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import type { z } from 'zod';
import type { Ctx, Db } from '../../platform/context.ts';
import { gradeLink, notifyGrade } from '../notifications/notifications.service.ts';
import type { UserRow } from '../../platform/rows.ts';
import { assignedStudents, submissionsOf } from '../assignments/assignments.service.ts';
import { toPerson } from '../../kernel/people.ts';
import { settleAll, gradePassed, quizWorth, resultOf } from './attempts.service.ts';
import { expired, finalizeAttempt, gradeStored, questionMap, storeCombinedGrade } from './grade-store.ts';
import { quizText } from './messages.ts';
import { openAttempt, requireGrader, staffQuiz, type OpenedAttempt } from './quiz-access.ts';
import {
  answersOf,
  attemptsOf,
  countSubmitted,
  findAttempt,
  loadSettings,
  lockQuiz,
  questionsOf,
  quizTotals,
  setManualGrade,
  submittedAnswers,
  toQuestion,
  type AnswerRecord,
} from './quizzes.repo.ts';
import { auditQuiz } from './setup.service.ts';
import { toSummary } from './views.ts';

/** The teacher's side of the results: every student's attempts and grade, grading by hand, per-question statistics. */

/** `GET /materials/:materialId/quiz-results` (staff): every assigned student with their attempts and combined grade. */
export const quizResults = async (ctx: Ctx, user: UserRow, materialId: string, now = new Date()): Promise<QuizResults> => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: false });
  const students = await assignedStudents(ctx.db, quiz.classAccess.cls.id, quiz.element);
  const ids = students.map((s) => s.id);
  const attempts = await settleAll(ctx.db, await attemptsOf(ctx.db, materialId, ids), now);
  const grades = new Map((await submissionsOf(ctx.db, materialId, ids)).map((s) => [s.studentId, s.grade]));
  const settings = await loadSettings(ctx.db, materialId);
  const totalPoints = (await quizTotals(ctx.db, materialId)).total;
  const worth = quizWorth(quiz.material.maxPoints, totalPoints);
  const rows = students.map((s) => {
    const own = attempts.filter((a) => a.studentId === s.id);
    const grade = grades.get(s.id) ?? null;
    const pending = own.some((a) => a.status === 'submitted' && a.pending);
    const person = toPerson(s);
    return {
      row: { studentId: s.id, name: person.name, photoUrl: person.photoUrl, attempts: own.map(toSummary), grade, pending },
      attempted: own.some((a) => a.status === 'submitted'),
      passed: !pending && gradePassed(grade, worth, settings.passingPercent) === true,
    };
  });
  return {
    materialId,
    totalPoints,
    maxPoints: worth,
    counts: {
      total: rows.length,
      attempted: rows.filter((r) => r.attempted).length,
      pending: rows.filter((r) => r.row.pending).length,
      passed: rows.filter((r) => r.passed).length,
    },
    rows: rows.map((r) => r.row),
  };
};

type ManualGrade = z.output<typeof manualGradeRequest>;

/**
 * The teacher's score (and feedback) of one answer of a submitted attempt: an essay's grade, or
 * an override of any automatic score (0..the question's points, GRADE_OVER_MAX above). The
 * attempt's score and the student's combined grade follow in the same transaction.
 */
export const gradeByHand = async (
  ctx: Ctx,
  user: UserRow,
  attemptId: string,
  questionId: string,
  body: ManualGrade,
  now = new Date(),
): Promise<AttemptResult> => {
  const { quiz } = await openAttempt(ctx.db, user, attemptId, { parents: false });
  requireGrader(quiz);
  const graded = await ctx.db.transaction(async (tx) => {
    // The quiz before the attempt: the order a key change takes its locks in.
    await lockQuiz(tx, quiz.material.id, 'grade');
    const questions = await questionMap(tx, quiz.material.id);
    let attempt = await findAttempt(tx, attemptId, { lock: true });
    if (!attempt) throw new DomainError('NOT_FOUND');
    if (expired(attempt, now)) attempt = await finalizeAttempt(tx, attempt, now, true);
    if (attempt.status !== 'submitted') throw new DomainError('CONFLICT');
    const question = attempt.questionOrder.includes(questionId) ? questions.get(questionId) : undefined;
    if (!question) throw new DomainError('NOT_FOUND');
    const max = roundPoints(question.points);
    if (body.points > max) throw new DomainError('GRADE_OVER_MAX', { params: { max } });
    const before = (await answersOf(tx, [attemptId])).find((r) => r.questionId === questionId);
    await setManualGrade(tx, attemptId, questionId, body.points, body.feedback.trim() || null, now);
    const { attempt: regraded } = await gradeStored(tx, attempt, questions);
    const [was] = await submissionsOf(tx, attempt.materialId, [attempt.studentId]);
    await storeCombinedGrade(tx, attempt.materialId, attempt.studentId, { gradedBy: user.id, at: now });
    await noticeQuizGrade(tx, ctx, quiz, user.id, was ?? null);
    await auditQuiz(tx, quiz, user, 'quiz.answer-graded', {
      before: { points: before?.pending ? null : (before?.points ?? null) },
      after: { points: body.points, attemptId, questionId, studentId: attempt.studentId },
    });
    return regraded;
  });
  return resultOf(ctx.db, graded, true, now);
};

/**
 * A hand grade that completes (or changes) the student's returned quiz grade tells the student
 * (`grade`) and their parents (`childGrade`), in the grading transaction.
 */
const noticeQuizGrade = async (
  tx: Db,
  ctx: Ctx,
  quiz: OpenedAttempt['quiz'],
  actorId: string,
  was: { studentId: string; status: string; grade: number | null } | null,
): Promise<void> => {
  const schoolId = quiz.access.course.schoolId;
  if (!was || !schoolId) return;
  const [now] = await submissionsOf(tx, quiz.material.id, [was.studentId]);
  if (now?.status !== 'returned' || now.grade === null) return;
  if (was.status === 'returned' && was.grade === now.grade) return;
  await notifyGrade(tx, ctx, {
    schoolId,
    studentId: now.studentId,
    itemName: quiz.material.name,
    courseName: quiz.access.course.name,
    grade: now.grade,
    link: gradeLink(quiz.classAccess.cls.id, quiz.access.course.id),
    actorId,
  });
};

// ---------------------------------------------------------------------------------------------
// Statistics

type Wrong = { key: string; text: string };

/** A wrong answer as the teacher reads it (several for matching: each wrong pairing). */
const wrongAnswers = (q: Question, a: AnswerValue, locale: Locale): Wrong[] => {
  const one = (text: string): Wrong[] => (text === '' ? [] : [{ key: text, text }]);
  if (a.type !== q.type) return [];
  switch (q.type) {
    case 'multipleChoice': {
      const picked = new Set((a as Extract<AnswerValue, { type: 'multipleChoice' }>).choiceIds);
      return one(
        q.choices
          .filter((c) => picked.has(c.id))
          .map((c) => c.text)
          .join(', '),
      );
    }
    case 'trueFalse':
      return one(quizText(locale, (a as Extract<AnswerValue, { type: 'trueFalse' }>).value ? 'true' : 'false'));
    case 'shortAnswer': {
      const text = normalizeText((a as Extract<AnswerValue, { type: 'shortAnswer' }>).text, true);
      return text === '' ? [] : [{ key: normalizeText(text, q.caseSensitive), text }];
    }
    case 'numeric':
      return one(String((a as Extract<AnswerValue, { type: 'numeric' }>).value));
    case 'matching': {
      const chosen = (a as Extract<AnswerValue, { type: 'matching' }>).pairs;
      const rightOf = new Map(q.pairs.map((p) => [p.id, p.right]));
      return q.pairs.flatMap((p) => {
        const right = Object.hasOwn(chosen, p.leftId) ? rightOf.get(chosen[p.leftId] ?? '') : undefined;
        return right === undefined || normalizeText(right, true) === normalizeText(p.right, true) ? [] : one(`${p.left} → ${right}`);
      });
    }
    case 'essay':
      return [];
  }
};

const COMMON_WRONG = 3;

const commonWrong = (q: Question, rows: readonly AnswerRecord[], locale: Locale) => {
  const counts = new Map<string, { text: string; count: number }>();
  for (const r of rows) {
    if (r.correct !== false || r.answer === null) continue;
    for (const w of wrongAnswers(q, r.answer as AnswerValue, locale)) {
      const seen = counts.get(w.key);
      counts.set(w.key, { text: seen?.text ?? w.text, count: (seen?.count ?? 0) + 1 });
    }
  }
  return [...counts.values()].sort((x, y) => y.count - x.count || x.text.localeCompare(y.text)).slice(0, COMMON_WRONG);
};

/**
 * `GET /materials/:materialId/quiz-stats` (staff), over submitted attempts: per question, how many
 * answered it, the share of graded answers with full points (0..1), their average points and the
 * most common wrong answers (pending essays are left out until graded).
 */
export const quizStats = async (ctx: Ctx, user: UserRow, materialId: string, locale: Locale): Promise<QuizStats> => {
  await staffQuiz(ctx.db, user, materialId, { manage: false });
  const byQuestion = new Map<string, AnswerRecord[]>();
  for (const r of await submittedAnswers(ctx.db, materialId)) {
    const list = byQuestion.get(r.questionId);
    if (list) list.push(r);
    else byQuestion.set(r.questionId, [r]);
  }
  const questions = (await questionsOf(ctx.db, materialId)).map((row, position) => {
    const q = toQuestion(row);
    const rows = byQuestion.get(q.id) ?? [];
    const graded = rows.filter((r) => !r.pending);
    return {
      questionId: q.id,
      position,
      type: q.type,
      prompt: q.prompt,
      points: q.points,
      answered: rows.filter((r) => r.answer !== null).length,
      correctShare: graded.length ? Math.round((graded.filter((r) => r.correct === true).length / graded.length) * 10_000) / 10_000 : null,
      averagePoints: graded.length ? roundPoints(graded.reduce((s, r) => s + (r.points ?? 0), 0) / graded.length) : null,
      commonWrong: commonWrong(q, rows, locale),
    };
  });
  return { materialId, attempts: await countSubmitted(ctx.db, materialId), questions };
};
