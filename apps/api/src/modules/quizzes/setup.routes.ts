import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@klase/core/admin/common';
import { questionForm } from '@klase/core/quizzes/questions';
import { quizSettingsUpdate } from '@klase/core/quizzes/quiz-settings';
import {
  bankParams,
  bankQuestionOut,
  fromBankRequest,
  questionOrderRequest,
  questionParams,
  questionSaveOut,
  quizSettingsAnswer,
  teacherQuestionOut,
} from '@klase/core/quizzes/contracts';
import { courseParams } from '@klase/core/courses/contracts';
import { materialParams } from '@klase/core/materials/contracts';
import { tablePage, tableQuerySchema } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { copyFromBank, listBank, quizQuestionToBank, removeFromBank, saveToBank } from './bank.service.ts';
import { staff, teachers } from './policies.ts';
import { createQuestion, editQuestion, listQuestions, orderQuestions, readQuizSettings, removeQuestion, writeQuizSettings } from './setup.service.ts';

const tags = ['quizzes'];

/** The teacher's side of a quiz: `quiz-settings/{materialId}`, the questions and the course's question bank. */
export const quizSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);

  app.get(
    '/materials/:materialId/quiz-settings',
    { config: { policy: staff }, schema: { tags, params: materialParams, response: { 200: quizSettingsAnswer } } },
    async (request) => readQuizSettings(ctx, requestUser(request), request.params.materialId),
  );

  app.put(
    '/materials/:materialId/quiz-settings',
    { config: { policy: teachers }, schema: { tags, params: materialParams, body: quizSettingsUpdate, response: { 200: quizSettingsAnswer } } },
    async (request) => writeQuizSettings(ctx, requestUser(request), request.params.materialId, request.body),
  );

  app.get(
    '/materials/:materialId/questions',
    { config: { policy: staff }, schema: { tags, params: materialParams, response: { 200: z.array(teacherQuestionOut) } } },
    async (request) => listQuestions(ctx, requestUser(request), request.params.materialId),
  );

  app.post(
    '/materials/:materialId/questions',
    { config: { policy: teachers }, schema: { tags, params: materialParams, body: questionForm, response: { 201: teacherQuestionOut } } },
    async (request, reply) => reply.status(201).send(await createQuestion(ctx, requestUser(request), request.params.materialId, request.body)),
  );

  app.put(
    '/materials/:materialId/questions/order',
    { config: { policy: teachers }, schema: { tags, params: materialParams, body: questionOrderRequest, response: { 200: messageAnswer } } },
    async (request) => orderQuestions(ctx, requestUser(request), request.params.materialId, request.body.questionIds, request.locale),
  );

  app.post(
    '/materials/:materialId/questions/from-bank',
    { config: { policy: teachers }, schema: { tags, params: materialParams, body: fromBankRequest, response: { 201: z.array(teacherQuestionOut) } } },
    async (request, reply) => reply.status(201).send(await copyFromBank(ctx, requestUser(request), request.params.materialId, request.body.bankIds)),
  );

  app.put(
    '/materials/:materialId/questions/:questionId',
    { config: { policy: teachers }, schema: { tags, params: questionParams, body: questionForm, response: { 200: questionSaveOut } } },
    async (request) => editQuestion(ctx, requestUser(request), request.params.materialId, request.params.questionId, request.body),
  );

  app.delete(
    '/materials/:materialId/questions/:questionId',
    { config: { policy: teachers }, schema: { tags, params: questionParams, response: { 200: messageAnswer } } },
    async (request) => removeQuestion(ctx, requestUser(request), request.params.materialId, request.params.questionId, request.locale),
  );

  app.post(
    '/materials/:materialId/questions/:questionId/to-bank',
    { config: { policy: teachers }, schema: { tags, params: questionParams, response: { 201: bankQuestionOut } } },
    async (request, reply) => reply.status(201).send(await quizQuestionToBank(ctx, requestUser(request), request.params.materialId, request.params.questionId)),
  );

  app.get(
    '/courses/:courseId/question-bank',
    { config: { policy: staff }, schema: { tags, params: courseParams, querystring: tableQuerySchema, response: { 200: tablePage(bankQuestionOut) } } },
    async (request) => listBank(ctx, requestUser(request), request.params.courseId, request.query),
  );

  app.post(
    '/courses/:courseId/question-bank',
    { config: { policy: teachers }, schema: { tags, params: courseParams, body: questionForm, response: { 201: bankQuestionOut } } },
    async (request, reply) => reply.status(201).send(await saveToBank(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  app.delete(
    '/courses/:courseId/question-bank/:bankId',
    { config: { policy: teachers }, schema: { tags, params: bankParams, response: { 200: messageAnswer } } },
    async (request) => removeFromBank(ctx, requestUser(request), request.params.courseId, request.params.bankId, request.locale),
  );
};
