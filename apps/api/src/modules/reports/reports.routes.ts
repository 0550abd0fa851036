import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  atRiskMessageResult,
  atRiskMessageSchema,
  atRiskPage,
  classCharts as classChartsSchema,
  classReportPage,
  materialReportPage,
  reportClassOptions as reportClassOptionsSchema,
  reportClassPage,
  studentReport as studentReportSchema,
} from '@klase/core/reports/contracts';
import { requestUser } from '../../kernel/request-user.ts';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { sendAtRiskMessage } from './at-risk.service.ts';
import { REPORT_ROLES } from './report-access.ts';
import { CLASS_EXPORT, MATERIAL_EXPORT, sendReport } from './report-export.ts';
import { atRiskQuery, classIdParams, reportExportQuery, reportQuery, scopesQuery, studentIdParams, studentReportQuery } from './report-query.ts';
import {
  atRiskList,
  classCharts,
  classReport,
  classReportAll,
  materialReport,
  materialReportAll,
  reportClasses,
  reportClassOptions,
  studentReport,
} from './reports.service.ts';

/** Teachers, assistants, school administrators and the lsg (403 for students and parents); the access check narrows to classes. */
const readers: Policy = { access: 'roles', roles: REPORT_ROLES };
const tags = ['reports'];

/** `/api/reports/...` (issue 21): contracts in core's `reports/contracts.ts`. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  const db = ctx.db;
  const config = { policy: readers };

  app.get('/classes', { config, schema: { tags, querystring: scopesQuery, response: { 200: reportClassPage } } }, (request) =>
    reportClasses(db, requestUser(request), request.query),
  );

  app.get('/classes/:classId/options', { config, schema: { tags, params: classIdParams, response: { 200: reportClassOptionsSchema } } }, (request) =>
    reportClassOptions(db, requestUser(request), request.params.classId),
  );

  app.get('/class', { config, schema: { tags, querystring: reportQuery, response: { 200: classReportPage } } }, (request) =>
    classReport(db, requestUser(request), request.query.filter, request.query.table),
  );

  app.get('/class/charts', { config, schema: { tags, querystring: reportQuery, response: { 200: classChartsSchema } } }, (request) =>
    classCharts(db, requestUser(request), request.query.filter),
  );

  app.get('/class/export', { config, schema: { tags, querystring: reportExportQuery } }, async (request, reply) =>
    sendReport(reply, CLASS_EXPORT, request.query.extra.format, await classReportAll(db, requestUser(request), request.query.filter, request.query.table)),
  );

  app.get('/materials', { config, schema: { tags, querystring: reportQuery, response: { 200: materialReportPage } } }, (request) =>
    materialReport(db, requestUser(request), request.query.filter, request.query.table),
  );

  app.get('/materials/export', { config, schema: { tags, querystring: reportExportQuery } }, async (request, reply) =>
    sendReport(
      reply,
      MATERIAL_EXPORT,
      request.query.extra.format,
      await materialReportAll(db, requestUser(request), request.query.filter, request.query.table),
    ),
  );

  app.get(
    '/students/:studentId',
    { config, schema: { tags, params: studentIdParams, querystring: studentReportQuery, response: { 200: studentReportSchema } } },
    (request) => studentReport(db, requestUser(request), request.params.studentId, request.query),
  );

  app.get('/at-risk', { config, schema: { tags, querystring: atRiskQuery, response: { 200: atRiskPage } } }, (request) =>
    atRiskList(db, requestUser(request), request.query.filter, request.query.table),
  );

  app.post('/at-risk/message', { config, schema: { tags, body: atRiskMessageSchema, response: { 200: atRiskMessageResult } } }, (request) =>
    sendAtRiskMessage(ctx, requestUser(request), request.body),
  );
};
