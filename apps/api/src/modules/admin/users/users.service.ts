import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Ctx } from '../../../platform/context.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { findUserById, isParentLink } from './users.repo.ts';
import { loadPicture, type Picture, type PictureWish } from '../../../platform/image-variants.ts';

/**
 * What other modules (auth, account, classes, courses, dashboard, admin users) use of the users:
 * reading and updating user rows, parents' children, and a user's profile as the app shows it.
 */
export {
  emailTakenByOther,
  findActiveUserByEmail,
  findChild,
  findUserById,
  findUserForLogin,
  hasActivatedParent,
  listChildren,
  unlinkStudents,
  updateUser,
} from './users.repo.ts';
export { fullName, toChildEntry, toProfile } from './profile.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string): boolean => UUID_RE.test(v);

/** Who may see whose photo: self, same school, parent and child, platform admins, lsg of the customer. */
const maySee = async (ctx: Ctx, viewer: UserRow, target: UserRow): Promise<boolean> => {
  if (viewer.id === target.id) return true;
  if (viewer.roleId === ROLE.admin || viewer.roleId === ROLE.rexAdmin) return true;
  if (viewer.roleId === ROLE.lsg) return viewer.customerId !== null && viewer.customerId === target.customerId;
  if (viewer.schoolId !== null && viewer.schoolId === target.schoolId) return true;
  return isParentLink(ctx.db, viewer.id, target.id);
};

/** The photo bytes, or 404 when there is none or the viewer may not see it. */
export const userPhoto = async (ctx: Ctx, viewer: UserRow, targetId: string, wish?: PictureWish): Promise<Picture> => {
  const found = isUuid(targetId) ? await findUserById(ctx.db, targetId) : null;
  if (!found || !found.user.photoKey || !found.user.photoMime || !(await maySee(ctx, viewer, found.user))) {
    throw new DomainError('NOT_FOUND');
  }
  const photo = await loadPicture(ctx.storage, found.user.photoKey, found.user.photoMime, wish);
  if (!photo) throw new DomainError('NOT_FOUND');
  return photo;
};
