import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Classes: list, create, settings, joining, class list (students, teachers), student actions. */
export const classesRoutes: FastifyPluginAsyncZod = async () => {};
