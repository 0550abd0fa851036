import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { courseMaterials } from '../../db/schema/courses.ts';
import type { FileStorage } from '../../platform/storage.ts';

/**
 * Material files are shared by reference: a copied course's file material points at the same
 * storage key as the original. So a stored file leaves storage only when no material references
 * its key any more. Every deletion of materials (a material, an element, a course) calls this
 * after its transaction committed, with the keys of the materials it removed.
 *
 * A copy running at the same time holds FOR SHARE locks on the source course's materials, so a
 * deletion commits either before the copy read them (the copy does not take the file) or after
 * the copy committed (the copy's reference is seen here).
 */
export const removeUnreferencedFiles = async (db: Db, storage: FileStorage, keys: readonly (string | null | undefined)[]): Promise<string[]> => {
  const wanted = [...new Set(keys.filter((k): k is string => Boolean(k)))];
  if (wanted.length === 0) return [];
  const used = await db.selectDistinct({ key: courseMaterials.fileKey }).from(courseMaterials).where(inArray(courseMaterials.fileKey, wanted));
  const kept = new Set(used.map((r) => r.key));
  const gone = wanted.filter((k) => !kept.has(k));
  // A file left behind by a failed removal is harmless (no row points to it any more).
  await Promise.allSettled(gone.map((key) => storage.delete(key)));
  return gone;
};
