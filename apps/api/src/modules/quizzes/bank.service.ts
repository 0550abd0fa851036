import type { Locale } from '@klase/core/constants';
import type { QuestionFormValues } from '@klase/core/quizzes/questions';
import type { BankQuestion, TeacherQuestion } from '@klase/core/quizzes/contracts';
import { DomainError } from '@klase/core/errors';
import type { ParsedTableQuery, TablePage } from '@klase/core/table';
import { auditChange } from '../../kernel/audit.ts';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { CourseAccess } from '../courses/course-access.ts';
import { quizMessage } from './messages.ts';
import { bankCourse, staffQuiz } from './quiz-access.ts';
import { bankPage, bankRows, deleteBank, insertBank, type BankRecord } from './bank.repo.ts';
import { findQuestion } from './quizzes.repo.ts';
import { addQuestions, cleanForm } from './setup.service.ts';

/** The course's question bank: questions saved for reuse and copied into quizzes. */

const toBankQuestion = (row: BankRecord): BankQuestion => {
  const question = row.body as QuestionFormValues;
  return { id: row.id, type: question.type, question, updatedAt: row.updatedAt.toISOString() };
};

const auditBank = (
  tx: Db,
  access: CourseAccess,
  actor: UserRow,
  action: string,
  diff: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
) =>
  auditChange(tx, {
    schoolId: access.course.schoolId,
    actorId: actor.id,
    action,
    targetType: 'course',
    targetId: access.course.id,
    ...diff,
    extra: { classId: access.course.classId },
  });

const bankFacts = (row: BankRecord, source: string) => ({ bankId: row.id, type: row.type, points: row.points, source });

export const listBank = async (ctx: Ctx, user: UserRow, courseId: string, q: ParsedTableQuery): Promise<TablePage<BankQuestion>> => {
  await bankCourse(ctx.db, user, courseId, { manage: false });
  const { rows, total } = await bankPage(ctx.db, courseId, q);
  return { data: rows.map(toBankQuestion), pagination: { page: q.page, totalcount: total } };
};

const store = (ctx: Ctx, access: CourseAccess, user: UserRow, body: QuestionFormValues, source: string): Promise<BankQuestion> =>
  ctx.db.transaction(async (tx) => {
    const row = await insertBank(tx, access.course.id, body, user.id);
    await auditBank(tx, access, user, 'question-bank.added', { before: null, after: bankFacts(row, source) });
    return toBankQuestion(row);
  });

export const saveToBank = async (ctx: Ctx, user: UserRow, courseId: string, form: QuestionFormValues): Promise<BankQuestion> =>
  store(ctx, await bankCourse(ctx.db, user, courseId, { manage: true }), user, cleanForm(form), 'editor');

/** Saves a question of a quiz to its course's bank (a copy: later edits of either stay apart). */
export const quizQuestionToBank = async (ctx: Ctx, user: UserRow, materialId: string, questionId: string): Promise<BankQuestion> => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  const row = await findQuestion(ctx.db, materialId, questionId);
  if (!row) throw new DomainError('NOT_FOUND');
  return store(ctx, quiz.access, user, row.body as QuestionFormValues, 'quiz');
};

/** Copies chosen bank questions (of the quiz's course) to the end of the quiz, in the order asked. */
export const copyFromBank = async (ctx: Ctx, user: UserRow, materialId: string, bankIds: readonly string[]): Promise<TeacherQuestion[]> => {
  const quiz = await staffQuiz(ctx.db, user, materialId, { manage: true });
  const ids = [...new Set(bankIds)];
  const rows = new Map((await bankRows(ctx.db, quiz.access.course.id, ids)).map((r) => [r.id, r]));
  const forms = ids.map((id) => rows.get(id)?.body as QuestionFormValues | undefined);
  if (forms.some((f) => f === undefined)) throw new DomainError('VALIDATION', { fields: [{ path: 'bankIds', key: 'invalidChoice' }] });
  return addQuestions(ctx, quiz, user, forms as QuestionFormValues[], 'bank');
};

export const removeFromBank = async (ctx: Ctx, user: UserRow, courseId: string, bankId: string, locale: Locale) => {
  const access = await bankCourse(ctx.db, user, courseId, { manage: true });
  await ctx.db.transaction(async (tx) => {
    const row = await deleteBank(tx, courseId, bankId);
    if (!row) throw new DomainError('NOT_FOUND');
    await auditBank(tx, access, user, 'question-bank.deleted', { before: bankFacts(row, 'bank'), after: null });
  });
  return quizMessage(locale, 'bankDeleted');
};
