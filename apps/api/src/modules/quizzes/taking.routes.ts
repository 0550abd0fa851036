import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mySubmissionQuery } from '@klase/core/assignments/contracts';
import { answerValue } from '@klase/core/quizzes/questions';
import {
  attemptAnswerParams,
  attemptParams,
  attemptResultOut,
  attemptView,
  manualGradeRequest,
  quizOverview as quizOverviewSchema,
  quizResults as quizResultsSchema,
  quizStats as quizStatsSchema,
  saveAnswerAnswer,
} from '@klase/core/quizzes/contracts';
import { materialParams } from '@klase/core/materials/contracts';
import { ctxOf } from '../../platform/app-context.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { quizOverview, readAttempt, readResult, saveAttemptAnswer, startAttempt, submitAttempt } from './attempts.service.ts';
import { attemptReaders, graders, staff, studentsAndParents, takers } from './policies.ts';
import { gradeByHand, quizResults, quizStats } from './review.service.ts';

const tags = ['quizzes'];

/** Taking a quiz (the quiz page, attempts, answers, results) and the teacher's results, hand grading and statistics. */
export const quizTakingRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get(
    '/materials/:materialId/quiz',
    { config: { policy: studentsAndParents }, schema: { tags, params: materialParams, querystring: mySubmissionQuery, response: { 200: quizOverviewSchema } } },
    async (request) => quizOverview(ctx, requestUser(request), request.params.materialId, request.query.childId),
  );

  app.post(
    '/materials/:materialId/attempts',
    { config: { policy: takers }, schema: { tags, params: materialParams, response: { 200: attemptView, 201: attemptView } } },
    async (request, reply) => {
      const { created, view } = await startAttempt(ctx, requestUser(request), request.params.materialId);
      return reply.status(created ? 201 : 200).send(view);
    },
  );

  app.get(
    '/attempts/:attemptId',
    { config: { policy: attemptReaders }, schema: { tags, params: attemptParams, response: { 200: attemptView } } },
    async (request) => readAttempt(ctx, requestUser(request), request.params.attemptId),
  );

  app.put(
    '/attempts/:attemptId/answers/:questionId',
    { config: { policy: takers }, schema: { tags, params: attemptAnswerParams, body: answerValue, response: { 200: saveAnswerAnswer } } },
    async (request) => saveAttemptAnswer(ctx, requestUser(request), request.params.attemptId, request.params.questionId, request.body),
  );

  app.post(
    '/attempts/:attemptId/submit',
    { config: { policy: takers }, schema: { tags, params: attemptParams, response: { 200: attemptResultOut } } },
    async (request) => submitAttempt(ctx, requestUser(request), request.params.attemptId),
  );

  app.get(
    '/attempts/:attemptId/result',
    { config: { policy: attemptReaders }, schema: { tags, params: attemptParams, response: { 200: attemptResultOut } } },
    async (request) => readResult(ctx, requestUser(request), request.params.attemptId),
  );

  app.get(
    '/materials/:materialId/quiz-results',
    { config: { policy: staff }, schema: { tags, params: materialParams, response: { 200: quizResultsSchema } } },
    async (request) => quizResults(ctx, requestUser(request), request.params.materialId),
  );

  app.put(
    '/attempts/:attemptId/answers/:questionId/grade',
    { config: { policy: graders }, schema: { tags, params: attemptAnswerParams, body: manualGradeRequest, response: { 200: attemptResultOut } } },
    async (request) => gradeByHand(ctx, requestUser(request), request.params.attemptId, request.params.questionId, request.body),
  );

  app.get(
    '/materials/:materialId/quiz-stats',
    { config: { policy: staff }, schema: { tags, params: materialParams, response: { 200: quizStatsSchema } } },
    async (request) => quizStats(ctx, requestUser(request), request.params.materialId, request.locale),
  );
};
