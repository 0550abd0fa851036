import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The whole API on a fresh database (one per test file). `prepare` may add test-only routes
 * before the app is made ready.
 */
export const createTestApp = async (
  overrides: Partial<AppConfig> = {},
  deps: Omit<AppDeps, 'database'> = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klase-api-data-'));
  const { database, drop } = await openTestDatabase();
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    dataDir,
    webDist: path.join(dataDir, 'no-web-dist'),
    appUrl: 'http://klase.test',
    loginFailureDelayMs: 1,
    // Tests that change rows directly and ask again at once would race the invalidation
    // notification; the cache has its own tests (session-cache.test.ts) with it switched on.
    sessionCacheMs: 0,
    ...overrides,
  };
  const app = await buildApp(config, { database, ...deps });
  prepare?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
