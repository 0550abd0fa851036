import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, ERROR_STATUS, type ErrorBody } from '@klase/core/errors';
import { translateShared } from '@klase/core/i18n/catalog';
import { formatChangedAt } from '@klase/core/edit-version';
import { toFieldIssues } from '@klase/core/validation/issues';
import type { z } from 'zod';

const messageParams = (err: DomainError, locale: string): Record<string, string | number> | undefined => {
  const wait = err.retryAfterSeconds;
  // An edit conflict's `at` is an ISO instant in `params`; the message shows it in the caller's language.
  if (err.code === 'EDIT_CONFLICT' && typeof err.params?.at === 'string') return { ...err.params, at: formatChangedAt(locale, err.params.at) };
  if (wait === undefined) return err.params;
  return { ...err.params, seconds: wait, minutes: Math.max(1, Math.ceil(wait / 60)) };
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

const FILE_TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE']);

/** The one error handler: domain errors, validation errors, client errors, and opaque 500s. */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, new DomainError('VALIDATION', { fields: toFieldIssues(zodIssuesOf(error.validation)) }));
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
