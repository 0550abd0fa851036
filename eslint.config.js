import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': true, 'ts-nocheck': true }],
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../../*'], message: 'Import across packages as @klase/...' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A name on a spinner or skeleton needs a role to carry it (axe: aria-prohibited-attr on a plain span or div).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(Loader|Skeleton)$/]:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message: 'Give a labelled Loader or Skeleton a role (progressbar or status), or hide it with aria-hidden.',
        },
      ],
    },
  },
  {
    // Sub-folders of a web feature (features/<name>/<part>/) reach src/ in three steps; leaving the app still needs four.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../../../../*'], message: 'Import across packages as @klase/...' }] }] },
  },
  {
    // API sub-modules (modules/<domain>/<sub>/: admin/users, courses/jobs, gradebook/setup) reach src/ in three steps too.
    files: ['apps/api/src/modules/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['../../../../*'], message: 'Import across packages as @klase/...' }] }] },
  },
  {
    // Long functions hide their parts: split a component into a state hook and a view, a handler into named steps.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/src/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-*', 'fastify', 'drizzle-orm*'], message: 'core is isomorphic' }] }],
    },
  },
);
