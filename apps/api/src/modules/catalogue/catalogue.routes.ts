import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The course catalogue (`/api/catalogue/...`): categories and catalogue courses. Routes are added by the catalogue work of issue 5. */
export const catalogueRoutes: FastifyPluginAsyncZod = async () => {};
