import { z } from 'zod';
import { V, safeString } from '../validation/rules.ts';
import { GRADING_METHODS } from './grading.ts';
import { QUESTION_TYPES, answerValue, publicQuestionShape, questionForm, type QuestionFormValues } from './questions.ts';
import { SHOW_ANSWERS } from './quiz-settings.ts';

/**
 * Quizzes (issue 6, decision 0014): the API shapes around the question contracts
 * (questions.ts), the grading engine (grading.ts) and the settings (quiz-settings.ts).
 *
 * Teachers of the class (role 3) set the quiz up (`quiz-settings/{materialId}`); assistants read.
 * Enrolled students take it when the material is published, assigned to them and unlocked on
 * their journey. Attempts live on the server: every answer is saved as the student goes, the
 * server fixes the order and the deadline, and an attempt past its deadline is submitted with
 * what was saved (on the next call that touches it, and by a background sweep). A student never
 * receives a key before the settings allow it.
 */

// ---------------------------------------------------------------------------------------------
// Teacher: settings and questions

/** `GET|PUT /api/materials/:materialId/quiz-settings` (PUT body: quizSettingsForm) → quizSettingsAnswer. */
export const quizSettingsAnswer = z.object({
  materialId: z.string(),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  timeLimitMinutes: z.number().nullable(),
  attemptsAllowed: z.number().nullable(),
  gradingMethod: z.enum(GRADING_METHODS),
  shuffleQuestions: z.boolean(),
  shuffleChoices: z.boolean(),
  showCorrectness: z.enum(SHOW_ANSWERS),
  showPoints: z.enum(SHOW_ANSWERS),
  showAnswers: z.enum(SHOW_ANSWERS),
  showFeedback: z.enum(SHOW_ANSWERS),
  passingPercent: z.number(),
  /** The settings form's edit version (0 until first saved). */
  version: z.number(),
  /** The sum of the questions' points. */
  totalPoints: z.number(),
  /** What the quiz is worth (the material's maximum points): grades are raw / total × maxPoints (issue 13). */
  maxPoints: z.number(),
  questionCount: z.number(),
  attemptCount: z.number(),
});
export type QuizSettingsAnswer = z.infer<typeof quizSettingsAnswer>;

/**
 * A question as the teacher's editor reads it (`GET /api/materials/:materialId/questions`): the
 * saved form (key included) plus id and position. `POST` (questionForm) adds one at the end,
 * `PUT /questions/:questionId` changes one (a changed key regrades every attempt of the quiz in
 * the same transaction), `DELETE` removes one (allowed while no attempt exists: QUIZ_HAS_ATTEMPTS),
 * `PUT /questions/order` ({ questionIds }) reorders. The quiz keeps its maximum points; grades are scaled to them.
 */
export const teacherQuestion = z.object({ id: z.string(), position: z.number(), question: questionForm });
export type TeacherQuestion = z.infer<typeof teacherQuestion>;
export const questionOrderRequest = z.object({ questionIds: z.array(z.uuid()).min(1, { error: V.required }).max(200) });
export const questionParams = z.object({ materialId: z.uuid(), questionId: z.uuid() });
/** `{ regraded }`: how many attempts a key change regraded. */
export const questionSaveAnswer = teacherQuestion.extend({ regraded: z.number() });

/**
 * The course's question bank: `GET /api/courses/:courseId/question-bank` (filter key `type`,
 * search in the prompt), `POST` (questionForm) saves one, `POST /api/materials/:materialId/questions/from-bank`
 * ({ bankIds }) copies chosen ones into the quiz, `POST .../questions/:questionId/to-bank` saves a
 * quiz question to the bank, `DELETE /api/courses/:courseId/question-bank/:bankId`.
 */
export const bankQuestion = z.object({ id: z.string(), type: z.enum(QUESTION_TYPES), question: questionForm, updatedAt: z.string() });
export type BankQuestion = z.infer<typeof bankQuestion>;
export const fromBankRequest = z.object({ bankIds: z.array(z.uuid()).min(1, { error: V.required }).max(100) });

// ---------------------------------------------------------------------------------------------
// Student: the quiz page and attempts

export const ATTEMPT_STATUSES = ['inProgress', 'submitted'] as const;

/** An attempt in lists (the student's own; the teacher's per student). */
export const attemptSummary = z.object({
  id: z.string(),
  number: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  autoSubmitted: z.boolean(),
  /** Null while in progress; with `pending` the essays are not graded yet (the score counts the rest). */
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  pending: z.boolean(),
});
export type AttemptSummary = z.infer<typeof attemptSummary>;

/**
 * `GET /api/materials/:materialId/quiz` (students; parents with `?childId=` read-only): the quiz
 * page: settings a student needs, the window (notOpen/open/closed), attempts used and left, the
 * attempt in progress (resume it), past attempts with scores, the combined grade and whether it
 * passes.
 */
export const quizOverview = z.object({
  materialId: z.string(),
  name: z.string(),
  instructions: z.string().nullable(),
  openAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  timeLimitMinutes: z.number().nullable(),
  attemptsAllowed: z.number().nullable(),
  attemptsLeft: z.number().nullable(),
  gradingMethod: z.enum(GRADING_METHODS),
  passingPercent: z.number(),
  questionCount: z.number(),
  totalPoints: z.number(),
  /** What the quiz is worth: `grade` is out of it. */
  maxPoints: z.number(),
  window: z.enum(['notOpen', 'open', 'closed']),
  inProgressAttemptId: z.string().nullable(),
  attempts: z.array(attemptSummary),
  grade: z.number().nullable(),
  passed: z.boolean().nullable(),
  can: z.object({ start: z.boolean() }),
});
export type QuizOverview = z.infer<typeof quizOverview>;

/**
 * `POST /api/materials/:materialId/attempts` (students) starts an attempt, or answers the one in
 * progress (one at a time: two starts at once make one attempt). QUIZ_CLOSED outside the window,
 * NO_ATTEMPTS_LEFT past the allowed number. → attemptView (201 new, 200 resumed).
 * `GET /api/attempts/:attemptId` → attemptView (the owner; staff read any of their class's).
 */
export const attemptView = z.object({
  id: z.string(),
  materialId: z.string(),
  number: z.number(),
  status: z.enum(ATTEMPT_STATUSES),
  startedAt: z.string(),
  deadlineAt: z.string().nullable(),
  /** The server's clock when answering: the page's timer counts from it, not from the device's clock. */
  serverNow: z.string(),
  questions: z.array(publicQuestionShape),
  /** Saved answers by question id. */
  answers: z.record(z.string(), answerValue),
});
export type AttemptView = z.infer<typeof attemptView>;

/**
 * `PUT /api/attempts/:attemptId/answers/:questionId` (the owner): saves one answer (its `type`
 * must be the question's). A finished attempt, or one past its deadline (which is then submitted
 * with what was saved), answers ATTEMPT_FINISHED. → `{ savedAt }`.
 * `POST /api/attempts/:attemptId/submit` → attemptResult.
 */
export const attemptAnswerParams = z.object({ attemptId: z.uuid(), questionId: z.uuid() });
export const attemptParams = z.object({ attemptId: z.uuid() });
export const saveAnswerAnswer = z.object({ savedAt: z.string() });

/**
 * `GET /api/attempts/:attemptId/result` (the owner once submitted; parents of the child; staff):
 * the score and, per question, the student's answer; its correctness, points, the key (`question`
 * with its answer) and the teacher's feedback each only when the quiz's review options allow it
 * now (`review`; always for staff). A part not shown is null. `showAnswers` is `review.answers`.
 */
export const attemptResult = z.object({
  attempt: attemptSummary,
  /** The attempt's score scaled to the quiz's maximum points (null while essays wait). */
  grade: z.number().nullable(),
  maxPoints: z.number(),
  review: z.object({ correctness: z.boolean(), points: z.boolean(), answers: z.boolean(), feedback: z.boolean() }),
  showAnswers: z.boolean(),
  passed: z.boolean().nullable(),
  questions: z.array(
    z.object({
      question: publicQuestionShape,
      /** The key, when allowed. */
      key: questionForm.nullable(),
      answer: answerValue.nullable(),
      points: z.number().nullable(),
      max: z.number(),
      correct: z.boolean().nullable(),
      pending: z.boolean(),
      feedback: z.string().nullable(),
    }),
  ),
});
export type AttemptResult = z.infer<typeof attemptResult>;

// ---------------------------------------------------------------------------------------------
// Teacher: results, essays, statistics

/**
 * `GET /api/materials/:materialId/quiz-results` (staff): every assigned student with their
 * attempts, combined grade and state, plus counts; `PUT /api/attempts/:attemptId/answers/:questionId/grade`
 * (teachers; { points, feedback }) grades an essay (or overrides any answer's points): the attempt
 * and the student's combined grade are recomputed.
 */
export const quizResultRow = z.object({
  studentId: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  attempts: z.array(attemptSummary),
  grade: z.number().nullable(),
  pending: z.boolean(),
});
export const quizResults = z.object({
  materialId: z.string(),
  totalPoints: z.number(),
  /** What the quiz is worth: the rows' `grade` is out of it. */
  maxPoints: z.number(),
  counts: z.object({ total: z.number(), attempted: z.number(), pending: z.number(), passed: z.number() }),
  rows: z.array(quizResultRow),
});
export type QuizResults = z.infer<typeof quizResults>;
export const manualGradeRequest = z.object({
  points: z.number({ error: V.required }).min(0, { error: V.invalidChoice }).multipleOf(0.01, { error: V.twoDecimals }),
  feedback: safeString().max(5000, { error: V.maxLength }).default(''),
});

/**
 * `GET /api/materials/:materialId/quiz-stats` (staff): per question, over submitted attempts: how
 * many answered, the share fully correct, the average points and the most common wrong answers
 * (up to 3, as display text).
 */
export const questionStats = z.object({
  questionId: z.string(),
  position: z.number(),
  type: z.enum(QUESTION_TYPES),
  prompt: z.string(),
  points: z.number(),
  answered: z.number(),
  correctShare: z.number().nullable(),
  averagePoints: z.number().nullable(),
  commonWrong: z.array(z.object({ text: z.string(), count: z.number() })),
});
export const quizStats = z.object({ materialId: z.string(), attempts: z.number(), questions: z.array(questionStats) });
export type QuizStats = z.infer<typeof quizStats>;

// ---------------------------------------------------------------------------------------------
// What the API encodes

/**
 * A saved question as answers carry it: the output of `questionForm` without its transform and
 * checks. Fastify encodes every answer with its route's schema, and a transform (questionForm's
 * de-duplicated `correct`) cannot be encoded, so the routes answer with the `...Out` schemas below:
 * the same shapes as `teacherQuestion`, `questionSaveAnswer`, `bankQuestion` and `attemptResult`.
 */
const item = z.object({ id: z.string(), text: z.string() });
const savedBase = { prompt: z.string(), points: z.number() };
export const savedQuestion = z.discriminatedUnion('type', [
  z.object({ type: z.literal('multipleChoice'), ...savedBase, choices: z.array(item), multiple: z.boolean(), correct: z.array(z.string()) }),
  z.object({ type: z.literal('trueFalse'), ...savedBase, correct: z.boolean() }),
  z.object({ type: z.literal('shortAnswer'), ...savedBase, accepted: z.array(z.string()), caseSensitive: z.boolean() }),
  z.object({ type: z.literal('numeric'), ...savedBase, answer: z.number(), tolerance: z.number() }),
  z.object({
    type: z.literal('matching'),
    ...savedBase,
    pairs: z.array(z.object({ id: z.string(), leftId: z.string(), left: z.string(), right: z.string() })),
  }),
  z.object({ type: z.literal('essay'), ...savedBase, guidance: z.string() }),
]) satisfies z.ZodType<QuestionFormValues>;
export const teacherQuestionOut = teacherQuestion.extend({ question: savedQuestion });
export const questionSaveOut = questionSaveAnswer.extend({ question: savedQuestion });
export const bankQuestionOut = bankQuestion.extend({ question: savedQuestion });
export const attemptResultOut = attemptResult.extend({
  questions: z.array(attemptResult.shape.questions.element.extend({ key: savedQuestion.nullable() })),
});

/** `DELETE /api/courses/:courseId/question-bank/:bankId`. */
export const bankParams = z.object({ courseId: z.uuid(), bankId: z.uuid() });
