import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@klase/core/admin/common';
import { adviserForm, attendanceForm, learnerFields, observedValuesForm } from '@klase/core/deped/contracts';
import { observedQuery } from '@klase/core/deped/learners';
import { ROUTE_ROLES } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { DomainError } from '@klase/core/errors';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { classAccessOf } from '../class-work/request-access.ts';
import {
  attendanceSheet,
  classAdviser,
  learnerProfile,
  observedSheet,
  putAdviser,
  saveAttendance,
  saveLearnerProfile,
  saveObserved,
} from './learners.service.ts';

/** Everyone who can reach a class; the service narrows (students and parents 404, non-advisers 403 on writes). */
const classPolicy: Policy = { access: 'roles', roles: ROUTE_ROLES.classes };
const profilePolicy: Policy = { access: 'roles', roles: [ROLE.schoolAdmin, ROLE.teacher, ROLE.assistantTeacher, ROLE.student] };
const tags = ['learners'];

const callerOf = (request: FastifyRequest) => {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED');
  return request.auth.user;
};

/** `/api/learners/:id`: a student's learner fields (LRN, sex, birth date). */
export const learnerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  app.get('/:id', { config: { policy: profilePolicy }, schema: { tags, params: idParams } }, async (request) =>
    learnerProfile(ctx, callerOf(request), request.params.id),
  );
  app.put('/:id', { config: { policy: profilePolicy }, schema: { tags, params: idParams, body: learnerFields } }, async (request) =>
    saveLearnerProfile(ctx, callerOf(request), request.params.id, request.body),
  );
};

/** `/api/classes/:id/{adviser,attendance,observed-values}`: a section's adviser, monthly attendance and observed values. */
export const classLearnersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  const opts = { config: { policy: classPolicy } };

  app.get('/:id/adviser', { ...opts, schema: { tags, params: idParams } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return classAdviser(ctx, user, access);
  });
  app.put('/:id/adviser', { ...opts, schema: { tags, params: idParams, body: adviserForm } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return putAdviser(ctx, user, access, request.body.teacherId);
  });

  app.get('/:id/attendance', { ...opts, schema: { tags, params: idParams } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return attendanceSheet(ctx, user, access);
  });
  app.put('/:id/attendance', { ...opts, schema: { tags, params: idParams, body: attendanceForm } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return saveAttendance(ctx, user, access, request.body);
  });

  app.get('/:id/observed-values', { ...opts, schema: { tags, params: idParams, querystring: observedQuery } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return observedSheet(ctx, user, access, request.query.quarter);
  });
  app.put('/:id/observed-values', { ...opts, schema: { tags, params: idParams, body: observedValuesForm } }, async (request) => {
    const { user, access } = await classAccessOf(ctx, request, request.params.id);
    return saveObserved(ctx, user, access, request.body);
  });
};
