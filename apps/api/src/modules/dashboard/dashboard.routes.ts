import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dueAnswer, dueQuery, gradesQuery, pendingAnswer, recentGradesAnswer } from '@klase/core/dashboard/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { latestGrades, pendingWork, whatsDue } from './dashboard.service.ts';

const tags = ['dashboard'];
/** A student's own lists; a parent's for one child (`childId`). */
const studentsAndParents: Policy = { access: 'roles', roles: [ROLE.student, ROLE.parent] };
/** Work to grade: teachers and assistants of the classes. */
const staff: Policy = { access: 'roles', roles: ROUTE_ROLES.assessmentReview };

/**
 * The dashboard's work lists (issue 6), registered with the prefix `/api/dashboard`. Contracts:
 * packages/core/src/assessments/dashboard.ts.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/due', { config: { policy: studentsAndParents }, schema: { tags, querystring: dueQuery, response: { 200: dueAnswer } } }, async (request) =>
    whatsDue(ctx, requestUser(request), request.query),
  );

  app.get('/pending', { config: { policy: staff }, schema: { tags, response: { 200: pendingAnswer } } }, async (request) =>
    pendingWork(ctx, requestUser(request)),
  );

  app.get(
    '/grades',
    { config: { policy: studentsAndParents }, schema: { tags, querystring: gradesQuery, response: { 200: recentGradesAnswer } } },
    async (request) => latestGrades(ctx, requestUser(request), request.query),
  );
};
