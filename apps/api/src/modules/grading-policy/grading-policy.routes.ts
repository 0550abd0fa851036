import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseParams } from '@klase/core/courses/contracts';
import { courseDepedForm, gradingPolicyForm } from '@klase/core/deped/contracts';
import { withVersion } from '@klase/core/edit-version';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { readCourseDeped, removeCourseDeped, writeCourseDeped } from './course-deped.service.ts';
import { courseDepedOut, policyOut } from '../../kernel/deped-schemas.ts';
import { readGradingPolicy, writeGradingPolicy } from './grading-policy.service.ts';

const tags = ['grading policy'];
/** The school's policy: staff of the school read (teachers, assistants, the school administrator). */
const schoolStaff: Policy = { access: 'roles', roles: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin] };
/** Saving it: the school administrator (others 403). */
const schoolAdmin: Policy = { access: 'roles', roles: [ROLE.schoolAdmin] };
/** A course's subject group: staff of the class read, its teachers change (the gradebook access check decides per course). */
const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeRead };
const teachers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeSetup };

/**
 * DepEd grading (issue 19), registered with the prefix `/api`: the school's grading policy and a
 * class course's subject group. Contracts: packages/core/src/deped/contracts.ts.
 */
export const gradingPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/school/grading-policy', { config: { policy: schoolStaff }, schema: { tags, response: { 200: policyOut } } }, async (request) =>
    readGradingPolicy(ctx, requestUser(request)),
  );

  app.put(
    '/school/grading-policy',
    { config: { policy: schoolAdmin }, schema: { tags, body: withVersion(gradingPolicyForm), response: { 200: policyOut } } },
    async (request) => writeGradingPolicy(ctx, requestUser(request), request.body),
  );

  app.get(
    '/courses/:courseId/deped',
    { config: { policy: readers }, schema: { tags, params: courseParams, response: { 200: courseDepedOut } } },
    async (request) => readCourseDeped(ctx, requestUser(request), request.params.courseId),
  );

  app.put(
    '/courses/:courseId/deped',
    { config: { policy: teachers }, schema: { tags, params: courseParams, body: courseDepedForm, response: { 200: courseDepedOut } } },
    async (request) => writeCourseDeped(ctx, requestUser(request), request.params.courseId, request.body),
  );

  app.delete('/courses/:courseId/deped', { config: { policy: teachers }, schema: { tags, params: courseParams } }, async (request, reply) => {
    await removeCourseDeped(ctx, requestUser(request), request.params.courseId);
    return reply.status(204).send();
  });
};
