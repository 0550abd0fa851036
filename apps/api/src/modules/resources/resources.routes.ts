import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The school's resource library (`/api/resources/...`). Routes are added by the resources work of issue 5. */
export const resourcesRoutes: FastifyPluginAsyncZod = async () => {};
