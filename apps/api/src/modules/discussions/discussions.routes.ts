import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@klase/core/admin/common';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import {
  DISCUSSION_FILE_FIELD,
  categoryForm,
  categoryList,
  childQuery,
  commentForm,
  commentListQuery,
  commentPage,
  commentRow,
  discussionCategory,
  discussionSettings,
  moderationToggle,
  participantList,
  participantQuery,
  postDetails,
  postForm,
  postListQuery,
  postPage,
  postRow,
} from '@klase/core/discussions/contracts';
import { attachmentRef } from '@klase/core/messaging/contracts';
import { ROUTE_ROLES } from '@klase/core/guards';
import { requestUser } from '../../kernel/request-user.ts';
import { ctxOf } from '../../platform/app-context.ts';
import { sendDownload } from '../../platform/downloads.ts';
import { withOneFile } from '../../platform/multipart.ts';
import type { Policy } from '../../platform/types.ts';
import * as categories from './categories.service.ts';
import * as comments from './comments.service.ts';
import * as posts from './posts.service.ts';

const policy: Policy = { access: 'roles', roles: ROUTE_ROLES.discussions };
const config = { policy };
const tags = ['discussions'];
const courseParams = z.object({ courseId: z.uuid() });
const categoryParams = courseParams.extend({ id: z.uuid() });
const postParams = z.object({ postId: z.uuid() });
const commentParams = z.object({ commentId: z.uuid() });
const ok = z.object({ unreadComments: z.literal(0) });

export interface DiscussionsOptions {
  /** Largest attachment: the course file limit by default (tests pass a smaller one). */
  uploadMaxBytes?: number;
}

/** A course's categories, settings, participants and uploads: `/api/courses/:courseId/discussions/...`. */
const courseRoutes: FastifyPluginAsyncZod<DiscussionsOptions> = async (app, opts) => {
  const ctx = ctxOf(app);
  const db = ctx.db;
  const base = '/courses/:courseId/discussions';
  const uploadMaxBytes = opts.uploadMaxBytes ?? FILE_MAX_BYTES;

  app.get(base, { config, schema: { tags, params: courseParams, querystring: postListQuery, response: { 200: postPage } } }, (request) =>
    posts.postPage(db, requestUser(request), request.params.courseId, request.query),
  );
  app.post(base, { config, schema: { tags, params: courseParams, body: postForm, response: { 201: postDetails } } }, async (request, reply) =>
    reply.status(201).send(await posts.createPost(ctx, requestUser(request), request.params.courseId, request.body)),
  );
  app.get(`${base}/categories`, { config, schema: { tags, params: courseParams, querystring: childQuery, response: { 200: categoryList } } }, (request) =>
    categories.categoryList(db, requestUser(request), request.params.courseId, request.query.childId),
  );
  app.post(
    `${base}/categories`,
    { config, schema: { tags, params: courseParams, body: categoryForm, response: { 201: discussionCategory } } },
    async (request, reply) => reply.status(201).send(await categories.createCategory(db, requestUser(request), request.params.courseId, request.body.name)),
  );
  app.put(
    `${base}/categories/:id`,
    { config, schema: { tags, params: categoryParams, body: categoryForm, response: { 200: discussionCategory } } },
    (request) => categories.updateCategory(db, requestUser(request), request.params.courseId, request.params.id, request.body.name),
  );
  app.delete(`${base}/categories/:id`, { config, schema: { tags, params: categoryParams } }, async (request, reply) => {
    await categories.removeCategory(db, requestUser(request), request.params.courseId, request.params.id);
    return reply.status(204).send();
  });
  app.get(`${base}/settings`, { config, schema: { tags, params: courseParams, response: { 200: discussionSettings } } }, (request) =>
    categories.settingsOf(db, requestUser(request), request.params.courseId),
  );
  app.put(`${base}/settings`, { config, schema: { tags, params: courseParams, body: discussionSettings, response: { 200: discussionSettings } } }, (request) =>
    categories.updateSettings(db, requestUser(request), request.params.courseId, request.body),
  );
  app.get(
    `${base}/participants`,
    { config, schema: { tags, params: courseParams, querystring: participantQuery, response: { 200: participantList } } },
    (request) => categories.participants(db, requestUser(request), request.params.courseId, request.query.q),
  );
  app.post(
    `${base}/attachments`,
    { config, schema: { tags, params: courseParams, consumes: ['multipart/form-data'], response: { 201: attachmentRef } } },
    async (request, reply) => {
      const me = requestUser(request);
      const upload = (file: Parameters<typeof categories.uploadAttachment>[3]) =>
        categories.uploadAttachment(ctx, me, request.params.courseId, file, uploadMaxBytes);
      return reply.status(201).send(await withOneFile(request, DISCUSSION_FILE_FIELD, uploadMaxBytes, upload));
    },
  );
};

/** Posts, comments and attachments by id: `/api/discussions/...`. */
const itemRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  const db = ctx.db;
  const post = '/discussions/posts/:postId';
  const comment = '/discussions/comments/:commentId';

  app.get(post, { config, schema: { tags, params: postParams, querystring: childQuery, response: { 200: postDetails } } }, (request) =>
    posts.postDetails(db, requestUser(request), request.params.postId, request.query.childId),
  );
  app.put(post, { config, schema: { tags, params: postParams, body: postForm, response: { 200: postDetails } } }, (request) =>
    posts.editPost(ctx, requestUser(request), request.params.postId, request.body),
  );
  app.delete(post, { config, schema: { tags, params: postParams } }, async (request, reply) => {
    await posts.deletePost(ctx, requestUser(request), request.params.postId);
    return reply.status(204).send();
  });
  for (const [path, flag] of [
    ['pin', 'pinned'],
    ['lock', 'locked'],
    ['hide', 'hidden'],
  ] as const) {
    app.put(`${post}/${path}`, { config, schema: { tags, params: postParams, body: moderationToggle, response: { 200: postRow } } }, (request) =>
      posts.moderatePost(db, requestUser(request), request.params.postId, flag, request.body.on),
    );
  }
  app.post(`${post}/read`, { config, schema: { tags, params: postParams, querystring: childQuery, response: { 200: ok } } }, (request) =>
    posts.readPost(db, requestUser(request), request.params.postId, request.query.childId),
  );
  app.get(`${post}/comments`, { config, schema: { tags, params: postParams, querystring: commentListQuery, response: { 200: commentPage } } }, (request) =>
    comments.commentPage(db, requestUser(request), request.params.postId, request.query),
  );
  app.post(
    `${post}/comments`,
    { config, schema: { tags, params: postParams, body: commentForm, response: { 200: commentRow, 201: commentRow } } },
    async (request, reply) => {
      const made = await comments.createComment(ctx, requestUser(request), request.params.postId, request.body);
      return reply.status(made.created ? 201 : 200).send(made.comment);
    },
  );
  app.put(
    comment,
    { config, schema: { tags, params: commentParams, body: commentForm.pick({ body: true, mentionIds: true }), response: { 200: commentRow } } },
    (request) => comments.editComment(ctx, requestUser(request), request.params.commentId, request.body),
  );
  app.delete(comment, { config, schema: { tags, params: commentParams } }, async (request, reply) => {
    await comments.deleteComment(db, requestUser(request), request.params.commentId);
    return reply.status(204).send();
  });
  app.put(`${comment}/hide`, { config, schema: { tags, params: commentParams, body: moderationToggle, response: { 200: commentRow } } }, (request) =>
    comments.hideComment(ctx, requestUser(request), request.params.commentId, request.body.on),
  );
  app.get('/discussions/attachments/:id', { config, schema: { tags, params: idParams, querystring: childQuery } }, async (request, reply) =>
    sendDownload(reply, await categories.attachmentFile(ctx, requestUser(request), request.params.id, request.query.childId)),
  );
};

/** Course discussions (issue 18): see `@klase/core/discussions/contracts` and decision 0047 (`0047-discussions-api.md`). */
export const discussionsRoutes: FastifyPluginAsyncZod<DiscussionsOptions> = async (app, opts) => {
  await app.register(courseRoutes, { uploadMaxBytes: opts.uploadMaxBytes });
  await app.register(itemRoutes);
};
