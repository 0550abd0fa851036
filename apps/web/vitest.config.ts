import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LOGIC_TESTS_NEEDING_DOM } from './vitest.environments.ts';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    // Components; the pure logic (`*.test.ts`) runs in Node in project web-logic (vitest.logic.config.ts).
    include: ['src/**/*.test.tsx', ...LOGIC_TESTS_NEEDING_DOM.map((name) => `src/**/${name}`)],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one (2 - 1) on a 2-core machine; the second core would idle.
    maxWorkers: 2,
    // Each file still runs in its own context (its own jsdom window, module registry and globals),
    // but in a worker thread that stays: jsdom itself and the files read from node_modules are
    // loaded once a worker, not once a file in a new process (docs/performance.md, "Test loop").
    pool: 'vmThreads',
    // recharts (the reports' charts, through @mantine/charts) runs as ES modules through Vite's transform:
    // its CommonJS build `require`s @reduxjs/toolkit's `.mjs` file, which the VM pool cannot run.
    server: { deps: { inline: ['@mantine/charts', 'recharts'] } },
    alias: [{ find: /^recharts$/, replacement: 'recharts/es6/index.js' }],
  },
});
