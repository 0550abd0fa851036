import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@klase/core/admin/common';
import { courseParams } from '@klase/core/courses/contracts';
import { gradingPeriodForm, rubricForm, scaleForm } from '@klase/core/gradebook/contracts';
import type { Ctx } from '../../../platform/context.ts';
import { requestUser } from '../../../kernel/request-user.ts';
import { setupMessage } from './messages.ts';
import { createPeriod, deletePeriod, updatePeriod } from './periods.service.ts';
import { createRubric, deleteRubric, updateRubric } from './rubrics.service.ts';
import { createScale, deleteScale, readScale, updateScale } from './scales.service.ts';
import { managers, readers } from './setup-kit.ts';
import { periodOut, periodParams, rubricOut, rubricParams, scaleDetailsOut, scaleOut, scaleParams } from './setup-schemas.ts';
import { withVersion } from '@klase/core/edit-version';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Scales, rubrics and grading periods of a course's gradebook (part of `gradebookSetupRoutes`). */
export const registerLibraryRoutes = (app: App, ctx: Ctx, base: string): void => {
  const tags = ['gradebook setup'];

  app.get(
    `${base}/scales/:scaleId`,
    { config: { policy: readers }, schema: { tags, params: scaleParams, response: { 200: scaleDetailsOut } } },
    async (request) => readScale(ctx, requestUser(request), request.params.courseId, request.params.scaleId),
  );

  app.post(
    `${base}/scales`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: scaleForm, response: { 201: scaleOut } } },
    async (request, reply) => reply.status(201).send(await createScale(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  app.put(
    `${base}/scales/:scaleId`,
    { config: { policy: managers }, schema: { tags, params: scaleParams, body: withVersion(scaleForm), response: { 200: scaleOut } } },
    async (request) => updateScale(ctx, requestUser(request), request.params.courseId, request.params.scaleId, request.body),
  );

  app.delete(
    `${base}/scales/:scaleId`,
    { config: { policy: managers }, schema: { tags, params: scaleParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteScale(ctx, requestUser(request), request.params.courseId, request.params.scaleId);
      return setupMessage(request.locale, 'scaleDeleted');
    },
  );

  app.post(
    `${base}/rubrics`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: rubricForm, response: { 201: rubricOut } } },
    async (request, reply) => reply.status(201).send(await createRubric(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  app.put(
    `${base}/rubrics/:rubricId`,
    { config: { policy: managers }, schema: { tags, params: rubricParams, body: withVersion(rubricForm), response: { 200: rubricOut } } },
    async (request) => updateRubric(ctx, requestUser(request), request.params.courseId, request.params.rubricId, request.body),
  );

  app.delete(
    `${base}/rubrics/:rubricId`,
    { config: { policy: managers }, schema: { tags, params: rubricParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteRubric(ctx, requestUser(request), request.params.courseId, request.params.rubricId);
      return setupMessage(request.locale, 'rubricDeleted');
    },
  );

  app.post(
    `${base}/periods`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: gradingPeriodForm, response: { 201: periodOut } } },
    async (request, reply) => reply.status(201).send(await createPeriod(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  app.put(
    `${base}/periods/:periodId`,
    { config: { policy: managers }, schema: { tags, params: periodParams, body: withVersion(gradingPeriodForm), response: { 200: periodOut } } },
    async (request) => updatePeriod(ctx, requestUser(request), request.params.courseId, request.params.periodId, request.body),
  );

  app.delete(
    `${base}/periods/:periodId`,
    { config: { policy: managers }, schema: { tags, params: periodParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deletePeriod(ctx, requestUser(request), request.params.courseId, request.params.periodId);
      return setupMessage(request.locale, 'periodDeleted');
    },
  );
};
