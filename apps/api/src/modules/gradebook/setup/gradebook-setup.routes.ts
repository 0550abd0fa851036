import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@klase/core/admin/common';
import { courseParams } from '@klase/core/courses/contracts';
import { finalSettingsForm, gradebookSettingsForm, gradeCategoryForm, gradeItemForm, gradeLettersForm } from '@klase/core/gradebook/contracts';
import { ctxOf } from '../../../platform/app-context.ts';
import { requestUser } from '../../../kernel/request-user.ts';
import { createCategory, deleteCategory, updateCategory } from './categories.service.ts';
import { createItem, deleteItem, updateItem } from './items.service.ts';
import { registerLibraryRoutes } from './library.routes.ts';
import { setupMessage } from './messages.ts';
import { managers, readers } from './setup-kit.ts';
import { categoryOut, categoryParams, itemOut, itemParams, settingsOut, setupViewOut } from './setup-schemas.ts';
import { readSetup, writeFinalSettings, writeLetters, writeSettings } from './setup-view.service.ts';
import { withVersion } from '@klase/core/edit-version';

/**
 * The gradebook's setup (issue 7), registered with the prefix `/api`: settings, categories, items,
 * scales, rubrics, grading periods, letters, final grade settings. Contracts:
 * packages/core/src/gradebook/contracts.ts. Staff of the class read; its teachers change
 * (gradebook-access.ts decides per course; every change is one transaction).
 */
export const gradebookSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  const tags = ['gradebook setup'];
  const base = '/courses/:courseId/gradebook';

  app.get(`${base}/setup`, { config: { policy: readers }, schema: { tags, params: courseParams, response: { 200: setupViewOut } } }, async (request) =>
    readSetup(ctx, requestUser(request), request.params.courseId),
  );

  app.put(
    `${base}/settings`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: withVersion(gradebookSettingsForm), response: { 200: settingsOut } } },
    async (request) => writeSettings(ctx, requestUser(request), request.params.courseId, request.body),
  );

  app.put(
    `${base}/final-settings`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: withVersion(finalSettingsForm), response: { 200: settingsOut } } },
    async (request) => writeFinalSettings(ctx, requestUser(request), request.params.courseId, request.body),
  );

  app.put(
    `${base}/letters`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: withVersion(gradeLettersForm), response: { 200: settingsOut } } },
    async (request) => writeLetters(ctx, requestUser(request), request.params.courseId, request.body.letters, request.body),
  );

  app.post(
    `${base}/categories`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: gradeCategoryForm, response: { 201: categoryOut } } },
    async (request, reply) => reply.status(201).send(await createCategory(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  app.put(
    `${base}/categories/:categoryId`,
    { config: { policy: managers }, schema: { tags, params: categoryParams, body: withVersion(gradeCategoryForm), response: { 200: categoryOut } } },
    async (request) => updateCategory(ctx, requestUser(request), request.params.courseId, request.params.categoryId, request.body),
  );

  app.delete(
    `${base}/categories/:categoryId`,
    { config: { policy: managers }, schema: { tags, params: categoryParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteCategory(ctx, requestUser(request), request.params.courseId, request.params.categoryId);
      return setupMessage(request.locale, 'categoryDeleted');
    },
  );

  app.post(
    `${base}/items`,
    { config: { policy: managers }, schema: { tags, params: courseParams, body: gradeItemForm, response: { 201: itemOut } } },
    async (request, reply) => reply.status(201).send(await createItem(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  app.put(
    `${base}/items/:itemId`,
    { config: { policy: managers }, schema: { tags, params: itemParams, body: withVersion(gradeItemForm), response: { 200: itemOut } } },
    async (request) => updateItem(ctx, requestUser(request), request.params.courseId, request.params.itemId, request.body),
  );

  app.delete(
    `${base}/items/:itemId`,
    { config: { policy: managers }, schema: { tags, params: itemParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteItem(ctx, requestUser(request), request.params.courseId, request.params.itemId);
      return setupMessage(request.locale, 'itemDeleted');
    },
  );

  registerLibraryRoutes(app, ctx, base);
};
