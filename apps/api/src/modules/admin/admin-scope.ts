import type { FastifyRequest } from 'fastify';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { UserRow } from '../../platform/rows.ts';

/**
 * Which schools an administrator reaches: platform admins (1, 12) every school; the lsg (11) the
 * schools of its customer, read-only; a school admin (10) their own school. Repos take it
 * explicitly and turn it into a condition; a row outside it is answered 404.
 */
export type AdminScope =
  | { kind: 'platform'; actorId: string }
  | { kind: 'customer'; actorId: string; customerId: string }
  | { kind: 'school'; actorId: string; schoolId: string; customerId: string | null };

export const scopeOf = (user: UserRow): AdminScope => {
  if (user.roleId === ROLE.admin || user.roleId === ROLE.rexAdmin) return { kind: 'platform', actorId: user.id };
  if (user.roleId === ROLE.lsg && user.customerId) return { kind: 'customer', actorId: user.id, customerId: user.customerId };
  if (user.roleId === ROLE.schoolAdmin && user.schoolId) {
    return { kind: 'school', actorId: user.id, schoolId: user.schoolId, customerId: user.customerId };
  }
  throw new DomainError('FORBIDDEN');
};

/** The scope of the signed-in caller (route policies have already checked the role). */
export const requestScope = (request: FastifyRequest): AdminScope => {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED');
  return scopeOf(request.auth.user);
};

/** Writes are refused to the read-only lsg scope even if a policy let it through. */
export const assertWritable = (scope: AdminScope): void => {
  if (scope.kind === 'customer') throw new DomainError('FORBIDDEN');
};

/** Whether a school (by its id and customer) is inside the scope. */
export const reachesSchool = (scope: AdminScope, school: { id: string; customerId: string }): boolean =>
  scope.kind === 'platform' ||
  (scope.kind === 'customer' && school.customerId === scope.customerId) ||
  (scope.kind === 'school' && school.id === scope.schoolId);
