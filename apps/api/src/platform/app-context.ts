import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.ts';

/** The service context of an app (its database, config, mailer and storage). */
export const ctxOf = (app: FastifyInstance): Ctx => ({
  db: app.database.db,
  config: app.config,
  mailer: app.mailer,
  storage: app.storage,
});
