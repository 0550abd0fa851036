import { randomUUID } from 'node:crypto';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { materialAttachments, submissionFiles, submissions } from '../db/schema/assessments.ts';
import { courseMaterials } from '../db/schema/courses.ts';
import type { FileStorage } from '../platform/storage.ts';

/** Where a material's assignment files live (under the course, so the course's folder holds them). */
export const fileKey = (courseId: string, materialId: string, kind: 'attachments' | 'work' | 'feedback'): string =>
  `courses/${courseId}/assignments/${materialId}/${kind}/${randomUUID()}`;

/**
 * Stored files are shared by reference: a copied course's file material and assignment
 * attachments point at the same storage keys as the original's. So a stored file leaves storage
 * only when no row references its key any more: a material's file, an assignment attachment, or
 * a student's work or feedback file (never copied, but checked all the same). Every deletion of
 * materials (a material, an element, a course, an attachment) calls this after its transaction
 * committed, with the keys of the rows it removed (`materialFileKeys` gathers them).
 *
 * A copy running at the same time holds FOR SHARE locks on the source course's materials and
 * attachments, so a deletion commits either before the copy read them (the copy does not take the
 * file) or after the copy committed (the copy's reference is seen here).
 */
export const removeUnreferencedFiles = async (db: Db, storage: FileStorage, keys: readonly (string | null | undefined)[]): Promise<string[]> => {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (wanted.length === 0) return [];
  const used = await db
    .selectDistinct({ key: courseMaterials.fileKey })
    .from(courseMaterials)
    .where(inArray(courseMaterials.fileKey, wanted))
    .union(db.selectDistinct({ key: materialAttachments.storageKey }).from(materialAttachments).where(inArray(materialAttachments.storageKey, wanted)))
    .union(db.selectDistinct({ key: submissionFiles.storageKey }).from(submissionFiles).where(inArray(submissionFiles.storageKey, wanted)));
  const kept = new Set(used.map((r) => r.key));
  const gone = wanted.filter((k) => !kept.has(k));
  // A file left behind by a failed removal is harmless (no row points to it any more).
  await Promise.allSettled(gone.map((key) => storage.delete(key)));
  return gone;
};

/** Which materials a deletion removes. */
export type MaterialScope = { courseId: string } | { elementId: string } | { materialId: string };

const whereOf = (scope: MaterialScope): SQL =>
  'courseId' in scope
    ? eq(courseMaterials.courseId, scope.courseId)
    : 'elementId' in scope
      ? eq(courseMaterials.elementId, scope.elementId)
      : eq(courseMaterials.id, scope.materialId);

/**
 * Every stored key the materials of `scope` hold: their files, the assignment attachments and the
 * students' work and feedback files. Called in the deleting transaction before the rows go (they
 * go by cascade). The materials and their students' work rows are locked first (FOR UPDATE), so no
 * file row can be added to them until the deletion commits: the keys answered are all there are.
 */
export const materialFileKeys = async (tx: Db, scope: MaterialScope): Promise<string[]> => {
  const materials = await tx.select({ id: courseMaterials.id, key: courseMaterials.fileKey }).from(courseMaterials).where(whereOf(scope)).for('update');
  if (materials.length === 0) return [];
  const ids = tx.select({ id: courseMaterials.id }).from(courseMaterials).where(whereOf(scope));
  await tx.select({ id: submissions.id }).from(submissions).where(inArray(submissions.materialId, ids)).for('update');
  const attachments = await tx.select({ key: materialAttachments.storageKey }).from(materialAttachments).where(inArray(materialAttachments.materialId, ids));
  const work = await tx
    .select({ key: submissionFiles.storageKey })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(inArray(submissions.materialId, ids));
  return [...materials.flatMap((m) => (m.key ? [m.key] : [])), ...attachments.map((a) => a.key), ...work.map((f) => f.key)];
};
