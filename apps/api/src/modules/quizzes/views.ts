import type { AttemptResult, AttemptSummary, AttemptView, TeacherQuestion } from '@klase/core/quizzes/contracts';
import { passed, roundPoints, scaleToPoints } from '@klase/core/quizzes/grading';
import { publicQuestion, type AnswerValue, type Question, type QuestionFormValues } from '@klase/core/quizzes/questions';
import type { QuizSettings, Review } from '@klase/core/quizzes/quiz-settings';
import type { Db } from '../../platform/context.ts';
import { attemptQuestions, type QuestionMap } from './grade-store.ts';
import { answersOf, type AttemptRecord, type QuestionRecord } from './quizzes.repo.ts';

/** How quiz rows are answered: attempt summaries, the attempt page (never a key) and results. */

const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

export const toSummary = (a: AttemptRecord): AttemptSummary => {
  const done = a.status === 'submitted';
  return {
    id: a.id,
    number: a.number,
    status: a.status,
    startedAt: a.startedAt.toISOString(),
    deadlineAt: iso(a.deadlineAt),
    submittedAt: iso(a.submittedAt),
    autoSubmitted: a.autoSubmitted,
    score: done ? (a.score ?? 0) : null,
    maxScore: done ? (a.maxScore ?? 0) : null,
    pending: a.pending,
  };
};

/** The saved form of a question (what the teacher's editor and an allowed key show). */
export const formOf = (q: Question): QuestionFormValues => {
  const { id: _id, ...form } = q;
  return form as QuestionFormValues;
};

export const toTeacherQuestion = (row: QuestionRecord): TeacherQuestion => ({ id: row.id, position: row.position, question: row.body as QuestionFormValues });

/** The seed of a question's choice order in an attempt (none when the quiz did not shuffle choices at its start). */
const choiceSeed = (a: AttemptRecord, questionId: string): string | undefined => (a.seed ? `${a.seed}:${questionId}` : undefined);

/** The questions of an attempt as its student sees them: fixed order, seeded choices, no key. */
const publicQuestionsOf = (a: AttemptRecord, questions: QuestionMap) =>
  attemptQuestions(a, questions).map((q) => ({ q, shown: publicQuestion(q, choiceSeed(a, q.id)) }));

export const attemptView = async (db: Db, a: AttemptRecord, questions: QuestionMap, now: Date): Promise<AttemptView> => {
  const answers: Record<string, AnswerValue> = {};
  for (const r of await answersOf(db, [a.id])) if (r.answer !== null) answers[r.questionId] = r.answer as AnswerValue;
  return {
    id: a.id,
    materialId: a.materialId,
    number: a.number,
    status: a.status,
    startedAt: a.startedAt.toISOString(),
    deadlineAt: iso(a.deadlineAt),
    serverNow: now.toISOString(),
    questions: publicQuestionsOf(a, questions).map((x) => x.shown),
    answers,
  };
};

/** Whether a graded attempt reaches the passing mark (null while essays wait). */
export const attemptPassed = (a: AttemptRecord, settings: QuizSettings): boolean | null =>
  a.status === 'submitted' && !a.pending ? passed(a.score ?? 0, a.maxScore ?? 0, settings.passingPercent) : null;

/** A submitted attempt's result; correctness, points, keys and feedback only as far as `review` allows. */
export const attemptResult = async (
  db: Db,
  a: AttemptRecord,
  questions: QuestionMap,
  settings: QuizSettings,
  review: Review,
  maxPoints: number,
): Promise<AttemptResult> => {
  const rows = new Map((await answersOf(db, [a.id])).map((r) => [r.questionId, r]));
  return {
    attempt: toSummary(a),
    grade: a.status === 'submitted' && !a.pending ? scaleToPoints(a.score ?? 0, a.maxScore ?? 0, maxPoints) : null,
    maxPoints,
    review,
    showAnswers: review.answers,
    passed: attemptPassed(a, settings),
    questions: publicQuestionsOf(a, questions).map(({ q, shown }) => {
      const r = rows.get(q.id);
      const pending = r?.pending ?? false;
      return {
        question: shown,
        key: review.answers ? formOf(q) : null,
        answer: (r?.answer ?? null) as AnswerValue | null,
        points: pending || !review.points ? null : (r?.points ?? 0),
        max: roundPoints(q.points),
        correct: review.correctness ? (r?.correct ?? null) : null,
        pending,
        feedback: review.feedback ? (r?.feedback ?? null) : null,
      };
    }),
  };
};
