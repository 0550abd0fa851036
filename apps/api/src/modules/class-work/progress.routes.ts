import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@klase/core/admin/common';
import { classStudentParams } from '@klase/core/classes/contracts';
import { progressDetails as progressDetailsSchema, progressQuery, progressRow } from '@klase/core/class-work/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { progressDetails, progressTable } from './progress.service.ts';
import { classAccessOf } from './request-access.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.classProgress };
const tags = ['classes'];

/** `/api/classes/:id/progress`: per student completion of the class's assigned materials. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get(
    '/:id/progress',
    { config: { policy }, schema: { tags, params: idParams, querystring: progressQuery, response: { 200: tablePage(progressRow) } } },
    async (request) => progressTable(ctx, (await classAccessOf(ctx, request, request.params.id)).access, request.query),
  );

  app.get(
    '/:id/progress/:studentId',
    { config: { policy }, schema: { tags, params: classStudentParams, response: { 200: progressDetailsSchema } } },
    async (request) => progressDetails(ctx, (await classAccessOf(ctx, request, request.params.id)).access, request.params.studentId),
  );
};
