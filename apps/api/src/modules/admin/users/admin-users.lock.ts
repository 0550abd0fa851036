import type { SignInLock } from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import { assertWritable, type AdminScope } from '../admin-scope.ts';
import { audit } from '../../../kernel/audit.ts';
import type { Ctx } from '../../../platform/context.ts';
import { lockUnder, resetUnder } from '../../../platform/rate-limit.ts';
import { accountKey } from '../../auth/auth.service.ts';
import { findScopedUser } from './admin-users.repo.ts';

const scopedUser = async (ctx: Ctx, scope: AdminScope, id: string) => {
  const found = await findScopedUser(ctx.db, scope, id);
  if (!found) throw new DomainError('NOT_FOUND');
  return found.user;
};

/** The sign-in lock of a user of the caller's scope (from any client address, or from all of them). */
export const signInLockOf = async (ctx: Ctx, scope: AdminScope, id: string): Promise<SignInLock> => {
  await scopedUser(ctx, scope, id);
  const { lockedUntil, failures } = await lockUnder(ctx.db, accountKey(id));
  return { lockedUntil: lockedUntil?.toISOString() ?? null, failures: lockedUntil ? failures : 0 };
};

/** Forgets the user's failed sign-ins (every client address), so the next right password signs in. Audited. */
export const clearSignInLock = async (ctx: Ctx, scope: AdminScope, id: string): Promise<void> => {
  assertWritable(scope);
  const user = await scopedUser(ctx, scope, id);
  await ctx.db.transaction(async (tx) => {
    const before = await lockUnder(tx, accountKey(id));
    await resetUnder(tx, accountKey(id));
    await audit(tx, {
      schoolId: user.schoolId,
      actorId: scope.actorId,
      action: 'user.sign-in-lock-cleared',
      targetType: 'user',
      targetId: id,
      data: { lockedUntil: before.lockedUntil?.toISOString() ?? null, failures: before.failures },
    });
  });
};
