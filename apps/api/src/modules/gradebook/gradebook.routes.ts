import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROUTE_ROLES } from '@klase/core/guards';
import { gradeEntryForm } from '@klase/core/gradebook/index';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { gradeHistoryOf, writeGrade } from './entry.service.ts';
import { gradebookExportOut, gradeEntryOut, gradeHistoryOut, gridOut, studentReportOut } from './gradebook-schemas.ts';
import { gradebookExportQuery, sendGradebookExport } from './export.service.ts';
import { readGrid } from './grid.service.ts';
import { readStudentReport } from './report.service.ts';

const tags = ['gradebook'];
/** Reads: the gradebook access check decides per course and student (staff, the student, a parent). */
const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeRead };
/** Grade entry: teachers of the class (assistants 403). */
const teachers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeSetup };

const courseParams = z.object({ courseId: z.uuid() });
const cellParams = courseParams.extend({ itemId: z.uuid(), studentId: z.uuid() });
const studentParams = courseParams.extend({ studentId: z.uuid() });
const BASE = '/courses/:courseId/gradebook';

/**
 * The gradebook's grades and views (issue 7), registered with the prefix `/api`: the grader grid,
 * grade entry, history, export, a student's report. Contracts: packages/core/src/gradebook/contracts.ts.
 */
export const gradebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get(BASE, { config: { policy: readers }, schema: { tags, params: courseParams, response: { 200: gridOut } } }, async (request) =>
    readGrid(ctx, requestUser(request), request.params.courseId),
  );

  app.put(
    `${BASE}/items/:itemId/grades/:studentId`,
    { config: { policy: teachers }, schema: { tags, params: cellParams, body: gradeEntryForm, response: { 200: gradeEntryOut } } },
    async (request) => writeGrade(ctx, requestUser(request), request.params.courseId, request.params.itemId, request.params.studentId, request.body),
  );

  app.get(
    `${BASE}/items/:itemId/grades/:studentId/history`,
    { config: { policy: readers }, schema: { tags, params: cellParams, response: { 200: gradeHistoryOut } } },
    async (request) => gradeHistoryOf(ctx, requestUser(request), request.params.courseId, request.params.itemId, request.params.studentId),
  );

  app.get(
    `${BASE}/export`,
    { config: { policy: readers }, schema: { tags, params: courseParams, querystring: gradebookExportQuery, response: { 200: gradebookExportOut } } },
    async (request, reply) => sendGradebookExport(ctx, requestUser(request), request.params.courseId, request.query, request.locale, reply),
  );

  app.get(
    `${BASE}/students/:studentId`,
    { config: { policy: readers }, schema: { tags, params: studentParams, response: { 200: studentReportOut } } },
    async (request) => readStudentReport(ctx, requestUser(request), request.params.courseId, request.params.studentId),
  );
};
