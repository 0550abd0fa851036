import { DomainError } from '@klase/core/errors';
import { auditChange } from '../../kernel/audit.ts';
import { deletePicture, loadPicture, type PictureWish } from '../../platform/image-variants.ts';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadCourseAccess, loadManagedCourse } from './course-access.ts';
import { lockCourse, updateCourse } from './courses.repo.ts';

/**
 * The course image: jpeg or png under 2 MB, checked by content exactly like the profile photo
 * (`readPhoto` of the account module reads the upload). Stored as `courses/<id>/image-<version>`;
 * every change bumps the version so the image URL changes and caches refresh.
 */

export interface CourseImage {
  data: Buffer;
  mime: string;
}

const audited = (user: UserRow, course: { id: string; schoolId: string | null }, action: 'course.image-changed' | 'course.image-removed', version: number) => ({
  schoolId: course.schoolId,
  actorId: user.id,
  action,
  targetType: 'course',
  targetId: course.id,
  before: null,
  after: { imageVersion: version },
});

/**
 * Replaces the image; the upload is read (`read`) only once the caller may change the course. The
 * old file is removed once the change is committed.
 */
export const saveCourseImage = async (ctx: Ctx, user: UserRow, courseId: string, read: () => Promise<CourseImage>): Promise<void> => {
  await loadManagedCourse(ctx.db, user, courseId);
  const image = await read();
  let written: string | null = null;
  let old: string | null;
  try {
    old = await ctx.db.transaction(async (tx) => {
      const before = await lockCourse(tx, courseId);
      const version = before.imageVersion + 1;
      const key = `courses/${courseId}/image-${version}`;
      await ctx.storage.put(key, image.data);
      written = key;
      await updateCourse(tx, courseId, { imageKey: key, imageMime: image.mime, imageVersion: version, updatedBy: user.id });
      await auditChange(tx, audited(user, before, 'course.image-changed', version));
      return before.imageKey;
    });
  } catch (err) {
    if (written) await ctx.storage.delete(written);
    throw err;
  }
  if (old) await deletePicture(ctx.storage, old);
};

/** Removes the image (nothing to do without one). */
export const removeCourseImage = async (ctx: Ctx, user: UserRow, courseId: string): Promise<void> => {
  await loadManagedCourse(ctx.db, user, courseId);
  const old = await ctx.db.transaction(async (tx) => {
    const before = await lockCourse(tx, courseId);
    if (!before.imageKey) return null;
    const version = before.imageVersion + 1;
    await updateCourse(tx, courseId, { imageKey: null, imageMime: null, imageVersion: version, updatedBy: user.id });
    await auditChange(tx, audited(user, before, 'course.image-removed', version));
    return before.imageKey;
  });
  if (old) await deletePicture(ctx.storage, old);
};

/** The image for anyone who reaches the course (at a served size and format when wished, platform/image-variants.ts); 404 without one. */
export const courseImage = async (ctx: Ctx, user: UserRow, courseId: string, wish?: PictureWish): Promise<CourseImage> => {
  const { course } = await loadCourseAccess(ctx.db, user, courseId);
  if (!course.imageKey || !course.imageMime) throw new DomainError('NOT_FOUND');
  const picture = await loadPicture(ctx.storage, course.imageKey, course.imageMime, wish);
  if (!picture) throw new DomainError('NOT_FOUND');
  return picture;
};
