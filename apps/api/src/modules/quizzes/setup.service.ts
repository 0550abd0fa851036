import { isDeepStrictEqual } from 'node:util';
import type { Locale } from '@klase/core/constants';
import { htmlHasContent, type QuestionFormValues } from '@klase/core/quizzes/questions';
import { REVIEW_OPTIONS, type QuizSettings } from '@klase/core/quizzes/quiz-settings';
import type { QuizSettingsAnswer, TeacherQuestion } from '@klase/core/quizzes/contracts';
import { DomainError } from '@klase/core/errors';
import type { EditVersion } from '@klase/core/edit-version';
import { auditChange, changes } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { sanitizeRichText } from '../../platform/sanitize.ts';
import { quizWorth } from './attempts.service.ts';
import { regradeQuestion, restoreQuizGrades } from './grade-store.ts';
import { quizMessage } from './messages.ts';
import { staffQuiz, type OpenedQuiz } from './quiz-access.ts';
import {
  countQuizAttempts,
  deleteQuestion,
  findQuestion,
  insertQuestions,
  loadSettings,
  lockQuiz,
  placeQuestion,
  questionsOf,
  quizMaxPoints,
  quizTotals,
  saveSettings,
  settingsVersion,
  updateQuestion,
} from './quizzes.repo.ts';
import { toTeacherQuestion } from './views.ts';

/** The teacher's side of a quiz: its settings and its questions (the bank: bank.service.ts). */

const invalid = (path: string, key = 'invalidChoice'): DomainError => new DomainError('VALIDATION', { fields: [{ path, key }] });

/** A question form with its rich text sanitized like every rich text (a prompt left without content is refused). */
export const cleanForm = (form: QuestionFormValues): QuestionFormValues => {
  const prompt = sanitizeRichText(form.prompt);
  if (!htmlHasContent(prompt)) throw invalid('prompt', 'required');
  return form.type === 'essay' ? { ...form, prompt, guidance: sanitizeRichText(form.guidance) } : { ...form, prompt };
};

/** Quiz changes are audited on the material. */
export const auditQuiz = (
  tx: Db,
  quiz: Pick<OpenedQuiz, 'access' | 'material'>,
  actor: UserRow,
  action: string,
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
) =>
  auditChange(tx, {
    schoolId: quiz.access.course.schoolId,
    actorId: actor.id,
    action,
    targetType: 'material',
    targetId: quiz.material.id,
    ...diff,
    extra: { courseId: quiz.access.course.id, classId: quiz.access.course.classId },
  });

// ---------------------------------------------------------------------------------------------
// Settings

const SETTING_KEYS = [
  'openAt',
  'closeAt',
  'timeLimitMinutes',
  'attemptsAllowed',
  'gradingMethod',
  'shuffleQuestions',
  'shuffleChoices',
  ...REVIEW_OPTIONS,
  'passingPercent',
] as const;

const settingsAnswer = async (db: Db, materialId: string, s: QuizSettings): Promise<QuizSettingsAnswer> => {
  const totals = await quizTotals(db, materialId);
  const maxPoints = quizWorth(await quizMaxPoints(db, materialId), totals.total);
  return {
    materialId,
    ...s,
    version: await settingsVersion(db, materialId),
    totalPoints: totals.total,
    maxPoints,
    questionCount: totals.count,
    attemptCount: await countQuizAttempts(db, materialId),
  };
};

export const readQuizSettings = async (ctx: Ctx, user: UserRow, materialId: string): Promise<QuizSettingsAnswer> => {
  await staffQuiz(ctx.db, user, materialId, { manage: false });
  return settingsAnswer(ctx.db, materialId, await loadSettings(ctx.db, materialId));
};

/**
 * Saves the settings. Attempts already started keep their deadline; a new grading method
 * recombines every student's grade in the same transaction.
 */
export const writeQuizSettings = async (
  ctx: Ctx,
  user: UserRow,
  materialId: string,
  form: QuizSettings & EditVersion,
  now = new Date(),
): Promise<QuizSettingsAnswer> => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  const isoOf = (t: string | null) => (t === null ? null : new Date(t).toISOString());
  const { version, overwrite, ...values } = form;
  const next = { ...values, openAt: isoOf(form.openAt), closeAt: isoOf(form.closeAt) };
  await ctx.db.transaction(async (tx) => {
    await lockQuiz(tx, materialId, 'change');
    const before = await loadSettings(tx, materialId);
    await saveSettings(tx, materialId, next, user.id, { version, overwrite });
    if (before.gradingMethod !== next.gradingMethod) await restoreQuizGrades(tx, materialId, now, next);
    await auditQuiz(tx, quiz, user, 'quiz.settings-updated', changes(before, next, SETTING_KEYS));
  });
  return settingsAnswer(ctx.db, materialId, await loadSettings(ctx.db, materialId));
};

// ---------------------------------------------------------------------------------------------
// Questions

export const listQuestions = async (ctx: Ctx, user: UserRow, materialId: string): Promise<TeacherQuestion[]> => {
  await staffQuiz(ctx.db, user, materialId, { manage: false });
  return (await questionsOf(ctx.db, materialId)).map(toTeacherQuestion);
};

const questionFacts = (body: QuestionFormValues, questionId: string) => ({ questionId, type: body.type, points: body.points });

/** Adds questions at the end of the quiz (the quiz keeps its maximum points; grades are scaled to them). */
export const addQuestions = async (
  ctx: Ctx,
  quiz: OpenedQuiz,
  user: UserRow,
  forms: readonly QuestionFormValues[],
  source: 'editor' | 'bank',
): Promise<TeacherQuestion[]> => {
  const materialId = quiz.material.id;
  const rows = await ctx.db.transaction(async (tx) => {
    await lockQuiz(tx, materialId, 'change');
    const made = await insertQuestions(tx, materialId, forms, user.id);
    for (const row of made)
      await auditQuiz(tx, quiz, user, 'quiz.question-added', { before: null, after: { ...questionFacts(row.body as QuestionFormValues, row.id), source } });
    return made;
  });
  return rows.map(toTeacherQuestion);
};

export const createQuestion = async (ctx: Ctx, user: UserRow, materialId: string, form: QuestionFormValues): Promise<TeacherQuestion> => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  const [made] = await addQuestions(ctx, quiz, user, [cleanForm(form)], 'editor');
  if (!made) throw new Error('question insert');
  return made;
};

/** What grading reads of a question: everything but the prompt and the grader's guidance. */
const gradedPart = (body: QuestionFormValues): Record<string, unknown> => {
  const { prompt: _prompt, ...rest } = body;
  if (rest.type !== 'essay') return rest;
  const { guidance: _guidance, ...graded } = rest;
  return graded;
};

/**
 * Changes a question. A change of what grading reads (the key, the points, the type) regrades,
 * in the same transaction, every submitted attempt with the question and their students'
 * combined grades.
 */
export const editQuestion = async (
  ctx: Ctx,
  user: UserRow,
  materialId: string,
  questionId: string,
  form: QuestionFormValues,
  now = new Date(),
): Promise<TeacherQuestion & { regraded: number }> => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  const body = cleanForm(form);
  return ctx.db.transaction(async (tx) => {
    await lockQuiz(tx, materialId, 'change');
    const before = await findQuestion(tx, materialId, questionId);
    if (!before) throw new DomainError('NOT_FOUND');
    const old = before.body as QuestionFormValues;
    const row = await updateQuestion(tx, questionId, body, user.id);
    const regraded = isDeepStrictEqual(gradedPart(old), gradedPart(body)) ? 0 : await regradeQuestion(tx, materialId, questionId, now);
    await auditQuiz(tx, quiz, user, 'quiz.question-updated', {
      before: questionFacts(old, questionId),
      after: { ...questionFacts(body, questionId), regraded },
    });
    return { ...toTeacherQuestion(row), regraded };
  });
};

/** Removes a question while the quiz has no attempt (QUIZ_HAS_ATTEMPTS otherwise). */
export const removeQuestion = async (ctx: Ctx, user: UserRow, materialId: string, questionId: string, locale: Locale) => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  await ctx.db.transaction(async (tx) => {
    await lockQuiz(tx, materialId, 'change');
    const row = await findQuestion(tx, materialId, questionId);
    if (!row) throw new DomainError('NOT_FOUND');
    if ((await countQuizAttempts(tx, materialId)) > 0) throw new DomainError('QUIZ_HAS_ATTEMPTS');
    await deleteQuestion(tx, questionId);
    await auditQuiz(tx, quiz, user, 'quiz.question-deleted', { before: questionFacts(row.body as QuestionFormValues, questionId), after: null });
  });
  return quizMessage(locale, 'questionDeleted');
};

/** Puts the quiz's questions in the given order (every question exactly once). Attempts keep the order they started with. */
export const orderQuestions = async (ctx: Ctx, user: UserRow, materialId: string, questionIds: readonly string[], locale: Locale) => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  await ctx.db.transaction(async (tx) => {
    await lockQuiz(tx, materialId, 'change');
    const rows = await questionsOf(tx, materialId);
    const known = new Set(rows.map((r) => r.id));
    const asked = new Set(questionIds);
    if (asked.size !== questionIds.length || asked.size !== known.size || questionIds.some((id) => !known.has(id))) throw invalid('questionIds');
    for (const [position, id] of questionIds.entries()) await placeQuestion(tx, id, position);
    await auditQuiz(tx, quiz, user, 'quiz.questions-reordered', { before: { order: rows.map((r) => r.id) }, after: { order: [...questionIds] } });
  });
  return quizMessage(locale, 'questionsReordered');
};
