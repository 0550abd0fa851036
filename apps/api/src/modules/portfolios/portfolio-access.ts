import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { PortfolioOwnerKind } from '@klase/core/portfolios/contracts';
import type { Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import {
  findGroup,
  findOwnerUser,
  findPortfolio,
  inClass,
  isGroupMember,
  isParentOf,
  parentOfTaught,
  teachesClass,
  teachesStudent,
  type OwnerGroup,
  type PortfolioRecord,
} from './portfolios.repo.ts';

/**
 * Who reaches a portfolio (issue 20, decision 0060), one rule for every way in. The relation of the
 * caller to an owner: `owner` (the student or teacher, a member of the group: reads and edits
 * everything), `admin` (the school administrator of the owner's school: reads everything), `reader`
 * (reads published portfolios), or none (404). Never across schools.
 */
export type Relation = 'owner' | 'admin' | 'reader';

export type Owner = { kind: 'student' | 'teacher'; userId: string; schoolId: string; name: string } | { kind: 'group'; group: OwnerGroup };

const STAFF: readonly number[] = [ROLE.teacher, ROLE.assistantTeacher];

export const ownerKindOfRole = (roleId: number): Exclude<PortfolioOwnerKind, 'group'> | null =>
  roleId === ROLE.student ? 'student' : STAFF.includes(roleId) ? 'teacher' : null;

const schoolOf = (o: Owner): string => (o.kind === 'group' ? o.group.schoolId : o.schoolId);

const readsPersonPublished = async (db: Db, user: UserRow, o: Extract<Owner, { kind: 'student' | 'teacher' }>): Promise<boolean> => {
  if (o.kind === 'student') {
    if (STAFF.includes(user.roleId)) return teachesStudent(db, user.id, o.userId);
    if (user.roleId === ROLE.parent) return isParentOf(db, user.id, o.userId);
    return false;
  }
  if (STAFF.includes(user.roleId)) return true;
  if (user.roleId === ROLE.student) return teachesStudent(db, o.userId, user.id);
  if (user.roleId === ROLE.parent) return parentOfTaught(db, user.id, o.userId);
  return false;
};

const readsGroupPublished = async (db: Db, user: UserRow, g: OwnerGroup): Promise<boolean> => {
  if (STAFF.includes(user.roleId)) return teachesClass(db, user.id, g.classId);
  if (user.roleId === ROLE.student) return inClass(db, user.id, g.classId);
  return false;
};

/** The caller's relation to an owner's portfolios, or null. */
export const relationTo = async (db: Db, user: UserRow, o: Owner): Promise<Relation | null> => {
  if (!user.schoolId || user.schoolId !== schoolOf(o)) return null;
  if (o.kind === 'group') {
    if (user.roleId === ROLE.student && (await isGroupMember(db, o.group.id, user.id))) return 'owner';
  } else if (o.userId === user.id) return 'owner';
  if (user.roleId === ROLE.schoolAdmin) return 'admin';
  const reads = o.kind === 'group' ? await readsGroupPublished(db, user, o.group) : await readsPersonPublished(db, user, o);
  return reads ? 'reader' : null;
};

/** A student's or teacher's portfolios as an owner (404 for other users). */
export const personOwner = async (db: Db, userId: string): Promise<Owner> => {
  const u = await findOwnerUser(db, userId);
  const kind = u ? ownerKindOfRole(u.roleId) : null;
  if (!u || !kind || !u.schoolId) throw new DomainError('NOT_FOUND');
  return { kind, userId: u.id, schoolId: u.schoolId, name: u.name };
};

export const groupOwner = async (db: Db, groupId: string): Promise<Owner> => {
  const group = await findGroup(db, groupId);
  if (!group) throw new DomainError('NOT_FOUND');
  return { kind: 'group', group };
};

export const ownerOf = (db: Db, p: PortfolioRecord): Promise<Owner> => (p.groupId ? groupOwner(db, p.groupId) : personOwner(db, p.ownerUserId ?? ''));

export interface PortfolioAccess {
  portfolio: PortfolioRecord;
  owner: Owner;
  relation: Relation;
  canEdit: boolean;
}

/** A portfolio the caller may read (an unpublished one only as owner or administrator); else 404. */
export const loadPortfolioAccess = async (db: Db, user: UserRow, portfolioId: string): Promise<PortfolioAccess> => {
  const portfolio = await findPortfolio(db, portfolioId);
  if (!portfolio || portfolio.schoolId !== user.schoolId) throw new DomainError('NOT_FOUND');
  const owner = await ownerOf(db, portfolio);
  const relation = await relationTo(db, user, owner);
  if (!relation || (relation === 'reader' && !portfolio.published)) throw new DomainError('NOT_FOUND');
  return { portfolio, owner, relation, canEdit: relation === 'owner' };
};

/** A portfolio the caller owns (a reader who may see it gets 403; anybody else 404). */
export const loadOwnedPortfolio = async (db: Db, user: UserRow, portfolioId: string): Promise<PortfolioAccess> => {
  const access = await loadPortfolioAccess(db, user, portfolioId);
  if (!access.canEdit) throw new DomainError('FORBIDDEN');
  return access;
};
