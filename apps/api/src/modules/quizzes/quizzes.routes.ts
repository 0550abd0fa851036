import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quizSetupRoutes } from './setup.routes.ts';
import { quizTakingRoutes } from './taking.routes.ts';

/**
 * Quizzes (issue 6), registered with the prefix `/api`: settings, questions and the question bank
 * (setup.routes.ts); the quiz page, attempts, results, hand grading and statistics
 * (taking.routes.ts). Expired attempts are also submitted by the sweep (sweeper.ts).
 */
export const quizzesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(quizSetupRoutes);
  await app.register(quizTakingRoutes);
};
