import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@klase/core/admin/common';
import {
  assignmentSettings,
  assignmentSettingsUpdate,
  draftRequest,
  fileInfo,
  fileParams,
  mySubmission,
  mySubmissionQuery,
} from '@klase/core/assignments/contracts';
import { materialParams } from '@klase/core/materials/contracts';
import { ctxOf } from '../../platform/app-context.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { registerGradingRoutes } from './grading.routes.ts';
import { assignmentMessage } from './messages.ts';
import { addWorkFile, mySubmission as readMySubmission, removeWorkFile, saveDraft, submitWork } from './my-submission.service.ts';
import { members, multipartFile, staff, students, studentsAndParents, teachers } from './route-kit.ts';
import { addAttachment, attachmentFile, readSettings, removeAttachment, writeSettings } from './settings.service.ts';
import { sendStored } from './stored-files.service.ts';

const tags = ['assignments'];

/**
 * Assignments and activities (issue 6): settings and the teacher's attachments, the student's own
 * work (draft, files, submit), and — in grading.routes.ts — staff's view of every student's work,
 * grades, feedback, the ZIP of all work and activity grades. Registered with the prefix `/api`.
 * Contracts: packages/core/src/assessments/assignments.ts.
 */
export const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  // --- Settings and attachments -------------------------------------------------------------

  app.get(
    '/materials/:materialId/assignment-settings',
    { config: { policy: staff }, schema: { tags, params: materialParams, response: { 200: assignmentSettings } } },
    async (request) => readSettings(ctx, requestUser(request), request.params.materialId),
  );

  app.put(
    '/materials/:materialId/assignment-settings',
    { config: { policy: teachers }, schema: { tags, params: materialParams, body: assignmentSettingsUpdate, response: { 200: assignmentSettings } } },
    async (request) => writeSettings(ctx, requestUser(request), request.params.materialId, request.body),
  );

  app.post(
    '/materials/:materialId/attachments',
    { config: { policy: teachers }, schema: { tags, consumes: ['multipart/form-data'], params: materialParams, response: { 201: fileInfo } } },
    async (request, reply) => reply.status(201).send(await addAttachment(ctx, requestUser(request), request.params.materialId, multipartFile(request))),
  );

  app.delete(
    '/materials/:materialId/attachments/:fileId',
    { config: { policy: teachers }, schema: { tags, params: fileParams, response: { 200: messageAnswer } } },
    async (request) => {
      await removeAttachment(ctx, requestUser(request), request.params.materialId, request.params.fileId);
      return assignmentMessage(request.locale, 'fileRemoved');
    },
  );

  app.get('/materials/:materialId/attachments/:fileId', { config: { policy: members }, schema: { tags, params: fileParams } }, async (request, reply) =>
    sendStored(reply, ctx.storage, await attachmentFile(ctx, requestUser(request), request.params.materialId, request.params.fileId)),
  );

  // --- The student's own work ---------------------------------------------------------------

  app.get(
    '/materials/:materialId/my-submission',
    { config: { policy: studentsAndParents }, schema: { tags, params: materialParams, querystring: mySubmissionQuery, response: { 200: mySubmission } } },
    async (request) => readMySubmission(ctx, requestUser(request), request.params.materialId, request.query.childId),
  );

  app.put(
    '/materials/:materialId/my-submission',
    { config: { policy: students }, schema: { tags, params: materialParams, body: draftRequest, response: { 200: mySubmission } } },
    async (request) => saveDraft(ctx, requestUser(request), request.params.materialId, request.body),
  );

  app.post(
    '/materials/:materialId/my-submission/files',
    { config: { policy: students }, schema: { tags, consumes: ['multipart/form-data'], params: materialParams, response: { 201: fileInfo } } },
    async (request, reply) => reply.status(201).send(await addWorkFile(ctx, requestUser(request), request.params.materialId, multipartFile(request))),
  );

  app.delete(
    '/materials/:materialId/my-submission/files/:fileId',
    { config: { policy: students }, schema: { tags, params: fileParams, response: { 200: messageAnswer } } },
    async (request) => {
      await removeWorkFile(ctx, requestUser(request), request.params.materialId, request.params.fileId);
      return assignmentMessage(request.locale, 'fileRemoved');
    },
  );

  app.post(
    '/materials/:materialId/my-submission/submit',
    { config: { policy: students }, schema: { tags, params: materialParams, response: { 200: mySubmission } } },
    async (request) => submitWork(ctx, requestUser(request), request.params.materialId),
  );

  registerGradingRoutes(app, ctx);
};
