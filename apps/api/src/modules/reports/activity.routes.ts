import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { heartbeatSchema } from '@klase/core/reports/contracts';
import { requestUser } from '../../kernel/request-user.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { createAccessMemo, recordHeartbeat } from './activity.service.ts';

const tags = ['reports'];

/** `/api/activity/heartbeat`: any signed-in user on a material they can open; it changes nothing of the session (no cache drop). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = ctxOf(app).db;
  const memo = createAccessMemo();
  app.post(
    '/heartbeat',
    { config: { policy: { access: 'signedIn' }, keepsSession: true }, schema: { tags, body: heartbeatSchema } },
    async (request, reply) => {
      await recordHeartbeat(db, memo, requestUser(request), request.body);
      return reply.status(204).send();
    },
  );
};
