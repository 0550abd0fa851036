import { defineProject } from 'vitest/config';
import { componentTests, OWN_MODULE_TESTS } from './vitest.config.ts';

/**
 * The component tests that replace a module (`vi.mock`):
 * each file in a context of its own (its own jsdom window, module registry and globals), in worker
 * threads that stay, so jsdom and node_modules are read once a worker (vitest.config.ts for the rest).
 */
export default defineProject({
  ...componentTests,
  test: {
    ...componentTests.test,
    name: 'web-isolated',
    include: OWN_MODULE_TESTS,
    pool: 'vmThreads',
  },
});
