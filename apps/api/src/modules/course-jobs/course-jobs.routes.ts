import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@klase/core/admin/common';
import { copyTarget, courseCopyAnswer, courseCopyRequest, courseParams } from '@klase/core/courses/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../classes/class-access.ts';
import { copyTargets, requestCopy, requestDelete } from './course-jobs.service.ts';

const managers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseManage };
const tags = ['courses'];

/** Course copy and delete (background jobs) and the classes a course can be copied into. Prefix `/api`. */
export const courseJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  // A static segment: Fastify matches it before `/courses/:courseId` whatever the order.
  app.get('/courses/copy-targets', { config: { policy: managers }, schema: { tags, response: { 200: z.array(copyTarget) } } }, (request) =>
    copyTargets(ctx, requestUser(request)),
  );

  app.post(
    '/courses/:courseId/copy',
    { config: { policy: managers }, schema: { tags, params: courseParams, body: courseCopyRequest, response: { 202: courseCopyAnswer } } },
    async (request, reply) => {
      const answer = await requestCopy(ctx, requestUser(request), request.params.courseId, request.body.targetClassId, request.locale);
      app.courseJobWorker.kick();
      return reply.status(202).send(answer);
    },
  );

  app.delete(
    '/courses/:courseId',
    { config: { policy: managers }, schema: { tags, params: courseParams, response: { 202: messageAnswer } } },
    async (request, reply) => {
      const answer = await requestDelete(ctx, requestUser(request), request.params.courseId, request.locale);
      app.courseJobWorker.kick();
      return reply.status(202).send(answer);
    },
  );
};
