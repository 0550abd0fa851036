import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageAnswer, option } from '@klase/core/admin/common';
import {
  schoolDetails as schoolDetailsSchema,
  schoolEnabledRequest,
  schoolExportQuery,
  schoolForm,
  schoolRow,
  schoolTableQuery,
} from '@klase/core/admin/schools';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { adminMessage } from '../admin-messages.ts';
import { requestScope } from '../admin-scope.ts';
import { ctxOf } from '../../../platform/app-context.ts';
import { sendSheet } from '../../../platform/spreadsheet.ts';
import type { Policy } from '../../../platform/types.ts';
import {
  SCHOOL_EXPORT_HEADER,
  createSchool,
  editSchool,
  schoolChoices,
  schoolDetails,
  schoolExportRows,
  schoolTable,
  setSchoolEnabled,
} from './schools.service.ts';

const read: Policy = { access: 'roles', roles: ROUTE_ROLES.adminRead };
const write: Policy = { access: 'roles', roles: ROUTE_ROLES.adminWrite };
const manage: Policy = { access: 'roles', roles: ROUTE_ROLES.adminSchoolsManage };
const tags = ['admin'];

export const schoolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/', { config: { policy: read }, schema: { tags, querystring: schoolTableQuery, response: { 200: tablePage(schoolRow) } } }, (request) =>
    schoolTable(ctx, requestScope(request), request.query),
  );

  app.get('/export', { config: { policy: read }, schema: { tags, querystring: schoolExportQuery } }, (request, reply) =>
    sendSheet(reply, {
      format: request.query.format,
      base: 'schools',
      sheet: 'Schools',
      header: SCHOOL_EXPORT_HEADER,
      rows: schoolExportRows(ctx, requestScope(request), request.query),
    }),
  );

  app.get('/options', { config: { policy: read }, schema: { tags, response: { 200: z.array(option) } } }, (request) =>
    schoolChoices(ctx, requestScope(request)),
  );

  app.get('/:id', { config: { policy: read }, schema: { tags, params: idParams, response: { 200: schoolDetailsSchema } } }, (request) =>
    schoolDetails(ctx, requestScope(request), request.params.id),
  );

  app.post('/', { config: { policy: manage }, schema: { tags, body: schoolForm, response: { 201: schoolDetailsSchema } } }, async (request, reply) =>
    reply.status(201).send(await createSchool(ctx, requestScope(request), request.body)),
  );

  app.put('/:id', { config: { policy: write }, schema: { tags, params: idParams, body: schoolForm, response: { 200: schoolDetailsSchema } } }, (request) =>
    editSchool(ctx, requestScope(request), request.params.id, request.body),
  );

  app.patch(
    '/:id/enabled',
    { config: { policy: manage }, schema: { tags, params: idParams, body: schoolEnabledRequest, response: { 200: messageAnswer } } },
    async (request) => {
      await setSchoolEnabled(ctx, requestScope(request), request.params.id, request.body.enabled);
      return adminMessage(request.locale, request.body.enabled ? 'schoolEnabled' : 'schoolDisabled');
    },
  );
};
