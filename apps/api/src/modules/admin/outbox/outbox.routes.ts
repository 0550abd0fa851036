import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxMail } from '@klase/core/auth/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage, tableQuerySchema } from '@klase/core/table';
import { listOutbox } from './outbox.repo.ts';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { policy: { access: 'roles', roles: ROUTE_ROLES.outbox } },
      schema: { tags: ['admin'], querystring: tableQuerySchema, response: { 200: tablePage(outboxMail) } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listOutbox(app.database.db, q);
      return {
        data: rows.map((r) => ({ id: r.id, to: r.toAddress, subject: r.subject, text: r.textBody, createdAt: r.createdAt.toISOString() })),
        pagination: { page: q.page, totalcount: total },
      };
    },
  );
};
