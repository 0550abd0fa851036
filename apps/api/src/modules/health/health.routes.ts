import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translateShared } from '@klase/core/i18n/catalog';
import { UNAVAILABLE_RETRY_SECONDS } from '../../platform/errors.ts';
import { pingDatabase } from './health.repo.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { policy: { access: 'public' } },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('down'), code: z.literal('UNAVAILABLE'), message: z.string(), retryAfterSeconds: z.number() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.database.db);
        return { status: 'ok' as const, database: app.database.kind };
      } catch (err) {
        request.log.warn({ err }, 'health check: database down');
        const message = translateShared(request.locale, 'errors', 'UNAVAILABLE');
        void reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
        return reply.status(503).send({ status: 'down' as const, code: 'UNAVAILABLE' as const, message, retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
      }
    },
  );
};
