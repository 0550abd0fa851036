/**
 * Which web test files need a DOM. Components (`*.test.tsx`) run in jsdom with Mantine and every
 * i18n namespace (project `web`, vitest.config.ts); pure logic (`*.test.ts`) runs in plain Node
 * (project `web-logic`, vitest.logic.config.ts), which starts a file several times faster. The
 * `*.test.ts` files below touch `window`, `document` or the router and stay in jsdom; they are
 * matched by file name so that moving a file to another folder keeps its environment.
 */
export const LOGIC_TESTS_NEEDING_DOM = ['route-focus.test.ts', 'connection.test.ts', 'offline-cache.test.ts'];
