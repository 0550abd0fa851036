import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LOGIC_TESTS_NEEDING_DOM } from './vitest.environments.ts';

/** Pure logic of the web app (`*.test.ts`) in plain Node: no jsdom, no Mantine, no testing-library. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web-logic',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    exclude: LOGIC_TESTS_NEEDING_DOM.map((name) => `src/**/${name}`),
    environment: 'node',
    setupFiles: ['./vitest.setup.logic.ts'],
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one (2 - 1) on a 2-core machine; the second core would idle.
    maxWorkers: 2,
    // A fresh context a file in a worker thread that stays (see vitest.config.ts).
    pool: 'vmThreads',
  },
});
