import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, ERROR_STATUS, waitParams, type ErrorBody } from '@klase/core/errors';
import { translateShared } from '@klase/core/i18n/catalog';
import { formatChangedAt } from '@klase/core/edit-version';
import { toFieldIssues } from '@klase/core/validation/issues';
import type { z } from 'zod';
import { isConnectionError } from './db-errors.ts';

const messageParams = (err: DomainError, locale: string): Record<string, string | number> | undefined => {
  const wait = err.retryAfterSeconds;
  // An edit conflict's `at` is an ISO instant in `params`; the message shows it in the caller's language.
  if (err.code === 'EDIT_CONFLICT' && typeof err.params?.at === 'string') return { ...err.params, at: formatChangedAt(locale, err.params.at) };
  if (wait === undefined) return err.params;
  return { ...err.params, ...waitParams(wait) };
};

export const sendError = (request: FastifyRequest, reply: FastifyReply, err: DomainError): FastifyReply => {
  const body: ErrorBody = {
    code: err.code,
    message: translateShared(request.locale, 'errors', err.code, messageParams(err, request.locale)),
  };
  if (err.fields?.length) body.fields = err.fields;
  if (err.params) body.params = err.params;
  if (err.retryAfterSeconds !== undefined) {
    body.retryAfterSeconds = err.retryAfterSeconds;
    void reply.header('retry-after', String(err.retryAfterSeconds));
  }
  return reply.status(ERROR_STATUS[err.code]).type('application/json; charset=utf-8').send(body);
};

/** Rebuilds zod issues from the type provider's validation errors (they keep the zod fields). */
const zodIssuesOf = (validation: readonly { instancePath: string; keyword: string; message?: string; params: object }[]) =>
  validation.map(
    (v) =>
      ({
        ...(v.params as Record<string, unknown>),
        code: v.keyword,
        path: v.instancePath.split('/').filter((p) => p !== ''),
        message: v.message ?? '',
      }) as unknown as z.core.$ZodIssue,
  );

/** What a client is told to wait before asking again while the database is away. */
export const UNAVAILABLE_RETRY_SECONDS = 2;

const FILE_TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE']);

/**
 * The multipart parser (busboy) fails a body cut short, without a boundary or with a broken part
 * with plain errors (no status): they are the client's, never a 500.
 */
const BROKEN_MULTIPART = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
  /^Malformed part header$/,
];
const isBrokenMultipart = (request: FastifyRequest, error: Error): boolean => request.isMultipart() && BROKEN_MULTIPART.some((re) => re.test(error.message));

/** The one error handler: domain errors, validation errors, client errors, the database away (503), and opaque 500s. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, new DomainError('VALIDATION', { fields: toFieldIssues(zodIssuesOf(error.validation)) }));
    }
    if (typeof error.statusCode !== 'number' && isBrokenMultipart(request, error)) {
      request.log.info({ message: error.message }, 'broken multipart body');
      return sendError(request, reply, new DomainError('UPLOAD_INCOMPLETE'));
    }
    if (isConnectionError(error)) {
      // The database is away (restart, failover, terminated session): nothing is wrong with the
      // request, and the SPA shows "Connecting..." and asks again until it is back.
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(request, reply, new DomainError('UNAVAILABLE', { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      if (FILE_TOO_LARGE_CODES.has(error.code)) return sendError(request, reply, new DomainError('FILE_TOO_LARGE'));
      if (status === 429) return sendError(request, reply, new DomainError('RATE_LIMITED'));
      if (status === 404) return sendError(request, reply, new DomainError('NOT_FOUND'));
      return sendError(request, reply, new DomainError('BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new DomainError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new DomainError('NOT_FOUND')));
};
