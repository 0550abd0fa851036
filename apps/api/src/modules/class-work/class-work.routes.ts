import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupsRoutes } from './groups.routes.ts';
import { materialsRoutes } from './materials.routes.ts';
import { progressRoutes } from './progress.routes.ts';

/** A class's groups, progress, materials and courses list (`/api/classes/:id/...`). */
export const classWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(groupsRoutes);
  await app.register(progressRoutes);
  await app.register(materialsRoutes);
};
