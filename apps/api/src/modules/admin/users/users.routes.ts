import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '@klase/core/errors';
import { ctxOf } from '../../../platform/app-context.ts';
import { userPhoto } from './users.service.ts';
import { pictureQuery, pictureWish, sendPicture } from '../../../platform/image-variants.ts';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  app.get(
    '/:id/photo',
    {
      config: { policy: { access: 'signedIn' } },
      schema: { tags: ['users'], params: z.object({ id: z.string().max(100) }), querystring: pictureQuery },
    },
    async (request, reply) => {
      if (!request.auth) throw new DomainError('UNAUTHENTICATED');
      return sendPicture(reply, await userPhoto(ctx, request.auth.user, request.params.id, pictureWish(request)));
    },
  );
};
