#!/usr/bin/env node
// Issue 14: the API's modules grouped by domain, a shared kernel below them, domain texts out of
// platform/, workers named `*.worker.ts`, the seed out of db/, test helpers in src/test/. Moves
// the files below (git mv) and rewrites every relative import in apps/api, bench and e2e that
// points at an old path, plus the path mentions in package.json, README and scripts listed in
// TEXT_FILES. Path-based and idempotent: run it again after merging a branch written against the
// old paths (`node scripts/refactor/api-paths.mjs`), then typecheck.
import path from 'node:path';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ROOT, applyMoves, makeMap, report, rewriteFiles, rewriteRelative, sourceFiles, splitRewriter } from './rewrite-lib.mjs';

const API = 'apps/api/src/';

/** Whole folders, old → new, relative to apps/api/src (files a branch adds there later follow them). */
export const API_DIRS = {
  'modules/customers': 'modules/admin/customers',
  'modules/schools': 'modules/admin/schools',
  'modules/users': 'modules/admin/users',
  'modules/admin-users': 'modules/admin/users',
  'modules/bulk': 'modules/admin/bulk',
  'modules/audit': 'modules/admin/audit',
  'modules/outbox': 'modules/admin/outbox',
  'modules/photos': 'modules/account',
  'modules/course-jobs': 'modules/courses/jobs',
  'modules/gradebook-setup': 'modules/gradebook/setup',
};

/** Single files, old → new (these win over API_DIRS). */
export const API_FILES = {
  // The shared kernel.
  'modules/classes/class-access.ts': 'kernel/class-access.ts',
  'modules/class-work/people.ts': 'kernel/people.ts',
  'modules/class-work/course-sql.ts': 'kernel/course-sql.ts',
  'modules/courses/assignment-sql.ts': 'kernel/assignment-sql.ts',
  'modules/course-jobs/file-refs.ts': 'kernel/file-refs.ts',
  'platform/account-mail.ts': 'kernel/account-mail.ts',
  'platform/audit.ts': 'kernel/audit.ts',
  'platform/course-messages.ts': 'kernel/course-messages.ts',
  // Domain texts and helpers out of platform/.
  'platform/class-messages.ts': 'modules/classes/class-messages.ts',
  'platform/class-messages.test.ts': 'modules/classes/class-messages.test.ts',
  'platform/admin-messages.ts': 'modules/admin/admin-messages.ts',
  'platform/admin-scope.ts': 'modules/admin/admin-scope.ts',
  'platform/storage-s3.app.test.ts': 'modules/materials/storage-s3.app.test.ts',
  // Workers: `*.worker.ts`.
  'modules/bulk/bulk-worker.ts': 'modules/admin/bulk/bulk.worker.ts',
  'modules/bulk/bulk-worker.test.ts': 'modules/admin/bulk/bulk.worker.test.ts',
  'modules/gradebook/recalc-worker.ts': 'modules/gradebook/recalc.worker.ts',
  'modules/quizzes/sweeper.ts': 'modules/quizzes/sweeper.worker.ts',
  'modules/quizzes/sweeper.test.ts': 'modules/quizzes/sweeper.worker.test.ts',
  // The seed.
  'db/seed.ts': 'seed/seed.ts',
  'db/seed.test.ts': 'seed/seed.test.ts',
  'db/seed-cli.ts': 'seed/seed-cli.ts',
  'db/seed-assessments.ts': 'seed/seed-assessments.ts',
  'db/seed-assessments.test.ts': 'seed/seed-assessments.test.ts',
  'db/seed-assessments-content.ts': 'seed/seed-assessments-content.ts',
  'db/seed-assessments-shapes.ts': 'seed/seed-assessments-shapes.ts',
  'db/seed-courses.ts': 'seed/seed-courses.ts',
  'db/seed-gradebook.ts': 'seed/seed-gradebook.ts',
  'db/seed-gradebook.test.ts': 'seed/seed-gradebook.test.ts',
  'db/seed-resources.ts': 'seed/seed-resources.ts',
  // Test helpers: one folder, `*-world.ts`.
  'modules/catalogue/test-helpers.ts': 'test/catalogue-world.ts',
  'modules/class-work/test-helpers.ts': 'test/class-work-world.ts',
  'modules/course-jobs/test-helpers.ts': 'test/course-jobs-world.ts',
  'modules/gradebook/test-helpers.ts': 'test/gradebook-world.ts',
  'modules/materials/test-helpers.ts': 'test/materials-world.ts',
  'modules/quizzes/test-helpers.ts': 'test/quizzes-world.ts',
  'modules/classes/test-world.ts': 'test/class-world.ts',
  'modules/gradebook-setup/setup-test-kit.ts': 'test/gradebook-setup-world.ts',
};

/** Symbols split out of a file into a new one (not a move): named imports of them follow. */
const SPLITS = [{ from: 'kernel/class-access.ts', alsoFrom: 'modules/classes/class-access.ts', to: 'kernel/request-user.ts', names: ['requestUser'] }];

/** Path mentions outside TypeScript imports (scripts, docs, package.json): plain text, old → new. */
const TEXT_FILES = [
  'apps/api/package.json',
  'apps/api/README.md',
  'README.md',
  'package.json',
  'scripts/dev.mjs',
  'scripts/e2e-server.mjs',
  'scripts/test.mjs',
  'e2e/playwright.config.ts',
  'bench/run.mjs',
  'bench/package.json',
  'e2e/tests/catalogue.spec.ts',
];
const TEXT = [['src/db/seed', 'src/seed/seed']];

const prefix = (o) => Object.fromEntries(Object.entries(o).map(([a, b]) => [API + a, API + b]));
const map = makeMap({ files: prefix(API_FILES), dirs: prefix(API_DIRS) });
const moved = applyMoves(map);

const abs = (p) => path.join(ROOT, API, p);
const rewriteSplits = splitRewriter(SPLITS.map((split) => ({ sources: [abs(split.from), abs(split.alsoFrom)], target: abs(split.to), names: split.names })));

const unresolved = [];
const changed = rewriteFiles(sourceFiles(['apps/api', 'bench', 'e2e']), (file, text) => rewriteSplits(file, rewriteRelative(file, text, map, unresolved)));

// `src/db/seed…` → `src/seed/seed…`, once: a mention already rewritten reads `src/seed/seed…`.
for (const rel of TEXT_FILES) {
  const file = path.join(ROOT, rel);
  if (!existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  let next = text;
  for (const [from, to] of TEXT) next = next.split(from).join(to);
  if (next !== text) {
    writeFileSync(file, next);
    changed.push(rel);
  }
}
report('api-paths', moved, changed, unresolved);
