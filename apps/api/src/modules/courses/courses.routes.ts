import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, messageAnswer } from '@klase/core/admin/common';
import {
  COURSE_IMAGE_FIELD,
  courseDetails as courseDetailsSchema,
  courseForm,
  courseUpdate,
  courseParams,
  courseRow,
  elementDetails,
  elementForm,
  elementUpdate,
  elementOrderRequest,
  elementParams,
  myCoursesQuery,
  publishWithContentsRequest,
} from '@klase/core/courses/contracts';
import { shareRequest } from '@klase/core/catalogue/contracts';
import { DomainError } from '@klase/core/errors';
import { ROUTE_ROLES } from '@klase/core/guards';
import { tablePage } from '@klase/core/table';
import { ctxOf } from '../../platform/app-context.ts';
import type { Ctx } from '../../platform/context.ts';
import { courseMessage } from '../../kernel/course-messages.ts';
import type { Policy } from '../../platform/types.ts';
import { PHOTO_MAX_BYTES, readPhoto } from '../account/photo.service.ts';
import { requestUser } from '../../kernel/request-user.ts';
import { courseImage, removeCourseImage, saveCourseImage } from './course-image.service.ts';
import { pictureQuery, pictureWish, sendPicture } from '../../platform/image-variants.ts';
import { courseDetails, createCourse, editCourse, myCourses, setCoursePublished, setCourseShared } from './courses.service.ts';
import { createElement, deleteElement, editElement, reorderElements, setElementPublished } from './elements.service.ts';

const members: Policy = { access: 'roles', roles: ROUTE_ROLES.courses };
/** Reading a course: class members and the rex admin (catalogue courses); the course access check decides. */
const readers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseApi };
/** Changing a course: teachers of the class, the rex admin for catalogue courses. */
const managers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseApiManage };
/** Sharing with the school: teachers of the class. */
const classTeachers: Policy = { access: 'roles', roles: ROUTE_ROLES.courseManage };
/** The image is shown wherever the course is (also on a school administrator's class page): the course access check decides. */
const signedIn: Policy = { access: 'signedIn' };
const tags = ['courses'];

type App = Parameters<FastifyPluginAsyncZod>[0];

/** My Courses, a class's new course, and one course: details, settings, publishing and sharing. */
const registerCourseRoutes = (app: App, ctx: Ctx): void => {
  app.get('/courses', { config: { policy: members }, schema: { tags, querystring: myCoursesQuery, response: { 200: tablePage(courseRow) } } }, (request) =>
    myCourses(ctx, requestUser(request), request.query),
  );

  app.post(
    '/classes/:id/courses',
    { config: { policy: classTeachers }, schema: { tags, params: idParams, body: courseForm, response: { 201: courseDetailsSchema } } },
    async (request, reply) => reply.status(201).send(await createCourse(ctx, requestUser(request), request.params.id, request.body)),
  );

  app.get('/courses/:courseId', { config: { policy: readers }, schema: { tags, params: courseParams, response: { 200: courseDetailsSchema } } }, (request) =>
    courseDetails(ctx, requestUser(request), request.params.courseId),
  );

  app.put(
    '/courses/:courseId',
    { config: { policy: managers }, schema: { tags, params: courseParams, body: courseUpdate, response: { 200: courseDetailsSchema } } },
    (request) => editCourse(ctx, requestUser(request), request.params.courseId, request.body),
  );

  app.patch(
    '/courses/:courseId/published',
    { config: { policy: managers }, schema: { tags, params: courseParams, body: publishWithContentsRequest, response: { 200: messageAnswer } } },
    async (request) => {
      const { published, contents = false } = request.body;
      await setCoursePublished(ctx, requestUser(request), request.params.courseId, published, contents);
      return courseMessage(request.locale, published ? (contents ? 'coursePublishedAll' : 'coursePublished') : 'courseUnpublished');
    },
  );

  app.patch(
    '/courses/:courseId/shared',
    { config: { policy: classTeachers }, schema: { tags, params: courseParams, body: shareRequest, response: { 200: messageAnswer } } },
    async (request) => {
      await setCourseShared(ctx, requestUser(request), request.params.courseId, request.body.shared);
      return courseMessage(request.locale, request.body.shared ? 'courseShared' : 'courseUnshared');
    },
  );
};

/** A course's image: shown, replaced, removed. */
const registerCourseImageRoutes = (app: App, ctx: Ctx): void => {
  app.get(
    '/courses/:courseId/image',
    { config: { policy: signedIn }, schema: { tags, params: courseParams, querystring: pictureQuery } },
    async (request, reply) => {
      const image = await courseImage(ctx, requestUser(request), request.params.courseId, pictureWish(request));
      return sendPicture(reply, image);
    },
  );

  app.put(
    '/courses/:courseId/image',
    { config: { policy: managers }, schema: { tags, params: courseParams, consumes: ['multipart/form-data'], response: { 200: courseDetailsSchema } } },
    async (request) => {
      const user = requestUser(request);
      if (!request.isMultipart()) throw new DomainError('BAD_REQUEST');
      const file = await request.file({ throwFileSizeLimit: false, limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
      if (!file || file.fieldname !== COURSE_IMAGE_FIELD) throw new DomainError('BAD_REQUEST');
      await saveCourseImage(ctx, user, request.params.courseId, () => readPhoto(file.file, () => file.file.truncated));
      return courseDetails(ctx, user, request.params.courseId);
    },
  );

  app.delete(
    '/courses/:courseId/image',
    { config: { policy: managers }, schema: { tags, params: courseParams, response: { 200: courseDetailsSchema } } },
    async (request) => {
      await removeCourseImage(ctx, requestUser(request), request.params.courseId);
      return courseDetails(ctx, requestUser(request), request.params.courseId);
    },
  );
};

/** A course's elements: added, reordered, edited, published, deleted. */
const registerElementRoutes = (app: App, ctx: Ctx): void => {
  app.post(
    '/courses/:courseId/elements',
    { config: { policy: managers }, schema: { tags, params: courseParams, body: elementForm, response: { 201: elementDetails } } },
    async (request, reply) => reply.status(201).send(await createElement(ctx, requestUser(request), request.params.courseId, request.body)),
  );

  // The static `order` segment before `:elementId` (Fastify prefers it anyway; ids are uuids).
  app.put(
    '/courses/:courseId/elements/order',
    { config: { policy: managers }, schema: { tags, params: courseParams, body: elementOrderRequest, response: { 200: z.array(elementDetails) } } },
    (request) => reorderElements(ctx, requestUser(request), request.params.courseId, request.body.elementIds),
  );

  app.put(
    '/courses/:courseId/elements/:elementId',
    { config: { policy: managers }, schema: { tags, params: elementParams, body: elementUpdate, response: { 200: elementDetails } } },
    (request) => editElement(ctx, requestUser(request), request.params.courseId, request.params.elementId, request.body),
  );

  app.patch(
    '/courses/:courseId/elements/:elementId/published',
    { config: { policy: managers }, schema: { tags, params: elementParams, body: publishWithContentsRequest, response: { 200: messageAnswer } } },
    async (request) => {
      const { published, contents = false } = request.body;
      await setElementPublished(ctx, requestUser(request), request.params.courseId, request.params.elementId, published, contents);
      return courseMessage(request.locale, published ? (contents ? 'elementPublishedAll' : 'elementPublished') : 'elementUnpublished');
    },
  );

  app.delete(
    '/courses/:courseId/elements/:elementId',
    { config: { policy: managers }, schema: { tags, params: elementParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteElement(ctx, requestUser(request), request.params.courseId, request.params.elementId);
      return courseMessage(request.locale, 'elementDeleted');
    },
  );
};

/**
 * Courses: My Courses, a class's new course, course details, image, publish, share, elements. The
 * rex admin builds catalogue courses through the same routes (`readers`, `managers`).
 */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = ctxOf(app);
  registerCourseRoutes(app, ctx);
  registerCourseImageRoutes(app, ctx);
  registerElementRoutes(app, ctx);
};
