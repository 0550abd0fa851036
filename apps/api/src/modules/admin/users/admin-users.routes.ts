import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageAnswer, option } from '@klase/core/admin/common';
import {
  createUserRequest,
  linkRequest,
  updateUserRequest,
  userDetails as userDetailsSchema,
  userExportQuery,
  userOptionsQuery,
  signInLock,
  userRow,
  userStatusRequest,
  userTableQuery,
} from '@klase/core/admin/users';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { adminMessage } from '../admin-messages.ts';
import { requestScope } from '../admin-scope.ts';
import { ctxOf } from '../../../platform/app-context.ts';
import { sendSheet } from '../../../platform/spreadsheet.ts';
import type { Policy } from '../../../platform/types.ts';
import { USER_EXPORT_HEADER, userExportRows } from './admin-users.export.ts';
import { linkUsers, unlinkUsers } from './admin-users.links.ts';
import { clearSignInLock, signInLockOf } from './admin-users.lock.ts';
import { userOptions } from './admin-users.repo.ts';
import { createUser, editUser, resendActivation, setUserStatus, userDetails, userTable } from './admin-users.service.ts';

const read: Policy = { access: 'roles', roles: ROUTE_ROLES.adminRead };
const write: Policy = { access: 'roles', roles: ROUTE_ROLES.adminWrite };
const tags = ['admin'];

export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/', { config: { policy: read }, schema: { tags, querystring: userTableQuery, response: { 200: tablePage(userRow) } } }, (request) =>
    userTable(ctx, requestScope(request), request.query),
  );

  app.get('/export', { config: { policy: read }, schema: { tags, querystring: userExportQuery } }, (request, reply) =>
    sendSheet(reply, {
      format: request.query.format,
      base: 'users',
      sheet: 'Users',
      header: USER_EXPORT_HEADER,
      rows: userExportRows(ctx, requestScope(request), request.query),
    }),
  );

  app.get('/options', { config: { policy: read }, schema: { tags, querystring: userOptionsQuery, response: { 200: z.array(option) } } }, async (request) =>
    (await userOptions(ctx.db, requestScope(request), request.query)).map((u) => ({ id: u.id, name: u.name, hint: u.username })),
  );

  app.get('/:id', { config: { policy: read }, schema: { tags, params: idParams, response: { 200: userDetailsSchema } } }, (request) =>
    userDetails(ctx, requestScope(request), request.params.id),
  );

  app.post('/', { config: { policy: write }, schema: { tags, body: createUserRequest, response: { 201: userDetailsSchema } } }, async (request, reply) =>
    reply.status(201).send(await createUser(ctx, requestScope(request), request.body)),
  );

  app.put('/:id', { config: { policy: write }, schema: { tags, params: idParams, body: updateUserRequest, response: { 200: userDetailsSchema } } }, (request) =>
    editUser(ctx, requestScope(request), request.params.id, request.body),
  );

  app.patch(
    '/:id/status',
    { config: { policy: write }, schema: { tags, params: idParams, body: userStatusRequest, response: { 200: messageAnswer } } },
    async (request) => {
      await setUserStatus(ctx, requestScope(request), request.params.id, request.body.status);
      return adminMessage(request.locale, request.body.status === 'ACTIVE' ? 'userActivated' : 'userDeactivated');
    },
  );

  app.post('/:id/resend-activation', { config: { policy: write }, schema: { tags, params: idParams, response: { 200: messageAnswer } } }, async (request) => {
    await resendActivation(ctx, requestScope(request), request.params.id);
    return adminMessage(request.locale, 'activationSent');
  });

  app.get('/:id/sign-in-lock', { config: { policy: read }, schema: { tags, params: idParams, response: { 200: signInLock } } }, (request) =>
    signInLockOf(ctx, requestScope(request), request.params.id),
  );

  app.delete('/:id/sign-in-lock', { config: { policy: write }, schema: { tags, params: idParams, response: { 200: messageAnswer } } }, async (request) => {
    await clearSignInLock(ctx, requestScope(request), request.params.id);
    return adminMessage(request.locale, 'signInLockCleared');
  });

  app.post(
    '/:id/links',
    { config: { policy: write }, schema: { tags, params: idParams, body: linkRequest, response: { 200: userDetailsSchema } } },
    async (request) => {
      const scope = requestScope(request);
      await linkUsers(ctx, scope, request.params.id, request.body.otherId);
      return userDetails(ctx, scope, request.params.id);
    },
  );

  app.delete(
    '/:id/links/:otherId',
    { config: { policy: write }, schema: { tags, params: z.object({ id: z.uuid(), otherId: z.uuid() }), response: { 200: userDetailsSchema } } },
    async (request) => {
      const scope = requestScope(request);
      await unlinkUsers(ctx, scope, request.params.id, request.params.otherId);
      return userDetails(ctx, scope, request.params.id);
    },
  );
};
