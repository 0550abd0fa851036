import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@klase/core/admin/common';
import {
  calendarFeed,
  calendarOptions,
  calendarRange,
  calendarRangeQuery,
  eventDeleteQuery,
  eventDetails,
  eventForm,
  eventUpdate,
  overdueQuery,
  upcomingQuery,
} from '@klase/core/calendar/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { requestUser } from '../../kernel/request-user.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { PUBLIC } from '../../platform/policy.ts';
import type { Policy } from '../../platform/types.ts';
import { calendarOptions as options, changeEvent, createEvent, eventDetails as details, removeEvent } from './events.service.ts';
import { dropFeed, feedState, feedText, makeFeed } from './feed.service.ts';
import { calendarRange as range, overdue, upcoming } from './views.service.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.calendar };
const config = { policy };
const tags = ['calendar'];
/** The feed answer; `active` (additive): a feed URL exists (only its hash is kept, so GET cannot show it again). */
const feedAnswer = calendarFeed.extend({ active: z.boolean() });
const icalParams = z.object({ file: z.string().max(120) });

/** Calendar (`/api/calendar/...`, issue 17): see `@klase/core/calendar/contracts`. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/events', { config, schema: { tags, querystring: calendarRangeQuery, response: { 200: calendarRange } } }, (request) =>
    range(ctx, requestUser(request), request.query),
  );
  app.post('/events', { config, schema: { tags, body: eventForm, response: { 201: eventDetails } } }, async (request, reply) =>
    reply.status(201).send(await createEvent(ctx, requestUser(request), request.body)),
  );
  app.get('/events/:id', { config, schema: { tags, params: idParams, response: { 200: eventDetails } } }, (request) =>
    details(ctx, requestUser(request), request.params.id),
  );
  app.patch('/events/:id', { config, schema: { tags, params: idParams, body: eventUpdate, response: { 200: eventDetails } } }, (request) =>
    changeEvent(ctx, requestUser(request), request.params.id, request.body),
  );
  app.delete('/events/:id', { config, schema: { tags, params: idParams, querystring: eventDeleteQuery } }, async (request, reply) => {
    await removeEvent(ctx, requestUser(request), request.params.id, request.query);
    return reply.status(204).send();
  });

  app.get('/upcoming', { config, schema: { tags, querystring: upcomingQuery, response: { 200: calendarRange } } }, (request) =>
    upcoming(ctx, requestUser(request), request.query),
  );
  app.get('/overdue', { config, schema: { tags, querystring: overdueQuery, response: { 200: calendarRange } } }, (request) =>
    overdue(ctx, requestUser(request), request.query),
  );
  app.get('/options', { config, schema: { tags, response: { 200: calendarOptions } } }, (request) => options(ctx, requestUser(request)));

  app.get('/feed', { config, schema: { tags, response: { 200: feedAnswer } } }, (request) => feedState(ctx, requestUser(request)));
  app.post('/feed', { config, schema: { tags, response: { 200: feedAnswer } } }, (request) => makeFeed(ctx, requestUser(request)));
  app.delete('/feed', { config, schema: { tags } }, async (request, reply) => {
    await dropFeed(ctx, requestUser(request));
    return reply.status(204).send();
  });

  // The subscription itself: no session, the secret token in the URL.
  app.get('/ical/:file', { config: { policy: PUBLIC }, schema: { tags, params: icalParams } }, async (request, reply) => {
    const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
    const text = await feedText(ctx, token, request.ip);
    return reply.header('cache-control', 'private, no-store').type('text/calendar; charset=utf-8').send(text);
  });
};
