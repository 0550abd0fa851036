import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 6 (assessments): the quizzes routes are added by the assessments work. */
export const quizzesRoutes: FastifyPluginAsyncZod = async () => {};
