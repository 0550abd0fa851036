import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 6 (assessments): the dashboard routes are added by the assessments work. */
export const dashboardRoutes: FastifyPluginAsyncZod = async () => {};
