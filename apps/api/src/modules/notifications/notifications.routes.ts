import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationListQuery, notificationPage, notificationSettings, notificationUnread } from '@klase/core/notifications/contracts';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { countUnread, getSettings, listNotifications, putSettings, readAll, readOne } from './notifications.service.ts';

const tags = ['notifications'];
/** Every signed-in user has notifications; each sees only their own. */
const signedIn: Policy = { access: 'signedIn' };
const unreadAnswer = z.object({ unread: z.number() });
const idParams = z.object({ id: z.uuid() });

/** The user's notifications and their settings (issue 16), under `/api/notifications`. Contracts: packages/core/src/notifications/contracts.ts. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/', { config: { policy: signedIn }, schema: { tags, querystring: notificationListQuery, response: { 200: notificationPage } } }, async (request) =>
    listNotifications(ctx, requestUser(request), request.query),
  );

  app.get('/unread-count', { config: { policy: signedIn }, schema: { tags, response: { 200: notificationUnread } } }, async (request) =>
    countUnread(ctx, requestUser(request)),
  );

  app.post('/read-all', { config: { policy: signedIn }, schema: { tags, response: { 200: unreadAnswer } } }, async (request) =>
    readAll(ctx, requestUser(request)),
  );

  app.post('/:id/read', { config: { policy: signedIn }, schema: { tags, params: idParams, response: { 200: unreadAnswer } } }, async (request) =>
    readOne(ctx, requestUser(request), request.params.id),
  );

  app.get('/settings', { config: { policy: signedIn }, schema: { tags, response: { 200: notificationSettings } } }, async (request) =>
    getSettings(ctx, requestUser(request)),
  );

  app.put(
    '/settings',
    { config: { policy: signedIn }, schema: { tags, body: notificationSettings, response: { 200: notificationSettings } } },
    async (request) => putSettings(ctx, requestUser(request), request.body),
  );
};
