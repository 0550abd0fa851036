import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@klase/core/admin/common';
import { catalogueCourseForm, catalogueCourseRow, catalogueQuery, categoryForm, categoryParams, categoryRow } from '@klase/core/catalogue/contracts';
import { courseDetails, courseParams } from '@klase/core/courses/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import { courseMessage } from '../../kernel/course-messages.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { catalogueCourses, categories, createCatalogueCourse, createCategory, editCatalogueCourse, editCategory, removeCategory } from './catalogue.service.ts';

/** Building the catalogue: the rex admin. */
const builders: Policy = { access: 'roles', roles: ROUTE_ROLES.catalogue };
/** Reading it: the rex admin and teachers (who see published courses only). */
const readers: Policy = { access: 'roles', roles: [...ROUTE_ROLES.catalogue, ...ROUTE_ROLES.catalogueBrowse] };
const tags = ['catalogue'];

/**
 * The course catalogue (`/api/catalogue/...`): categories and catalogue courses. A catalogue
 * course's content, image, publishing and deletion go through the ordinary course routes
 * (`/api/courses/:courseId/...`, `/api/materials/...`).
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/categories', { config: { policy: readers }, schema: { tags, response: { 200: z.array(categoryRow) } } }, (request) =>
    categories(ctx, requestUser(request)),
  );

  app.post('/categories', { config: { policy: builders }, schema: { tags, body: categoryForm, response: { 201: categoryRow } } }, async (request, reply) =>
    reply.status(201).send(await createCategory(ctx, requestUser(request), request.body)),
  );

  app.put(
    '/categories/:id',
    { config: { policy: builders }, schema: { tags, params: categoryParams, body: categoryForm, response: { 200: categoryRow } } },
    (request) => editCategory(ctx, requestUser(request), request.params.id, request.body),
  );

  app.delete(
    '/categories/:id',
    { config: { policy: builders }, schema: { tags, params: categoryParams, response: { 200: messageAnswer } } },
    async (request) => {
      await removeCategory(ctx, requestUser(request), request.params.id);
      return courseMessage(request.locale, 'categoryDeleted');
    },
  );

  app.get(
    '/courses',
    { config: { policy: readers }, schema: { tags, querystring: catalogueQuery, response: { 200: tablePage(catalogueCourseRow) } } },
    (request) => catalogueCourses(ctx, requestUser(request), request.query),
  );

  app.post(
    '/courses',
    { config: { policy: builders }, schema: { tags, body: catalogueCourseForm, response: { 201: courseDetails } } },
    async (request, reply) => reply.status(201).send(await createCatalogueCourse(ctx, requestUser(request), request.body)),
  );

  app.put(
    '/courses/:courseId',
    { config: { policy: builders }, schema: { tags, params: courseParams, body: catalogueCourseForm, response: { 200: courseDetails } } },
    (request) => editCatalogueCourse(ctx, requestUser(request), request.params.courseId, request.body),
  );
};
