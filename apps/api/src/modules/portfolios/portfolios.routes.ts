import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageAnswer } from '@klase/core/admin/common';
import { DomainError } from '@klase/core/errors';
import {
  PORTFOLIO_FILE_FIELD,
  PORTFOLIO_FILE_MAX_BYTES,
  PORTFOLIO_ITEM_CAPTION_MAX,
  PORTFOLIO_ITEM_TITLE_MAX,
  ownerGroupParams,
  ownerUserParams,
  portfolioCreate,
  portfolioDetails as detailsSchema,
  portfolioGroupChoices,
  portfolioItem,
  portfolioItemCreate,
  portfolioItemOrder,
  portfolioItemParams,
  portfolioItemUpdate,
  portfolioListQuery,
  portfolioParams,
  portfolioPublishRequest,
  portfolioRow,
  portfolioUpdate,
  portfolioWorkFileParams,
  workChoices as workChoicesSchema,
} from '@klase/core/portfolios/contracts';
import { tablePage } from '@klase/core/table';
import { V, safeString } from '@klase/core/validation/rules';
import { ctxOf } from '../../platform/app-context.ts';
import type { Ctx } from '../../platform/context.ts';
import { pictureQuery, pictureWish, sendPicture } from '../../platform/image-variants.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { readPhoto } from '../account/photo.service.ts';
import { sendStored } from '../assignments/stored-files.service.ts';
import type { IncomingFile } from '../materials/uploads.service.ts';
import { addFileItem, addItem, editItem, itemFile, removeItem, reorderItems, workChoices, workFile } from './items.service.ts';
import { portfolioMessage } from './messages.ts';
import {
  createPortfolio,
  deletePortfolio,
  editPortfolio,
  groupChoices,
  groupPortfolios,
  myGroupPortfolios,
  myPortfolios,
  portfolioCover,
  portfolioDetails,
  removeCover,
  saveCover,
  setPortfolioPublished,
  userPortfolios,
} from './portfolios.service.ts';
import { owners, readers, tags, type App } from './route-kit.ts';
import { registerExportRoutes, registerShareRoutes } from './share.routes.ts';

const fileText = z.object({
  title: safeString().trim().max(PORTFOLIO_ITEM_TITLE_MAX, { error: V.maxLength }).default(''),
  caption: safeString().trim().max(PORTFOLIO_ITEM_CAPTION_MAX, { error: V.maxLength }).default(''),
});

const fieldValue = (v: unknown): string | undefined => {
  const one = Array.isArray(v) ? (v[0] as unknown) : v;
  return one && typeof one === 'object' && 'value' in one && typeof one.value === 'string' ? one.value : undefined;
};

/** The file part of a file item and the text parts before it (`title`, `caption`). */
const fileItemUpload = async (request: FastifyRequest): Promise<{ file: IncomingFile; text: { title: string; caption: string } }> => {
  const required = () => new DomainError('VALIDATION', { fields: [{ path: PORTFOLIO_FILE_FIELD, key: 'required' }] });
  if (!request.isMultipart()) throw required();
  const part = await request.file({
    throwFileSizeLimit: false,
    limits: { fileSize: PORTFOLIO_FILE_MAX_BYTES + 1, files: 1, fields: 4, parts: 5, fieldSize: 8192 },
  });
  if (!part || part.fieldname !== PORTFOLIO_FILE_FIELD) throw required();
  const parsed = fileText.safeParse({ title: fieldValue(part.fields.title) ?? '', caption: fieldValue(part.fields.caption) ?? '' });
  if (!parsed.success) {
    part.file.resume();
    throw new DomainError('VALIDATION', { fields: parsed.error.issues.map((i) => ({ path: i.path.join('.'), key: i.message })) });
  }
  return { file: { stream: part.file, fileName: part.filename, truncated: () => part.file.truncated }, text: parsed.data };
};

const registerPortfolioRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/portfolios',
    { config: { policy: owners }, schema: { tags, querystring: portfolioListQuery, response: { 200: tablePage(portfolioRow) } } },
    (request) => myPortfolios(ctx, requestUser(request), request.query),
  );
  app.post('/portfolios', { config: { policy: owners }, schema: { tags, body: portfolioCreate, response: { 201: detailsSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPortfolio(ctx, requestUser(request), request.body)),
  );
  app.get(
    '/portfolios/groups',
    { config: { policy: owners }, schema: { tags, querystring: portfolioListQuery, response: { 200: tablePage(portfolioRow) } } },
    (request) => myGroupPortfolios(ctx, requestUser(request), request.query),
  );
  app.get('/portfolios/group-choices', { config: { policy: owners }, schema: { tags, response: { 200: portfolioGroupChoices } } }, (request) =>
    groupChoices(ctx, requestUser(request)),
  );
  app.get('/portfolios/work-choices', { config: { policy: owners }, schema: { tags, response: { 200: workChoicesSchema } } }, (request) =>
    workChoices(ctx, requestUser(request)),
  );
  app.get(
    '/users/:userId/portfolios',
    { config: { policy: readers }, schema: { tags, params: ownerUserParams, querystring: portfolioListQuery, response: { 200: tablePage(portfolioRow) } } },
    (request) => userPortfolios(ctx, requestUser(request), request.params.userId, request.query),
  );
  app.get(
    '/groups/:groupId/portfolios',
    { config: { policy: readers }, schema: { tags, params: ownerGroupParams, querystring: portfolioListQuery, response: { 200: tablePage(portfolioRow) } } },
    (request) => groupPortfolios(ctx, requestUser(request), request.params.groupId, request.query),
  );
  app.get('/portfolios/:portfolioId', { config: { policy: readers }, schema: { tags, params: portfolioParams, response: { 200: detailsSchema } } }, (request) =>
    portfolioDetails(ctx, requestUser(request), request.params.portfolioId),
  );
  app.put(
    '/portfolios/:portfolioId',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, body: portfolioUpdate, response: { 200: detailsSchema } } },
    (request) => editPortfolio(ctx, requestUser(request), request.params.portfolioId, request.body),
  );
  app.delete('/portfolios/:portfolioId', { config: { policy: owners }, schema: { tags, params: portfolioParams } }, async (request, reply) => {
    await deletePortfolio(ctx, requestUser(request), request.params.portfolioId);
    return reply.status(204).send();
  });
  app.patch(
    '/portfolios/:portfolioId/published',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, body: portfolioPublishRequest, response: { 200: messageAnswer } } },
    async (request) => {
      await setPortfolioPublished(ctx, requestUser(request), request.params.portfolioId, request.body.published);
      return portfolioMessage(request.locale, request.body.published ? 'portfolioPublished' : 'portfolioUnpublished');
    },
  );
};

const registerCoverRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/portfolios/:portfolioId/cover',
    { config: { policy: readers }, schema: { tags, params: portfolioParams, querystring: pictureQuery } },
    async (request, reply) => sendPicture(reply, await portfolioCover(ctx, requestUser(request), request.params.portfolioId, pictureWish(request))),
  );
  app.put(
    '/portfolios/:portfolioId/cover',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, consumes: ['multipart/form-data'], response: { 200: detailsSchema } } },
    async (request) => {
      if (!request.isMultipart()) throw new DomainError('BAD_REQUEST');
      return saveCover(ctx, requestUser(request), request.params.portfolioId, async () => {
        const file = await request.file({ throwFileSizeLimit: false, limits: { files: 1, fields: 5, parts: 6 } });
        if (!file || file.fieldname !== 'cover') throw new DomainError('BAD_REQUEST');
        return readPhoto(file.file, () => file.file.truncated);
      });
    },
  );
  app.delete(
    '/portfolios/:portfolioId/cover',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, response: { 200: detailsSchema } } },
    (request) => removeCover(ctx, requestUser(request), request.params.portfolioId),
  );
};

const registerItemRoutes = (app: App, ctx: Ctx): void => {
  app.post(
    '/portfolios/:portfolioId/items',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, body: portfolioItemCreate, response: { 201: portfolioItem } } },
    async (request, reply) => reply.status(201).send(await addItem(ctx, requestUser(request), request.params.portfolioId, request.body)),
  );
  app.post(
    '/portfolios/:portfolioId/items/file',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, consumes: ['multipart/form-data'], response: { 201: portfolioItem } } },
    async (request, reply) => {
      const { file, text } = await fileItemUpload(request);
      return reply.status(201).send(await addFileItem(ctx, requestUser(request), request.params.portfolioId, file, text));
    },
  );
  app.put(
    '/portfolios/:portfolioId/items/order',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, body: portfolioItemOrder, response: { 200: detailsSchema } } },
    (request) => reorderItems(ctx, requestUser(request), request.params.portfolioId, request.body.itemIds),
  );
  app.put(
    '/portfolios/:portfolioId/items/:itemId',
    { config: { policy: owners }, schema: { tags, params: portfolioItemParams, body: portfolioItemUpdate, response: { 200: portfolioItem } } },
    (request) => editItem(ctx, requestUser(request), request.params.portfolioId, request.params.itemId, request.body),
  );
  app.delete(
    '/portfolios/:portfolioId/items/:itemId',
    { config: { policy: owners }, schema: { tags, params: portfolioItemParams } },
    async (request, reply) => {
      await removeItem(ctx, requestUser(request), request.params.portfolioId, request.params.itemId);
      return reply.status(204).send();
    },
  );
  app.get(
    '/portfolios/:portfolioId/items/:itemId/file',
    { config: { policy: readers }, schema: { tags, params: portfolioItemParams } },
    async (request, reply) => sendStored(reply, ctx.storage, await itemFile(ctx, requestUser(request), request.params.portfolioId, request.params.itemId)),
  );
  app.get(
    '/portfolios/:portfolioId/items/:itemId/work-files/:fileId',
    { config: { policy: readers }, schema: { tags, params: portfolioWorkFileParams } },
    async (request, reply) =>
      sendStored(reply, ctx.storage, await workFile(ctx, requestUser(request), request.params.portfolioId, request.params.itemId, request.params.fileId)),
  );
};

/** Portfolios (issue 20, decision 0060), prefix `/api`. */
export const portfoliosRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  registerPortfolioRoutes(app, ctx);
  registerCoverRoutes(app, ctx);
  registerItemRoutes(app, ctx);
  registerShareRoutes(app, ctx);
  registerExportRoutes(app, ctx);
};
