import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { policy: { access: 'public' } },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('down') }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.database.kind };
      } catch (err) {
        request.log.error({ err }, 'health check: database down');
        return reply.status(503).send({ status: 'down' as const });
      }
    },
  );
};
