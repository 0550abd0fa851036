import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A class's groups, progress, materials and courses list. */
export const classWorkRoutes: FastifyPluginAsyncZod = async () => {};
