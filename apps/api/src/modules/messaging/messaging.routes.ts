import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@klase/core/admin/common';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { ROUTE_ROLES } from '@klase/core/guards';
import {
  MESSAGE_FILE_FIELD,
  attachmentRef,
  contactList,
  conversationDetails,
  conversationListQuery,
  conversationPage,
  markRead,
  message,
  messagePage,
  messagePageQuery,
  messageSearchQuery,
  messageSearchResult,
  messageSettings,
  searchHistory,
  sendMessage,
  startConversation,
  toggle,
  unreadCount,
  userDetails,
} from '@klase/core/messaging/contracts';
import { requestUser } from '../../kernel/request-user.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { withOneFile } from '../../platform/multipart.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Policy } from '../../platform/types.ts';
import { conversationDetails as details, listMyConversations, setMemberFlag, startConversation as start } from './conversations.service.ts';
import { attachmentFile, clearMySearchHistory, mySearchHistory, mySettings, saveMySettings, searchMyMessages, uploadAttachment } from './extras.service.ts';
import { unreadTotal } from './messaging.repo.ts';
import { blockContact, listContacts, userDetails as details2 } from './people.service.ts';
import { markRead as read, messagePage as page, sendMessage as send, typing } from './send.service.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.messages };
const config = { policy };
/** Sending, reading and typing change no session answer: the sender's cached session stays. */
const keepsSession = { policy, keepsSession: true };
const tags = ['messages'];
const userParams = z.object({ userId: z.uuid() });
const contactsQuery = z.object({ q: z.string().trim().max(100).default('') });

export interface MessagingOptions {
  /** Largest attachment: the course file limit by default (tests pass a smaller one). */
  uploadMaxBytes?: number;
}

/** `POST /attachments` (multipart, one part `file`) and `GET /attachments/:id`. */
const registerAttachments = (app: Parameters<FastifyPluginAsyncZod>[0], ctx: Ctx, uploadMaxBytes: number): void => {
  app.post('/attachments', { config, schema: { tags, consumes: ['multipart/form-data'], response: { 201: attachmentRef } } }, async (request, reply) => {
    const me = requestUser(request);
    const answer = await withOneFile(request, MESSAGE_FILE_FIELD, uploadMaxBytes, (file) => uploadAttachment(ctx, me, file, uploadMaxBytes));
    return reply.status(201).send(answer);
  });

  app.get('/attachments/:id', { config, schema: { tags, params: idParams } }, async (request, reply) =>
    sendDownload(reply, await attachmentFile(ctx, requestUser(request), request.params.id)),
  );
};

/** Messaging (`/api/messages/...`, issue 16): see `@klase/core/messaging/contracts` and decision 0039. */
export const messagingRoutes: FastifyPluginAsyncZod<MessagingOptions> = async (app, opts) => {
  const ctx = ctxOf(app);
  const db = ctx.db;
  const uploadMaxBytes = opts.uploadMaxBytes ?? FILE_MAX_BYTES;

  app.get('/conversations', { config, schema: { tags, querystring: conversationListQuery, response: { 200: conversationPage } } }, (request) =>
    listMyConversations(db, requestUser(request), request.query),
  );

  app.post(
    '/conversations',
    { config, schema: { tags, body: startConversation, response: { 200: conversationDetails, 201: conversationDetails } } },
    async (request, reply) => {
      const made = await start(db, requestUser(request), request.body);
      return reply.status(made.created ? 201 : 200).send(made.details);
    },
  );

  app.get('/conversations/:id', { config, schema: { tags, params: idParams, response: { 200: conversationDetails } } }, (request) =>
    details(db, requestUser(request), request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    { config, schema: { tags, params: idParams, querystring: messagePageQuery, response: { 200: messagePage } } },
    (request) => page(db, requestUser(request), request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/messages',
    { config: keepsSession, schema: { tags, params: idParams, body: sendMessage, response: { 200: message, 201: message } } },
    async (request, reply) => {
      const sent = await send(db, ctx, requestUser(request), request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );

  app.post(
    '/conversations/:id/read',
    { config: keepsSession, schema: { tags, params: idParams, body: markRead, response: { 200: z.object({ unread: z.number() }) } } },
    (request) => read(db, requestUser(request), request.params.id, request.body.messageId),
  );

  app.post('/conversations/:id/typing', { config: keepsSession, schema: { tags, params: idParams } }, async (request, reply) => {
    await typing(db, requestUser(request), request.params.id);
    return reply.status(204).send();
  });

  for (const [path, flag] of [
    ['star', 'starred'],
    ['mute', 'muted'],
  ] as const) {
    app.put(`/conversations/:id/${path}`, { config, schema: { tags, params: idParams, body: toggle, response: { 200: conversationDetails } } }, (request) =>
      setMemberFlag(db, requestUser(request), request.params.id, flag, request.body.on),
    );
  }

  app.get('/contacts', { config, schema: { tags, querystring: contactsQuery, response: { 200: contactList } } }, (request) =>
    listContacts(db, requestUser(request), request.query.q, request.locale),
  );

  app.put('/contacts/:userId/block', { config, schema: { tags, params: userParams, body: toggle, response: { 200: userDetails } } }, (request) =>
    blockContact(db, requestUser(request), request.params.userId, request.body.on, request.locale),
  );

  app.get('/users/:id', { config, schema: { tags, params: idParams, response: { 200: userDetails } } }, (request) =>
    details2(db, requestUser(request), request.params.id, request.locale),
  );

  app.get('/search', { config, schema: { tags, querystring: messageSearchQuery, response: { 200: messageSearchResult } } }, (request) =>
    searchMyMessages(db, requestUser(request), request.query.q),
  );

  app.get('/search-history', { config, schema: { tags, response: { 200: searchHistory } } }, (request) => mySearchHistory(db, requestUser(request)));
  app.delete('/search-history', { config, schema: { tags, response: { 200: searchHistory } } }, (request) => clearMySearchHistory(db, requestUser(request)));

  app.get('/settings', { config, schema: { tags, response: { 200: messageSettings } } }, (request) => mySettings(db, requestUser(request)));
  app.put('/settings', { config, schema: { tags, body: messageSettings, response: { 200: messageSettings } } }, (request) =>
    saveMySettings(db, requestUser(request), request.body),
  );

  app.get('/unread-count', { config, schema: { tags, response: { 200: unreadCount } } }, async (request) => ({
    count: await unreadTotal(db, requestUser(request).id),
  }));

  registerAttachments(app, ctx, uploadMaxBytes);
};
