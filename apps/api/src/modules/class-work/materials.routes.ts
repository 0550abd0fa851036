import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@klase/core/admin/common';
import { classCoursesAnswer, classMaterialRow, classMaterialsQuery } from '@klase/core/class-work/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { classCourses, classMaterials } from './materials.service.ts';
import { classAccessOf } from './request-access.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.classes };
const tags = ['classes'];

/** `/api/classes/:id/materials` and `/api/classes/:id/courses`: every member of the class. */
export const materialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get(
    '/:id/materials',
    { config: { policy }, schema: { tags, params: idParams, querystring: classMaterialsQuery, response: { 200: tablePage(classMaterialRow) } } },
    async (request) => {
      const { user, access } = await classAccessOf(ctx, request, request.params.id);
      return classMaterials(ctx, user, access, request.query);
    },
  );

  app.get('/:id/courses', { config: { policy }, schema: { tags, params: idParams, response: { 200: classCoursesAnswer } } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return classCourses(ctx, user, access);
  });
};
