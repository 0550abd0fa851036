import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { componentTestsNeedingOwnModules, LOGIC_TESTS_NEEDING_DOM } from './vitest.environments.ts';

/** Every file that runs in jsdom: the components (`*.test.tsx`) and the few logic tests that need a DOM. */
const COMPONENT_TESTS = ['src/**/*.test.tsx', ...LOGIC_TESTS_NEEDING_DOM.map((name) => `src/**/${name}`)];
/** Those of them that replace modules (`vi.mock`) run in project web-isolated (vitest.isolated.config.ts). */
export const OWN_MODULE_TESTS = componentTestsNeedingOwnModules(import.meta.dirname);

/** What both jsdom projects share. */
export const componentTests: UserWorkspaceConfig = {
  plugins: [react()],
  test: {
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./vitest.reset.ts', './vitest.setup.ts'],
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one (2 - 1) on a 2-core machine; the second core would idle.
    maxWorkers: 2,
    // recharts (the reports' charts, through @mantine/charts) runs as ES modules through Vite's transform:
    // its CommonJS build `require`s @reduxjs/toolkit's `.mjs` file, which the VM pool cannot run.
    server: { deps: { inline: ['@mantine/charts', 'recharts'] } },
    alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }],
  },
};

export default defineProject({
  ...componentTests,
  test: {
    ...componentTests.test,
    name: 'web',
    // Components; the pure logic (`*.test.ts`) runs in Node in project web-logic (vitest.logic.config.ts).
    include: COMPONENT_TESTS,
    exclude: OWN_MODULE_TESTS,
    // The files of a worker share one module registry: Mantine, React, the router, the i18n texts
    // and each lazy page are loaded once a worker instead of once a file, which was most of a file's
    // time (docs/performance.md, "Eighth round"). Each file still gets a new jsdom document, its
    // own render tree and query client; files that mock modules run apart (web-isolated).
    pool: 'threads',
    isolate: false,
  },
});
