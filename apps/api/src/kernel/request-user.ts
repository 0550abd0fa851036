import type { FastifyRequest } from 'fastify';
import { DomainError } from '@klase/core/errors';
import type { UserRow } from '../platform/rows.ts';

/** The signed-in caller of a route (its policy has already required a session). */
export const requestUser = (request: FastifyRequest): UserRow => {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED');
  return request.auth.user;
};
