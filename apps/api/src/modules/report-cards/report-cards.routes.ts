import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCardQuery, type HonorRow, type ReportCardJob } from '@klase/core/deped/contracts';
import { ROLE } from '@klase/core/roles';
import { ctxOf } from '../../platform/app-context.ts';
import { attachmentHeader, sendDownload } from '../../platform/downloads.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { classHonors, learnerCard, schoolHonors, sectionJob, sectionJobFile, startSectionJob } from './report-cards.service.ts';

const tags = ['report cards'];
/** Staff of the class and the school administrator; the relationship check is in the service (404 otherwise). */
const staff: Policy = { access: 'roles', roles: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin] };
/** One learner's card: staff, and parents of the learner. */
const cardReaders: Policy = { access: 'roles', roles: [ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin, ROLE.parent] };

const classParams = z.object({ classId: z.uuid() });
const cardParams = z.object({ classId: z.uuid(), studentId: z.uuid() });
const jobParams = z.object({ classId: z.uuid(), jobId: z.uuid() });
const jobBody = z.object({ quarter: reportCardQuery.shape.quarter, paper: reportCardQuery.shape.paper, lang: reportCardQuery.shape.lang });
const honorsQuery = z.object({ gradeLevel: z.string().trim().min(1).max(50) });

const jobOut: z.ZodType<ReportCardJob> = z.object({
  id: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  fileName: z.string().nullable(),
});
const honorsOut: z.ZodType<HonorRow[]> = z.array(
  z.object({
    studentId: z.string(),
    name: z.string(),
    classId: z.string(),
    className: z.string(),
    generalAverage: z.number(),
    honor: z.enum(['highest', 'high', 'honors']),
  }),
);

/**
 * SF9 report cards and honors (issue 19), registered with the prefix `/api`. Contracts:
 * packages/core/src/deped/contracts.ts (`reportCardQuery`, `ReportCardJob`, `HonorRow`).
 */
export const reportCardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.post(
    '/classes/:classId/report-cards',
    { config: { policy: staff }, schema: { tags, params: classParams, body: jobBody, response: { 202: jobOut } } },
    async (request, reply) => {
      const job = await startSectionJob(ctx, requestUser(request), request.params.classId, request.body);
      app.reportCardWorker.kick();
      return reply.status(202).send(job);
    },
  );

  app.get(
    '/classes/:classId/report-cards/jobs/:jobId',
    { config: { policy: staff }, schema: { tags, params: jobParams, response: { 200: jobOut } } },
    async (request) => sectionJob(ctx, requestUser(request), request.params.classId, request.params.jobId),
  );

  app.get('/classes/:classId/report-cards/jobs/:jobId/file', { config: { policy: staff }, schema: { tags, params: jobParams } }, async (request, reply) =>
    sendDownload(reply, await sectionJobFile(ctx, requestUser(request), request.params.classId, request.params.jobId)),
  );

  app.get(
    '/classes/:classId/report-cards/:studentId',
    { config: { policy: cardReaders }, schema: { tags, params: cardParams, querystring: reportCardQuery } },
    async (request, reply) => {
      const { pdf, name } = await learnerCard(ctx, requestUser(request), request.params.classId, request.params.studentId, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get('/classes/:classId/honors', { config: { policy: staff }, schema: { tags, params: classParams, response: { 200: honorsOut } } }, async (request) =>
    classHonors(ctx, requestUser(request), request.params.classId),
  );

  app.get('/school/honors', { config: { policy: staff }, schema: { tags, querystring: honorsQuery, response: { 200: honorsOut } } }, async (request) =>
    schoolHonors(ctx, requestUser(request), request.query.gradeLevel),
  );
};
