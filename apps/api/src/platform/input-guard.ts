import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DomainError } from '@klase/core/errors';
import { V, findUnsafeText } from '@klase/core/validation/rules';
import type { z } from 'zod';

/**
 * The last line of defence against input no route can store: after parsing and before any schema
 * runs, the path parameters, the query and the JSON body are searched for U+0000 and lone
 * surrogates (PostgreSQL refuses both), answering 400 VALIDATION with the field's path. The zod
 * schemas refuse them too (`safeString` in core), so the SPA's forms say the same.
 */
export const registerInputGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const hit = findUnsafeText(value);
      if (hit) throw new DomainError('VALIDATION', { fields: [{ path: hit.join('.'), key: V.textChars }] });
    }
  });
};

/**
 * The zod validator of the type provider, made total: a schema that throws on input of a shape it
 * did not expect (a refinement reading a field of `null`) is a bad request, never a 500. The throw
 * is logged so the schema gets fixed.
 */
export const safeValidatorCompiler =
  (app: FastifyInstance): FastifySchemaCompiler<z.ZodType> =>
  (route) => {
    const validate = validatorCompiler(route);
    return (data) => {
      try {
        return validate(data);
      } catch (err) {
        app.log.error({ err, url: route.url, part: route.httpPart }, 'schema threw on input');
        return { error: new DomainError('VALIDATION') };
      }
    };
  };
