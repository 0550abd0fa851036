import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@klase/core/admin/common';
import {
  announcementForm,
  announcementList,
  announcementOptions,
  announcementPage,
  announcementRow,
  currentAnnouncementsQuery,
  manageAnnouncementsQuery,
} from '@klase/core/announcements/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { requestUser } from '../../kernel/request-user.ts';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import {
  announcementOptionsFor,
  createAnnouncement,
  currentAnnouncements,
  deleteAnnouncementOf,
  listManaged,
  readAnnouncement,
  updateAnnouncementOf,
} from './announcements.service.ts';

const tags = ['announcements'];
/** Who manages announcements (the relationship checks are in the service). */
const manage = { policy: { access: 'roles', roles: ROUTE_ROLES.announcementsManage } satisfies Policy };
/** Who reads them on the dashboard. */
const read = { policy: { access: 'roles', roles: [ROLE.student, ROLE.parent, ...ROUTE_ROLES.announcementsManage] } satisfies Policy };

/** Announcements (`/api/announcements`, issue 18): see `@klase/core/announcements/contracts`. */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/current', { config: read, schema: { tags, querystring: currentAnnouncementsQuery, response: { 200: announcementList } } }, (request) =>
    currentAnnouncements(ctx, requestUser(request), request.query),
  );

  app.post('/:id/read', { config: read, schema: { tags, params: idParams } }, async (request, reply) => {
    await readAnnouncement(ctx, requestUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.get('/options', { config: manage, schema: { tags, response: { 200: announcementOptions } } }, (request) =>
    announcementOptionsFor(ctx, requestUser(request)),
  );

  app.get('/', { config: manage, schema: { tags, querystring: manageAnnouncementsQuery, response: { 200: announcementPage } } }, (request) =>
    listManaged(ctx, requestUser(request), request.query),
  );

  app.post('/', { config: manage, schema: { tags, body: announcementForm, response: { 201: announcementRow } } }, async (request, reply) =>
    reply.status(201).send(await createAnnouncement(ctx, requestUser(request), request.body)),
  );

  app.put('/:id', { config: manage, schema: { tags, params: idParams, body: announcementForm, response: { 200: announcementRow } } }, (request) =>
    updateAnnouncementOf(ctx, requestUser(request), request.params.id, request.body),
  );

  app.delete('/:id', { config: manage, schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteAnnouncementOf(ctx, requestUser(request), request.params.id);
    return reply.status(204).send();
  });
};
