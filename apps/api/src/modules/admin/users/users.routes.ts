import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@klase/core/errors';
import { ctxOf } from '../../../platform/app-context.ts';
import { userPhoto } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  app.get(
    '/:id/photo',
    {
      config: { policy: { access: 'signedIn' } },
      schema: { tags: ['users'], params: z.object({ id: z.string().max(100) }), querystring: z.object({ v: z.string().max(20).optional() }) },
    },
    async (request, reply) => {
      if (!request.auth) throw new DomainError('UNAUTHENTICATED');
      const photo = await userPhoto(ctx, request.auth.user, request.params.id);
      return reply
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .type(photo.mime)
        .send(photo.data);
    },
  );
};
