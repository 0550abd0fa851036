import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Materials: uploads, create/edit per type, files, views and completion, the journey, #/materials. */
export const materialsRoutes: FastifyPluginAsyncZod = async () => {};
