import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 6 (assessments): the assignments routes are added by the assessments work. */
export const assignmentsRoutes: FastifyPluginAsyncZod = async () => {};
