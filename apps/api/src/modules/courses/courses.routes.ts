import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Courses: My Courses, a class's courses, course details, image, publish, elements. */
export const coursesRoutes: FastifyPluginAsyncZod = async () => {};
