import { configDefaults, defineConfig } from 'vitest/config';

/** One runner, four projects: core (pure rules), web (jsdom components), web-logic (the web's pure logic in Node), api (app.inject on a database). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          environment: 'node',
          maxWorkers: 2,
        },
      },
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
      'apps/web/vitest.logic.config.ts',
      {
        // The built SPA's bytes (issue 15): `npm test` runs it after its build step.
        test: {
          name: 'budget',
          include: ['apps/web/build/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // `*.pg.test.ts` cut real PostgreSQL connections: they run only on a server (TEST_DATABASE_URL);
          // `*.pglite.test.ts` test the embedded database's own test set-up: they run only without one.
          exclude: [...configDefaults.exclude, process.env.TEST_DATABASE_URL ? 'apps/api/src/**/*.pglite.test.ts' : 'apps/api/src/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Files of a worker share loaded modules: importing the whole API again for every file
          // cost more than the tests themselves. Each file still builds its own app on its own
          // database (test/test-app.ts); a file that mocks a module empties the registry first.
          isolate: false,
        },
      },
    ],
  },
});
