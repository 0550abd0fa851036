import type { FastifyRequest } from 'fastify';
import { DomainError } from '@klase/core/errors';
import type { Ctx } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadClassAccess, type ClassAccess } from '../../kernel/class-access.ts';

/** The signed-in caller and their relationship to the class of the route (404 outside it). */
export const classAccessOf = async (ctx: Ctx, request: FastifyRequest, classId: string): Promise<{ user: UserRow; access: ClassAccess }> => {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED');
  const user = request.auth.user;
  return { user, access: await loadClassAccess(ctx.db, user, classId) };
};
