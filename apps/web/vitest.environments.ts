import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * Which web test files need a DOM. Components (`*.test.tsx`) run in jsdom with Mantine and every
 * i18n namespace (project `web`, vitest.config.ts); pure logic (`*.test.ts`) runs in plain Node
 * (project `web-logic`, vitest.logic.config.ts), which starts a file several times faster. The
 * `*.test.ts` files below touch `window`, `document` or the router and stay in jsdom; they are
 * matched by file name so that moving a file to another folder keeps its environment.
 */
export const LOGIC_TESTS_NEEDING_DOM = ['route-focus.test.ts', 'connection.test.ts', 'offline-cache.test.ts'];

/**
 * Component test files that need a module registry of their own (project `web-isolated`): those
 * that replace a module (`vi.mock`). Project `web` loads the app's modules afresh for each file
 * (vitest.reset.ts), but Vitest's mock registry outlives that, so a mock would reach the files
 * after it. Found by reading the files, so a new one goes to the right project without a list to keep.
 */
export const componentTestsNeedingOwnModules = (root: string): string[] =>
  readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.tsx') || LOGIC_TESTS_NEEDING_DOM.some((name) => file.endsWith(name)))
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(join(root, 'src', file), 'utf8')))
    .map((file) => `src/${file.split(sep).join('/')}`);
