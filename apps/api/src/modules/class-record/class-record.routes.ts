import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CLASS_RECORD_MAX_BYTES, XLSX_TYPE } from '@klase/core/deped/class-record';
import { QUARTERS } from '@klase/core/deped/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { translateShared } from '@klase/core/i18n/catalog';
import { ctxOf } from '../../platform/app-context.ts';
import type { Policy } from '../../platform/types.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { classRecordInfo, ClassRecordRowsError, importClassRecord, previewClassRecord, sendClassRecord } from './class-record.service.ts';

const tags = ['class-record'];
/** Export: staff of the class (the gradebook access check decides; students and parents 404). */
const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeRead };
/** Preview and import: teachers of the class, as grade entry (assistants 403). */
const teachers: Policy = { access: 'roles', roles: ROUTE_ROLES.gradeSetup };

const params = z.object({ courseId: z.uuid() });
const query = z.object({ quarter: z.coerce.number().pipe(z.union(QUARTERS.map((q) => z.literal(q)))) });
const rowError = z.object({ row: z.number(), field: z.string(), message: z.string() });
const previewOut = z.object({
  changes: z.array(
    z.object({
      studentId: z.string(),
      studentName: z.string(),
      itemId: z.string(),
      itemName: z.string(),
      before: z.number().nullable(),
      after: z.number().nullable(),
    }),
  ),
  errors: z.array(rowError),
});
/** Any 400 of the import (CLASS_RECORD_FILE, VALIDATION…); CLASS_RECORD_ROWS names the wrong rows in `rows`. */
const badImportOut = z.looseObject({ code: z.string(), message: z.string(), rows: z.array(rowError).optional() });
const infoOut = z.object({ deped: z.boolean(), currentQuarter: z.union(QUARTERS.map((q) => z.literal(q))), canImport: z.boolean() });
const fileOut = z.string().meta({ description: 'The E-Class Record (XLSX)', format: 'binary' });
const BASE = '/courses/:courseId/class-record';

/**
 * The E-Class Record of a DepEd learning area (issue 19), registered with the prefix `/api`:
 * export, and import of the same file with a preview first. The upload is the XLSX itself as the
 * body (5 MB at most; read by its content, whatever its type header says).
 */
export const classRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  app.addContentTypeParser([XLSX_TYPE, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: CLASS_RECORD_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  const upload = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));

  app.get(`${BASE}/info`, { config: { policy: readers }, schema: { tags, params, response: { 200: infoOut } } }, async (request) =>
    classRecordInfo(ctx, requestUser(request), request.params.courseId),
  );

  app.get(BASE, { config: { policy: readers }, schema: { tags, params, querystring: query, response: { 200: fileOut } } }, async (request, reply) =>
    sendClassRecord(ctx, requestUser(request), request.params.courseId, request.query.quarter, reply),
  );

  app.post(
    `${BASE}/preview`,
    { bodyLimit: CLASS_RECORD_MAX_BYTES, config: { policy: teachers }, schema: { tags, params, querystring: query, response: { 200: previewOut } } },
    async (request) => previewClassRecord(ctx, requestUser(request), request.params.courseId, request.query.quarter, upload(request.body), request.locale),
  );

  app.post(
    `${BASE}/import`,
    {
      bodyLimit: CLASS_RECORD_MAX_BYTES,
      config: { policy: teachers },
      schema: { tags, params, querystring: query, response: { 200: previewOut, 400: badImportOut } },
    },
    async (request, reply) => {
      try {
        return await importClassRecord(ctx, requestUser(request), request.params.courseId, request.query.quarter, upload(request.body), request.locale);
      } catch (err) {
        if (!(err instanceof ClassRecordRowsError)) throw err;
        return reply.status(400).send({ code: 'CLASS_RECORD_ROWS' as const, message: translateShared(request.locale, 'errors', err.code), rows: err.rows });
      }
    },
  );
};
