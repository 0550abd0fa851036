import { attachmentHeader } from '../../platform/downloads.ts';
import {
  createdShareLink,
  exportJobParams,
  portfolioDetails as detailsSchema,
  portfolioExportJob,
  portfolioParams,
  shareLinkCreate,
  shareLinkParams,
  shareLinks,
  sharedItemParams,
  sharedWorkFileParams,
  shareTokenParams,
} from '@klase/core/portfolios/contracts';
import type { Ctx } from '../../platform/context.ts';
import { pictureQuery, pictureWish, sendPicture } from '../../platform/image-variants.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { sendStored } from '../assignments/stored-files.service.ts';
import { directExport, exportJob, exportJobFile, newZip, startExport } from './export.service.ts';
import { writeExport } from './export-zip.ts';
import { itemFileOf, workFileOf } from './items.service.ts';
import { coverOf } from './portfolios.service.ts';
import { anyone, owners, readers, tags, type App } from './route-kit.ts';
import { createShareLink, loadShared, revokeShareLink, shareLinksOf, sharedDetails } from './share.service.ts';

/** Share links, the signed-out share page's routes, and the ZIP export (issue 20). */
export const registerShareRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/portfolios/:portfolioId/share-links',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, response: { 200: shareLinks } } },
    (request) => shareLinksOf(ctx, requestUser(request), request.params.portfolioId),
  );
  app.post(
    '/portfolios/:portfolioId/share-links',
    { config: { policy: owners }, schema: { tags, params: portfolioParams, body: shareLinkCreate, response: { 201: createdShareLink } } },
    async (request, reply) => reply.status(201).send(await createShareLink(ctx, requestUser(request), request.params.portfolioId, request.body)),
  );
  app.delete(
    '/portfolios/:portfolioId/share-links/:linkId',
    { config: { policy: owners }, schema: { tags, params: shareLinkParams } },
    async (request, reply) => {
      await revokeShareLink(ctx, requestUser(request), request.params.portfolioId, request.params.linkId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/shared/portfolios/:token',
    { config: { policy: anyone }, schema: { tags, params: shareTokenParams, response: { 200: detailsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return sharedDetails(ctx, request.params.token);
    },
  );
  app.get(
    '/shared/portfolios/:token/cover',
    { config: { policy: anyone }, schema: { tags, params: shareTokenParams, querystring: pictureQuery } },
    async (request, reply) => sendPicture(reply, await coverOf(ctx, await loadShared(ctx, request.params.token), pictureWish(request))),
  );
  app.get('/shared/portfolios/:token/items/:itemId/file', { config: { policy: anyone }, schema: { tags, params: sharedItemParams } }, async (request, reply) =>
    sendStored(reply, ctx.storage, await itemFileOf(ctx.db, await loadShared(ctx, request.params.token), request.params.itemId)),
  );
  app.get(
    '/shared/portfolios/:token/items/:itemId/work-files/:fileId',
    { config: { policy: anyone }, schema: { tags, params: sharedWorkFileParams } },
    async (request, reply) =>
      sendStored(reply, ctx.storage, await workFileOf(ctx.db, await loadShared(ctx, request.params.token), request.params.itemId, request.params.fileId)),
  );
};

export const registerExportRoutes = (app: App, ctx: Ctx): void => {
  app.get('/portfolios/:portfolioId/export.zip', { config: { policy: readers }, schema: { tags, params: portfolioParams } }, async (request, reply) => {
    const { fileName, entries } = await directExport(ctx, requestUser(request), request.params.portfolioId);
    const zip = newZip();
    writeExport(ctx.storage, zip, entries).catch((err: unknown) => {
      request.log.error({ err }, 'portfolio zip failed');
      zip.destroy(err instanceof Error ? err : new Error('portfolio zip'));
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachmentHeader(fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(zip);
  });
  app.post(
    '/portfolios/:portfolioId/exports',
    { config: { policy: readers }, schema: { tags, params: portfolioParams, response: { 202: portfolioExportJob } } },
    async (request, reply) => {
      const job = await startExport(ctx, requestUser(request), request.params.portfolioId);
      app.portfolioExportWorker.kick();
      return reply.status(202).send(job);
    },
  );
  app.get(
    '/portfolios/exports/:jobId',
    { config: { policy: readers }, schema: { tags, params: exportJobParams, response: { 200: portfolioExportJob } } },
    (request) => exportJob(ctx, requestUser(request), request.params.jobId),
  );
  app.get('/portfolios/exports/:jobId/file', { config: { policy: readers }, schema: { tags, params: exportJobParams } }, async (request, reply) =>
    sendStored(reply, ctx.storage, await exportJobFile(ctx, requestUser(request), request.params.jobId)),
  );
};
