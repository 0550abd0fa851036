import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import { assertWritable, type AdminScope } from '../admin-scope.ts';
import { auditChange } from '../../../kernel/audit.ts';
import type { Ctx } from '../../../platform/context.ts';
import { deleteLink, findScopedUser, insertLinks } from './admin-users.repo.ts';

/** Links and unlinks a parent and a student of the same school (given either way round). */
const pairOf = async (ctx: Ctx, scope: AdminScope, id: string, otherId: string) => {
  const a = await findScopedUser(ctx.db, scope, id);
  const b = await findScopedUser(ctx.db, scope, otherId);
  if (!a || !b) throw new DomainError('NOT_FOUND');
  const parent = a.user.roleId === ROLE.parent ? a.user : b.user.roleId === ROLE.parent ? b.user : null;
  const student = a.user.roleId === ROLE.student ? a.user : b.user.roleId === ROLE.student ? b.user : null;
  if (!parent || !student || !parent.schoolId || parent.schoolId !== student.schoolId) throw new DomainError('LINK_INVALID');
  return { parentId: parent.id, studentId: student.id, schoolId: parent.schoolId };
};

export const linkUsers = async (ctx: Ctx, scope: AdminScope, id: string, otherId: string): Promise<void> => {
  assertWritable(scope);
  const pair = await pairOf(ctx, scope, id, otherId);
  await ctx.db.transaction(async (tx) => {
    await insertLinks(tx, pair.schoolId, [{ parentId: pair.parentId, studentId: pair.studentId }]);
    await auditChange(tx, {
      schoolId: pair.schoolId,
      actorId: scope.actorId,
      action: 'user.linked',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { parentId: pair.parentId, studentId: pair.studentId },
    });
  });
};

export const unlinkUsers = async (ctx: Ctx, scope: AdminScope, id: string, otherId: string): Promise<void> => {
  assertWritable(scope);
  const pair = await pairOf(ctx, scope, id, otherId);
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteLink(tx, pair.parentId, pair.studentId))) throw new DomainError('NOT_FOUND');
    await auditChange(tx, {
      schoolId: pair.schoolId,
      actorId: scope.actorId,
      action: 'user.unlinked',
      targetType: 'user',
      targetId: id,
      before: { parentId: pair.parentId, studentId: pair.studentId },
      after: null,
    });
  });
};
