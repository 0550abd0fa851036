import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, messageAnswer } from '@klase/core/admin/common';
import { classGroupParams } from '@klase/core/classes/contracts';
import {
  groupDetails as groupDetailsSchema,
  groupForm,
  groupRow,
  groupSplitRequest,
  groupTableQuery,
  saveGeneratedAnswer,
  saveGeneratedRequest,
  splitPreview,
} from '@klase/core/class-work/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { createGroup, editGroup, groupDetails, groupTable, previewSplit, removeGroup, saveGenerated } from './groups.service.ts';
import { classAccessOf } from './request-access.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.classListGroups };
const tags = ['classes'];

/** `/api/classes/:id/groups`: manual and generated groups (teachers of the class). */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get(
    '/:id/groups',
    { config: { policy }, schema: { tags, params: idParams, querystring: groupTableQuery, response: { 200: tablePage(groupRow) } } },
    async (request) => groupTable(ctx, (await classAccessOf(ctx, request, request.params.id)).access, request.query),
  );

  app.post(
    '/:id/groups',
    { config: { policy }, schema: { tags, params: idParams, body: groupForm, response: { 201: groupDetailsSchema } } },
    async (request, reply) => {
      const { user, access } = await classAccessOf(ctx, request, request.params.id);
      return reply.status(201).send(await createGroup(ctx, access, user, request.body));
    },
  );

  app.post(
    '/:id/groups/preview',
    { config: { policy }, schema: { tags, params: idParams, body: groupSplitRequest, response: { 200: splitPreview } } },
    async (request) => previewSplit(ctx, (await classAccessOf(ctx, request, request.params.id)).access, request.body),
  );

  app.post(
    '/:id/groups/generated',
    { config: { policy }, schema: { tags, params: idParams, body: saveGeneratedRequest, response: { 201: saveGeneratedAnswer } } },
    async (request, reply) => {
      const { user, access } = await classAccessOf(ctx, request, request.params.id);
      return reply.status(201).send(await saveGenerated(ctx, access, user, request.body, request.locale));
    },
  );

  app.get('/:id/groups/:groupId', { config: { policy }, schema: { tags, params: classGroupParams, response: { 200: groupDetailsSchema } } }, async (request) =>
    groupDetails(ctx, (await classAccessOf(ctx, request, request.params.id)).access, request.params.groupId),
  );

  app.put(
    '/:id/groups/:groupId',
    { config: { policy }, schema: { tags, params: classGroupParams, body: groupForm, response: { 200: groupDetailsSchema } } },
    async (request) => {
      const { user, access } = await classAccessOf(ctx, request, request.params.id);
      return editGroup(ctx, access, user, request.params.groupId, request.body);
    },
  );

  app.delete('/:id/groups/:groupId', { config: { policy }, schema: { tags, params: classGroupParams, response: { 200: messageAnswer } } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return removeGroup(ctx, access, user, request.params.groupId, request.locale);
  });
};
