import { ZipArchive } from 'archiver';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@klase/core/admin/common';
import {
  activityGradesRequest,
  feedbackFileParams,
  fileInfo,
  fileParams,
  gradeRequest,
  studentParams,
  submissionDetails as submissionDetailsSchema,
  submissionsAnswer,
} from '@klase/core/assignments/contracts';
import { materialParams } from '@klase/core/materials/contracts';
import type { Ctx } from '../../platform/context.ts';
import { attachmentHeader } from '../../platform/downloads.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { activityGrades, saveActivityGrades } from './activities.service.ts';
import { addFeedbackFile, gradeSubmission, listSubmissions, removeFeedbackFile, submissionDetails, submissionFile } from './grading.service.ts';
import { assignmentMessage } from './messages.ts';
import { graders, members, multipartFile, staff } from './route-kit.ts';
import { sendStored } from './stored-files.service.ts';
import { submissionsZip, writeZip } from './submissions-zip.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

const tags = ['assignments'];

/** Staff's routes of assignments and activities (part of `assignmentsRoutes`, prefix `/api`). */
export const registerGradingRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/materials/:materialId/submissions',
    // Students and parents answer 404 (never another student's work), like every other way in.
    { config: { policy: members }, schema: { tags, params: materialParams, response: { 200: submissionsAnswer } } },
    async (request) => listSubmissions(ctx, requestUser(request), request.params.materialId),
  );

  app.get(
    '/materials/:materialId/submissions/:studentId',
    { config: { policy: members }, schema: { tags, params: studentParams, response: { 200: submissionDetailsSchema } } },
    async (request) => submissionDetails(ctx, requestUser(request), request.params.materialId, request.params.studentId),
  );

  app.put(
    '/materials/:materialId/submissions/:studentId/grade',
    { config: { policy: graders }, schema: { tags, params: studentParams, body: gradeRequest, response: { 200: submissionDetailsSchema } } },
    async (request) => gradeSubmission(ctx, requestUser(request), request.params.materialId, request.params.studentId, request.body),
  );

  app.post(
    '/materials/:materialId/submissions/:studentId/feedback-files',
    { config: { policy: graders }, schema: { tags, consumes: ['multipart/form-data'], params: studentParams, response: { 201: fileInfo } } },
    async (request, reply) =>
      reply.status(201).send(await addFeedbackFile(ctx, requestUser(request), request.params.materialId, request.params.studentId, multipartFile(request))),
  );

  app.delete(
    '/materials/:materialId/submissions/:studentId/feedback-files/:fileId',
    { config: { policy: graders }, schema: { tags, params: feedbackFileParams, response: { 200: messageAnswer } } },
    async (request) => {
      const { materialId, studentId, fileId } = request.params;
      await removeFeedbackFile(ctx, requestUser(request), materialId, studentId, fileId);
      return assignmentMessage(request.locale, 'fileRemoved');
    },
  );

  app.get('/materials/:materialId/submission-files/:fileId', { config: { policy: members }, schema: { tags, params: fileParams } }, async (request, reply) =>
    sendStored(reply, ctx.storage, await submissionFile(ctx, requestUser(request), request.params.materialId, request.params.fileId)),
  );

  app.get('/materials/:materialId/submissions.zip', { config: { policy: staff }, schema: { tags, params: materialParams } }, async (request, reply) => {
    const { fileName, entries } = await submissionsZip(ctx, requestUser(request), request.params.materialId);
    // Students' files are mostly compressed already (PDF, pictures, Office files): stored, not deflated.
    const zip = new ZipArchive({ store: true });
    writeZip(ctx.storage, zip, entries).catch((err: unknown) => {
      request.log.error({ err }, 'submissions zip failed');
      zip.destroy(err instanceof Error ? err : new Error('submissions zip'));
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'private, no-store')
      .send(zip);
  });

  app.get(
    '/materials/:materialId/activity-grades',
    { config: { policy: staff }, schema: { tags, params: materialParams, response: { 200: submissionsAnswer } } },
    async (request) => activityGrades(ctx, requestUser(request), request.params.materialId),
  );

  app.put(
    '/materials/:materialId/activity-grades',
    { config: { policy: graders }, schema: { tags, params: materialParams, body: activityGradesRequest, response: { 200: submissionsAnswer } } },
    async (request) => saveActivityGrades(ctx, requestUser(request), request.params.materialId, request.body),
  );
};
