import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_MAX_BYTES, bulkJob, bulkJobDetails, bulkJobTableQuery, bulkRejectedQuery, bulkTemplateQuery, bulkUploadQuery } from '@klase/core/admin/bulk';
import { idParams } from '@klase/core/admin/common';
import { DomainError } from '@klase/core/errors';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { safeFileName } from '@klase/core/upload';
import { requestScope } from '../admin-scope.ts';
import { ctxOf } from '../../../platform/app-context.ts';
import { sendSheet } from '../../../platform/spreadsheet.ts';
import type { Policy } from '../../../platform/types.ts';
import { TEMPLATE_HEADER, answerUpload, formatOfName, jobDetails, jobTable, rejectedRowsFile, startUpload, templateRows } from './bulk.service.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.adminWrite };
const tags = ['admin'];

const isTooLarge = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get('/bulk-template', { config: { policy }, schema: { tags, querystring: bulkTemplateQuery } }, (request, reply) =>
    sendSheet(reply, { format: request.query.format, base: 'klase-users-template', sheet: 'Users', header: TEMPLATE_HEADER, rows: templateRows() }),
  );

  app.post('/bulk-jobs', { config: { policy }, schema: { tags, querystring: bulkUploadQuery, response: { 202: bulkJob } } }, async (request, reply) => {
    const scope = requestScope(request);
    if (!request.isMultipart()) throw new DomainError('VALIDATION', { fields: [{ path: 'file', key: 'required' }] });
    const file = await request.file({ limits: { fileSize: BULK_MAX_BYTES, files: 1 } });
    if (!file) throw new DomainError('VALIDATION', { fields: [{ path: 'file', key: 'required' }] });
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if (isTooLarge(err)) throw new DomainError('IMPORT_TOO_LARGE');
      throw err;
    }
    if (file.file.truncated) throw new DomainError('IMPORT_TOO_LARGE');
    const id = await startUpload(ctx, scope, { schoolId: request.query.schoolId, fileName: safeFileName(file.filename || 'upload'), data });
    app.bulkWorker.kick();
    const { rejected: _rejected, ...job } = await jobDetails(ctx, scope, id, request.locale);
    return reply.status(202).send(job);
  });

  app.get('/bulk-jobs', { config: { policy }, schema: { tags, querystring: bulkJobTableQuery, response: { 200: tablePage(bulkJob) } } }, (request) =>
    jobTable(ctx, requestScope(request), request.query),
  );

  app.get('/bulk-jobs/:id', { config: { policy }, schema: { tags, params: idParams, response: { 200: bulkJobDetails } } }, (request) =>
    jobDetails(ctx, requestScope(request), request.params.id, request.locale),
  );

  // The preview's answers: create the rows that passed the check, or drop the upload.
  for (const [action, answer] of [
    ['confirm', 'confirmed'],
    ['cancel', 'cancelled'],
  ] as const) {
    app.post(`/bulk-jobs/:id/${action}`, { config: { policy }, schema: { tags, params: idParams, response: { 200: bulkJobDetails } } }, async (request) => {
      const scope = requestScope(request);
      await answerUpload(ctx, scope, request.params.id, answer);
      if (answer === 'confirmed') app.bulkWorker.kick();
      return jobDetails(ctx, scope, request.params.id, request.locale);
    });
  }

  app.get('/bulk-jobs/:id/rejected', { config: { policy }, schema: { tags, params: idParams, querystring: bulkRejectedQuery } }, async (request, reply) => {
    const file = await rejectedRowsFile(ctx, requestScope(request), request.params.id, request.locale);
    const format = request.query.format ?? formatOfName(file.fileName);
    return sendSheet(reply, { format, base: 'klase-users-rejected', sheet: 'Rejected', header: file.header, rows: file.rows });
  });
};
