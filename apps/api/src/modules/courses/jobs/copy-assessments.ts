import { randomUUID } from 'node:crypto';
import type { Db } from '../../../platform/context.ts';
import {
  assignmentSettingsOfCourse,
  attachmentsOfCourse,
  insertAssignmentSettings,
  insertAttachments,
  insertBankQuestions,
  insertQuizQuestions,
  insertQuizSettings,
  questionBankOf,
  quizQuestionsOfCourse,
  quizSettingsOfCourse,
} from './course-work.repo.ts';

/**
 * The assessment setup of a course copy (issue 6), in the copy's transaction: assignment settings,
 * the teacher's attachments (files by reference: the same storage key, see file-refs.ts), quiz
 * settings, quiz questions (new ids) and the course's question bank. Students' work is never
 * copied: no submissions, their files, attempts or answers.
 */

export interface CopyStamp {
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

export interface AssessmentCopy {
  sourceCourseId: string;
  targetCourseId: string;
  /** Source material id → the copy's id, for the materials copied. */
  materialIds: ReadonlyMap<string, string>;
  stamp: CopyStamp;
  /** Writes rows in bounded statements. */
  insert: <T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) => Promise<void>;
  /** Moves a date by the copy's shift (issue 13). */
  shift: (d: Date | null) => Date | null;
}

/** Rows of the copied materials, with the copy's material id. */
const remap = <T extends { materialId: string }>(rows: readonly T[], ids: ReadonlyMap<string, string>): (T & { materialId: string })[] =>
  rows.flatMap((r) => {
    const materialId = ids.get(r.materialId);
    return materialId ? [{ ...r, materialId }] : [];
  });

export const copyAssessmentSetup = async (tx: Db, c: AssessmentCopy): Promise<{ questions: number; bank: number }> => {
  const { stamp, materialIds, insert, shift } = c;
  // Rows of every material of the source course; only the copied ones are kept (`remap`).
  const settings = remap(await assignmentSettingsOfCourse(tx, c.sourceCourseId), materialIds);
  await insert(
    settings.map((s) => ({ ...s, ...stamp, openAt: shift(s.openAt), lateUntil: shift(s.lateUntil) })),
    (chunk) => insertAssignmentSettings(tx, chunk),
  );
  const attachments = remap(await attachmentsOfCourse(tx, c.sourceCourseId), materialIds);
  await insert(
    attachments.map((a) => ({ ...a, id: randomUUID(), createdAt: stamp.createdAt, createdBy: stamp.createdBy })),
    (chunk) => insertAttachments(tx, chunk),
  );
  const quizzes = remap(await quizSettingsOfCourse(tx, c.sourceCourseId), materialIds);
  await insert(
    quizzes.map((q) => ({ ...q, ...stamp, openAt: shift(q.openAt), closeAt: shift(q.closeAt) })),
    (chunk) => insertQuizSettings(tx, chunk),
  );
  const questions = remap(await quizQuestionsOfCourse(tx, c.sourceCourseId), materialIds);
  await insert(
    questions.map((q) => ({ ...q, ...stamp, id: randomUUID() })),
    (chunk) => insertQuizQuestions(tx, chunk),
  );
  const bank = await questionBankOf(tx, c.sourceCourseId);
  await insert(
    bank.map((b) => ({ ...b, ...stamp, id: randomUUID(), courseId: c.targetCourseId })),
    (chunk) => insertBankQuestions(tx, chunk),
  );
  return { questions: questions.length, bank: bank.length };
};
