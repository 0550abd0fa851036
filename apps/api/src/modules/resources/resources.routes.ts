import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@klase/core/admin/common';
import { FILE_MAX_BYTES, KB } from '@klase/core/constants';
import { ROUTE_ROLES } from '@klase/core/guards';
import {
  RESOURCE_FILE_FIELD,
  resourceEditForm,
  resourceLinkForm,
  resourceParams,
  resourceRow,
  resourceSaved,
  resourcesQuery,
} from '@klase/core/resources/contracts';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { addFile, addLink, editResource, listSchoolResources, refuseWithoutFile, removeResource, resourceFile } from './resources.service.ts';

const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.resources };
const writers: Policy = { access: 'roles', roles: ROUTE_ROLES.resourcesWrite };
const tags = ['resources'];

/** The text fields of an upload (title, description, gradeLevel, subject) and a little room. */
const FIELD_LIMITS = { fields: 8, fieldSize: 64 * KB };

export interface ResourcesOptions {
  /** Largest file accepted: 900 MB by default, as for course files (tests pass a smaller one). */
  uploadMaxBytes?: number;
}

/** The school's resource library (`/api/resources/...`, issue 5): list, add links and files, edit, remove, download. */
export const resourcesRoutes: FastifyPluginAsyncZod<ResourcesOptions> = async (app, opts) => {
  const ctx = ctxOf(app);
  const uploadMaxBytes = opts.uploadMaxBytes ?? FILE_MAX_BYTES;

  app.get('/', { config: { policy: readers }, schema: { tags, querystring: resourcesQuery, response: { 200: tablePage(resourceRow) } } }, async (request) =>
    listSchoolResources(ctx.db, requestUser(request), request.query),
  );

  app.post('/links', { config: { policy: writers }, schema: { tags, body: resourceLinkForm, response: { 201: resourceSaved } } }, async (request, reply) =>
    reply.status(201).send(await addLink(ctx, requestUser(request), request.body, request.locale)),
  );

  app.post(
    '/files',
    { config: { policy: writers }, schema: { tags, consumes: ['multipart/form-data'], response: { 201: resourceSaved } } },
    async (request, reply) => {
      const user = requestUser(request);
      if (!request.isMultipart()) return refuseWithoutFile({});
      const fields: Record<string, string> = {};
      // Raised from the app's 2 MB image limit for this route only, to one byte past the file
      // limit: storage then sees the overflow and keeps nothing.
      const options = { throwFileSizeLimit: false, limits: { ...FIELD_LIMITS, fileSize: uploadMaxBytes + 1, files: 1, parts: FIELD_LIMITS.fields + 1 } };
      for await (const part of request.parts(options)) {
        if (part.type === 'field') {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
          continue;
        }
        // The text fields come first; the first file part is the file (any other name: no file).
        if (part.fieldname !== RESOURCE_FILE_FIELD) break;
        const file = { stream: part.file, fileName: part.filename, truncated: () => part.file.truncated };
        return reply.status(201).send(await addFile(ctx, user, fields, file, uploadMaxBytes, request.locale));
      }
      return refuseWithoutFile(fields);
    },
  );

  app.put(
    '/:id',
    { config: { policy: writers }, schema: { tags, params: resourceParams, body: resourceEditForm, response: { 200: resourceSaved } } },
    async (request) => editResource(ctx, requestUser(request), request.params.id, request.body, request.locale),
  );

  app.delete('/:id', { config: { policy: writers }, schema: { tags, params: resourceParams, response: { 200: messageAnswer } } }, async (request) =>
    removeResource(ctx, requestUser(request), request.params.id, request.locale),
  );

  app.get('/:id/file', { config: { policy: readers }, schema: { tags, params: resourceParams } }, async (request, reply) => {
    const file = await resourceFile(ctx, requestUser(request), request.params.id);
    return sendDownload(reply, file);
  });
};
