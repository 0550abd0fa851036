import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@klase/core/admin/common';
import { availableCourseRow, availableCoursesQuery } from '@klase/core/catalogue/contracts';
import { copyTarget, courseCopyAnswer, courseCopyDates, courseCopyRequest, courseParams } from '@klase/core/courses/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../../platform/app-context.ts';
import type { Policy } from '../../../platform/types.ts';
import { requestUser } from '../../../kernel/request-user.ts';
import { availableCourses } from './available-courses.ts';
import { copyDates, copyTargets, requestCopy, requestDelete } from './course-jobs.service.ts';

const managers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseManage };
/** Deleting: teachers of the class, the rex admin for catalogue courses. */
const deleters: Policy = { access: 'roles', roles: ROUTE_ROLES.courseApiManage };
/** `#/courses/available`: teachers browse what they can copy. */
const browsers: Policy = { access: 'roles', roles: ROUTE_ROLES.catalogueBrowse };
const tags = ['courses'];

/** Course copy and delete (background jobs), the courses a teacher can copy and the classes they can copy into. Prefix `/api`. */
export const courseJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  // A static segment: Fastify matches it before `/courses/:courseId` whatever the order.
  app.get('/courses/copy-targets', { config: { policy: managers }, schema: { tags, response: { 200: z.array(copyTarget) } } }, (request) =>
    copyTargets(ctx, requestUser(request)),
  );

  // Static too: wins over `/courses/:courseId`.
  app.get(
    '/courses/available',
    { config: { policy: browsers }, schema: { tags, querystring: availableCoursesQuery, response: { 200: tablePage(availableCourseRow) } } },
    (request) => availableCourses(ctx.db, requestUser(request), request.query),
  );

  app.get(
    '/courses/:courseId/copy-dates',
    { config: { policy: managers }, schema: { tags, params: courseParams, response: { 200: courseCopyDates } } },
    (request) => copyDates(ctx, requestUser(request), request.params.courseId),
  );

  app.post(
    '/courses/:courseId/copy',
    { config: { policy: managers }, schema: { tags, params: courseParams, body: courseCopyRequest, response: { 202: courseCopyAnswer } } },
    async (request, reply) => {
      const answer = await requestCopy(ctx, requestUser(request), request.params.courseId, request.body.targetClassId, request.locale, request.body.shiftDays);
      app.courseJobWorker.kick();
      return reply.status(202).send(answer);
    },
  );

  app.delete(
    '/courses/:courseId',
    { config: { policy: deleters }, schema: { tags, params: courseParams, response: { 202: messageAnswer } } },
    async (request, reply) => {
      const answer = await requestDelete(ctx, requestUser(request), request.params.courseId, request.locale);
      app.courseJobWorker.kick();
      return reply.status(202).send(answer);
    },
  );
};
