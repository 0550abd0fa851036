import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { assignmentSettings, materialAttachments, questionBank, quizQuestions, quizSettings } from '../../../db/schema/assessments.ts';
import { courseMaterials } from '../../../db/schema/courses.ts';

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
  // Every material of the source course; only the copied ones are kept (`remap`).
  const sourceMaterials = tx.select({ id: courseMaterials.id }).from(courseMaterials).where(eq(courseMaterials.courseId, c.sourceCourseId));

  const settings = remap(await tx.select().from(assignmentSettings).where(inArray(assignmentSettings.materialId, sourceMaterials)), materialIds);
  await insert(
    settings.map((s) => ({ ...s, ...stamp, openAt: shift(s.openAt), lateUntil: shift(s.lateUntil) })),
    (chunk) => tx.insert(assignmentSettings).values(chunk),
  );
  // FOR SHARE: an attachment cannot be removed (and its file deleted) until this copy commits.
  const attachments = remap(await tx.select().from(materialAttachments).where(inArray(materialAttachments.materialId, sourceMaterials)).for('share'), materialIds);
  await insert(
    attachments.map((a) => ({ ...a, id: randomUUID(), createdAt: stamp.createdAt, createdBy: stamp.createdBy })),
    (chunk) => tx.insert(materialAttachments).values(chunk),
  );
  const quizzes = remap(await tx.select().from(quizSettings).where(inArray(quizSettings.materialId, sourceMaterials)), materialIds);
  await insert(
    quizzes.map((q) => ({ ...q, ...stamp, openAt: shift(q.openAt), closeAt: shift(q.closeAt) })),
    (chunk) => tx.insert(quizSettings).values(chunk),
  );
  const questions = remap(await tx.select().from(quizQuestions).where(inArray(quizQuestions.materialId, sourceMaterials)), materialIds);
  await insert(
    questions.map((q) => ({ ...q, ...stamp, id: randomUUID() })),
    (chunk) => tx.insert(quizQuestions).values(chunk),
  );
  const bank = await tx.select().from(questionBank).where(eq(questionBank.courseId, c.sourceCourseId));
  await insert(
    bank.map((b) => ({ ...b, ...stamp, id: randomUUID(), courseId: c.targetCourseId })),
    (chunk) => tx.insert(questionBank).values(chunk),
  );
  return { questions: questions.length, bank: bank.length };
};
