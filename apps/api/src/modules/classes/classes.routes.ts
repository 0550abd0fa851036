import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageAnswer } from '@klase/core/admin/common';
import {
  addStudentsAnswer,
  addStudentsRequest,
  candidatesQuery,
  classArchiveRequest,
  classDetails as classDetailsSchema,
  classForm,
  classUpdate,
  classJoinInfo,
  classJoinRegenerateRequest,
  classJoinSwitchRequest,
  classRow,
  classStudentDetails,
  classStudentParams,
  classStudentRow,
  classStudentsQuery,
  classTableQuery,
  classTeacherDetails,
  classTeacherParams,
  classTeachersAnswer,
  invitationInfo as invitationInfoSchema,
  invitationParams,
  joinAnswer,
  joinByCodeRequest,
  studentCandidate,
  studentPasswordAnswer,
  studentPasswordRequest,
  teacherCandidate,
} from '@klase/core/classes/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Ctx } from '../../platform/context.ts';
import { classMessage } from './class-messages.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import {
  classDetails,
  classTable,
  classTeachers,
  createClass,
  editClass,
  regenerateJoin,
  setArchived,
  switchJoin,
  teacherCandidates,
  teacherDetails,
} from './classes.service.ts';
import { acceptInvitation, invitationInfo, joinByCode } from './join.service.ts';
import { addStudents, candidates, removeStudent, resetStudentPassword, studentDetails, studentTable } from './roster.service.ts';

const members: Policy = { access: 'roles', roles: ROUTE_ROLES.classes };
const creators: Policy = { access: 'roles', roles: ROUTE_ROLES.classCreate };
const settings: Policy = { access: 'roles', roles: ROUTE_ROLES.classSettings };
const listStudents: Policy = { access: 'roles', roles: ROUTE_ROLES.classListStudents };
const studentPage: Policy = { access: 'roles', roles: ROUTE_ROLES.classStudentPage };
const studentPassword: Policy = { access: 'roles', roles: ROUTE_ROLES.classStudentPassword };
/**
 * Joining is for students (ROUTE_ROLES.classJoin); the service refuses other roles with
 * JOIN_NOT_STUDENT, which tells a teacher who opened a link why, instead of a bare "no access".
 */
const signedIn: Policy = { access: 'signedIn' };
const tags = ['classes'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The class list, a new class and who may teach it. */
const registerClassListRoutes = (app: App, ctx: Ctx): void => {
  app.get('/', { config: { policy: members }, schema: { tags, querystring: classTableQuery, response: { 200: tablePage(classRow) } } }, (request) =>
    classTable(ctx, requestUser(request), request.query),
  );

  app.post('/', { config: { policy: creators }, schema: { tags, body: classForm, response: { 201: classDetailsSchema } } }, async (request, reply) =>
    reply.status(201).send(await createClass(ctx, requestUser(request), request.body)),
  );

  app.get('/teacher-candidates', { config: { policy: creators }, schema: { tags, response: { 200: z.array(teacherCandidate) } } }, (request) =>
    teacherCandidates(ctx, requestUser(request)),
  );
};

/** A student joins by code or by invitation. */
const registerJoinRoutes = (app: App, ctx: Ctx): void => {
  // Static segments before `/:id` (Fastify prefers them anyway; ids are uuids).
  app.post('/join', { config: { policy: signedIn }, schema: { tags, body: joinByCodeRequest, response: { 200: joinAnswer } } }, (request) =>
    joinByCode(ctx, requestUser(request), request.body.code, request.locale),
  );

  app.get(
    '/invitations/:token',
    { config: { policy: signedIn }, schema: { tags, params: invitationParams, response: { 200: invitationInfoSchema } } },
    (request) => invitationInfo(ctx, requestUser(request), request.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    { config: { policy: signedIn }, schema: { tags, params: invitationParams, response: { 200: joinAnswer } } },
    (request) => acceptInvitation(ctx, requestUser(request), request.params.token, request.locale),
  );
};

/** One class: its page, settings, archiving and joining options. */
const registerClassSettingsRoutes = (app: App, ctx: Ctx): void => {
  app.get('/:id', { config: { policy: members }, schema: { tags, params: idParams, response: { 200: classDetailsSchema } } }, (request) =>
    classDetails(ctx, requestUser(request), request.params.id),
  );

  app.put('/:id', { config: { policy: settings }, schema: { tags, params: idParams, body: classUpdate, response: { 200: classDetailsSchema } } }, (request) =>
    editClass(ctx, requestUser(request), request.params.id, request.body),
  );

  app.patch(
    '/:id/archived',
    { config: { policy: settings }, schema: { tags, params: idParams, body: classArchiveRequest, response: { 200: messageAnswer } } },
    async (request) => {
      await setArchived(ctx, requestUser(request), request.params.id, request.body.archived);
      return classMessage(request.locale, request.body.archived ? 'classArchived' : 'classRestored');
    },
  );

  app.patch(
    '/:id/join',
    { config: { policy: settings }, schema: { tags, params: idParams, body: classJoinSwitchRequest, response: { 200: classJoinInfo } } },
    (request) => switchJoin(ctx, requestUser(request), request.params.id, request.body),
  );

  app.post(
    '/:id/join/regenerate',
    { config: { policy: settings }, schema: { tags, params: idParams, body: classJoinRegenerateRequest, response: { 200: classJoinInfo } } },
    (request) => regenerateJoin(ctx, requestUser(request), request.params.id, request.body.what),
  );
};

/** A class's teachers. */
const registerClassTeacherRoutes = (app: App, ctx: Ctx): void => {
  app.get('/:id/teachers', { config: { policy: members }, schema: { tags, params: idParams, response: { 200: classTeachersAnswer } } }, (request) =>
    classTeachers(ctx, requestUser(request), request.params.id),
  );

  app.get(
    '/:id/teachers/:teacherId',
    { config: { policy: members }, schema: { tags, params: classTeacherParams, response: { 200: classTeacherDetails } } },
    (request) => teacherDetails(ctx, requestUser(request), request.params.id, request.params.teacherId),
  );

  app.get(
    '/:id/teacher-candidates',
    { config: { policy: settings }, schema: { tags, params: idParams, response: { 200: z.array(teacherCandidate) } } },
    (request) => teacherCandidates(ctx, requestUser(request), request.params.id),
  );
};

/** A class's students: roster, adding, removing, their page and password. */
const registerClassStudentRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/:id/students',
    { config: { policy: listStudents }, schema: { tags, params: idParams, querystring: classStudentsQuery, response: { 200: tablePage(classStudentRow) } } },
    (request) => studentTable(ctx, requestUser(request), request.params.id, request.query),
  );

  app.get(
    '/:id/students/candidates',
    { config: { policy: settings }, schema: { tags, params: idParams, querystring: candidatesQuery, response: { 200: z.array(studentCandidate) } } },
    (request) => candidates(ctx, requestUser(request), request.params.id, request.query.search),
  );

  app.post(
    '/:id/students',
    { config: { policy: settings }, schema: { tags, params: idParams, body: addStudentsRequest, response: { 200: addStudentsAnswer } } },
    (request) => addStudents(ctx, requestUser(request), request.params.id, request.body.studentIds, request.locale),
  );

  app.get(
    '/:id/students/:studentId',
    { config: { policy: studentPage }, schema: { tags, params: classStudentParams, response: { 200: classStudentDetails } } },
    (request) => studentDetails(ctx, requestUser(request), request.params.id, request.params.studentId),
  );

  app.delete(
    '/:id/students/:studentId',
    { config: { policy: settings }, schema: { tags, params: classStudentParams, response: { 200: messageAnswer } } },
    (request) => removeStudent(ctx, requestUser(request), request.params.id, request.params.studentId, request.locale),
  );

  app.post(
    '/:id/students/:studentId/password',
    {
      config: { policy: studentPassword },
      schema: { tags, params: classStudentParams, body: studentPasswordRequest, response: { 200: studentPasswordAnswer } },
    },
    (request) => resetStudentPassword(ctx, requestUser(request), request.params.id, request.params.studentId, request.body.mode, request.locale),
  );
};

export const classesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  registerClassListRoutes(app, ctx);
  registerJoinRoutes(app, ctx);
  registerClassSettingsRoutes(app, ctx);
  registerClassTeacherRoutes(app, ctx);
  registerClassStudentRoutes(app, ctx);
};
