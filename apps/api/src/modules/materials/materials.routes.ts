import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@klase/core/admin/common';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { courseParams, elementParams, materialOrderRequest, publishRequest } from '@klase/core/courses/contracts';
import {
  journey,
  journeyQuery,
  materialDetails as materialDetailsSchema,
  materialForm,
  materialUpdate,
  materialParams,
  myMaterialRow,
  myMaterialsQuery,
  uploadAnswer,
  viewAnswer,
} from '@klase/core/materials/contracts';
import { DomainError } from '@klase/core/errors';
import { materialDeleteQuery, materialGradesSummary } from '@klase/core/gradebook/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { loadCourseAccess, requireManage } from '../courses/course-access.ts';
import { courseJourney, viewMaterial } from './journey.service.ts';
import { createMaterial, editMaterial, materialDetails, materialGrades, orderMaterials, publishMaterial, removeMaterial } from './materials.service.ts';
import { myMaterials } from './my-materials.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { materialFile, storeUpload } from './uploads.service.ts';

const members: Policy = { access: 'roles', roles: ROUTE_ROLES.courses };
/** Reading materials and journeys: class members and the rex admin (catalogue courses); the course access check decides. */
const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseApi };
/** Changes: teachers of the class, the rex admin for catalogue courses. */
const managers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseApiManage };
const teachers: Policy = { access: 'roles', roles: ROUTE_ROLES.myMaterials };
const tags = ['materials'];

export interface MaterialsOptions {
  /** Largest upload accepted (900 MB, spec section 9); tests register the plugin again with less. */
  uploadMaxBytes?: number;
}

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Under a course: uploads, new materials, their order in an element, and the journey. */
const registerCourseMaterialRoutes = (app: App, ctx: Ctx, uploadMaxBytes: number): void => {
  app.post(
    '/courses/:courseId/uploads',
    { config: { policy: managers }, schema: { tags, consumes: ['multipart/form-data'], params: courseParams, response: { 201: uploadAnswer } } },
    async (request, reply) => {
      const user = requestUser(request);
      const access = await loadCourseAccess(ctx.db, user, request.params.courseId);
      // Refused before a byte of the file is read.
      requireManage(access);
      if (!request.isMultipart()) throw new DomainError('VALIDATION', { fields: [{ path: 'file', key: 'required' }] });
      // The app-wide multipart limit is the 2 MB of images: this route alone raises it (one byte
      // over the limit, so storage sees the overflow and refuses the whole file).
      const file = await request.file({ throwFileSizeLimit: false, limits: { fileSize: uploadMaxBytes + 1, files: 1, fields: 5, parts: 6 } });
      if (!file || file.fieldname !== 'file') throw new DomainError('VALIDATION', { fields: [{ path: 'file', key: 'required' }] });
      const answer = await storeUpload(ctx, access, user, { stream: file.file, fileName: file.filename, truncated: () => file.file.truncated }, uploadMaxBytes);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/courses/:courseId/elements/:elementId/materials',
    { config: { policy: managers }, schema: { tags, params: elementParams, body: materialForm, response: { 201: materialDetailsSchema } } },
    async (request, reply) => {
      const user = requestUser(request);
      const access = await loadCourseAccess(ctx.db, user, request.params.courseId);
      return reply.status(201).send(await createMaterial(ctx, access, user, request.params.elementId, request.body));
    },
  );

  app.put(
    '/courses/:courseId/elements/:elementId/materials/order',
    { config: { policy: managers }, schema: { tags, params: elementParams, body: materialOrderRequest, response: { 200: messageAnswer } } },
    async (request) => {
      const user = requestUser(request);
      const access = await loadCourseAccess(ctx.db, user, request.params.courseId);
      return orderMaterials(ctx, access, user, request.params.elementId, request.body, request.locale);
    },
  );

  app.get(
    '/courses/:courseId/journey',
    { config: { policy: readers }, schema: { tags, params: courseParams, querystring: journeyQuery, response: { 200: journey } } },
    async (request) => {
      const user = requestUser(request);
      return courseJourney(ctx, await loadCourseAccess(ctx.db, user, request.params.courseId), user, request.query);
    },
  );
};

/** One material: #/materials, details, edit, publish, delete, grades summary, its file and views. */
const registerMaterialRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/materials',
    { config: { policy: teachers }, schema: { tags, querystring: myMaterialsQuery, response: { 200: tablePage(myMaterialRow) } } },
    async (request) => myMaterials(ctx.db, requestUser(request), request.query),
  );

  app.get(
    '/materials/:materialId',
    { config: { policy: readers }, schema: { tags, params: materialParams, response: { 200: materialDetailsSchema } } },
    async (request) => materialDetails(ctx, requestUser(request), request.params.materialId),
  );

  app.put(
    '/materials/:materialId',
    { config: { policy: managers }, schema: { tags, params: materialParams, body: materialUpdate, response: { 200: materialDetailsSchema } } },
    async (request) => editMaterial(ctx, requestUser(request), request.params.materialId, request.body, request.body),
  );

  app.patch(
    '/materials/:materialId/published',
    { config: { policy: managers }, schema: { tags, params: materialParams, body: publishRequest, response: { 200: messageAnswer } } },
    async (request) => publishMaterial(ctx, requestUser(request), request.params.materialId, request.body.published, request.locale),
  );

  app.delete(
    '/materials/:materialId',
    { config: { policy: managers }, schema: { tags, params: materialParams, querystring: materialDeleteQuery, response: { 200: messageAnswer } } },
    async (request) => removeMaterial(ctx, requestUser(request), request.params.materialId, request.query.grades, request.locale),
  );

  app.get(
    '/materials/:materialId/grades-summary',
    { config: { policy: managers }, schema: { tags, params: materialParams, response: { 200: materialGradesSummary } } },
    async (request) => materialGrades(ctx, requestUser(request), request.params.materialId),
  );

  app.get('/materials/:materialId/file', { config: { policy: readers }, schema: { tags, params: materialParams } }, async (request, reply) => {
    const file = await materialFile(ctx, requestUser(request), request.params.materialId);
    return sendDownload(reply, file);
  });

  app.post(
    '/materials/:materialId/view',
    { config: { policy: members }, schema: { tags, params: materialParams, response: { 200: viewAnswer } } },
    async (request) => viewMaterial(ctx, requestUser(request), request.params.materialId),
  );
};

/**
 * Materials (issue 5): uploads, materials of every type, their files, views and completion, the
 * journey with sequential locking, and #/materials. Registered with the prefix `/api`.
 */
export const materialsRoutes: FastifyPluginAsyncZod<MaterialsOptions> = async (app, opts) => {
  const ctx = ctxOf(app);
  registerCourseMaterialRoutes(app, ctx, opts.uploadMaxBytes ?? FILE_MAX_BYTES);
  registerMaterialRoutes(app, ctx);
};
