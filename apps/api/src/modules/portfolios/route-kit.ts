import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE } from '@klase/core/roles';
import type { Policy } from '../../platform/types.ts';

/** Policies shared by the portfolio routes. */

/** Owners: students (their own and their groups') and teachers; the access check decides which portfolio. */
export const owners: Policy = { access: 'roles', roles: [ROLE.student, ROLE.teacher, ROLE.assistantTeacher] };
/** Readers: anyone signed in; the access check answers 404 to whoever may not read. */
export const readers: Policy = { access: 'signedIn' };
/** The share page: no session; the token decides. */
export const anyone: Policy = { access: 'public' };
export const tags = ['portfolios'];

export type App = Parameters<FastifyPluginAsyncZod>[0];
