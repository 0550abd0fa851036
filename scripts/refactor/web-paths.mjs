#!/usr/bin/env node
// Issue 14: moves web files to their layer (docs/architecture.md, "Web layers") and rewrites every
// relative import, dynamic import() and vi.mock() path in apps/web and e2e to match.
// Re-runnable: files already at their new place stay; files (or imports) still at an old place, e.g.
// from a branch merged later, are moved (or rewritten). Usage: node scripts/refactor/web-paths.mjs [--dry]
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'apps/web/src');
const dry = process.argv.includes('--dry');

/**
 * Old → new, relative to apps/web/src. A path ending in '/' moves a whole folder. A file's own
 * `<name>.test.ts(x)` beside it moves with it.
 */
export const MOVES = [
  // Tests that render a feature stay where that is allowed (an entry that maps a file to itself pins it).
  ['app/theme.test.ts', 'app/theme.test.ts'],
  ['features/admin/download.test.tsx', 'features/admin/download.test.tsx'],
  // Domain name shared with core and the API.
  ['features/class-list/', 'features/class-work/'],
  // config/: paths and route-table-like pieces features need.
  ['app/paths.ts', 'config/paths.ts'],
  ['app/base-paths.ts', 'config/base-paths.ts'],
  ['app/access.ts', 'config/access.ts'],
  ['features/courses/course-links.ts', 'config/course-links.ts'],
  // api/: the HTTP client, the query client and the queries several features share.
  ['components/http.ts', 'api/http.ts'],
  ['app/query-client.ts', 'api/query-client.ts'],
  ['features/classes/class-api.ts', 'api/class-api.ts'],
  ['features/courses/courses-api.ts', 'api/courses-api.ts'],
  ['features/materials/materials-api.ts', 'api/materials-api.ts'],
  // lib/: hooks and helpers without UI of their own.
  ['components/toasts.ts', 'lib/toasts.ts'],
  ['components/use-leave-guard.ts', 'lib/use-leave-guard.ts'],
  ['components/use-confirmed-save.tsx', 'lib/use-confirmed-save.tsx'],
  ['components/use-save-errors.ts', 'lib/use-save-errors.ts'],
  ['app/page-title.ts', 'lib/page-title.ts'],
  ['features/admin/download.ts', 'lib/download.ts'],
  ['features/classes/class-format.ts', 'lib/class-format.ts'],
  ['features/classes/use-class-action.ts', 'lib/use-class-action.ts'],
  // components/: shared UI.
  ['app/theme.ts', 'components/theme.ts'],
  ['app/layouts/page-loader.tsx', 'components/page-loader.tsx'],
  ['app/layouts/page-heading.tsx', 'components/page-heading.tsx'],
  ['features/courses/form-modal.tsx', 'components/form-modal.tsx'],
  ['features/courses/material-types.tsx', 'components/material-types.tsx'],
  ['features/courses/course-image.tsx', 'components/course-image.tsx'],
  ['features/class-work/group-load-state.tsx', 'components/group-load-state.tsx'],
  ['features/class-work/class-list-tabs.tsx', 'components/class-list-tabs.tsx'],
  ['features/assignments/work-state-badge.tsx', 'components/work-state-badge.tsx'],
  ['features/assignments/page-frame.tsx', 'components/page-frame.tsx'],
  ['features/materials/rich-text-editor.tsx', 'components/rich-text-editor.tsx'],
  // The course card, its menu and jobs, and the course form: My Courses, a class's courses and the catalogue share them.
  ['features/courses/course-card.tsx', 'components/course-card.tsx'],
  ['features/courses/course-jobs.tsx', 'components/course-jobs.tsx'],
  ['features/courses/course-form-dialog.tsx', 'components/course-form-dialog.tsx'],
  ['features/courses/publish-contents.tsx', 'components/publish-contents.tsx'],
  ['features/courses/copy-dates.ts', 'lib/copy-dates.ts'],
  // Deleting a material (asked on the course page and on the material's own page).
  ['features/materials/material-delete.tsx', 'components/material-delete.tsx'],
  // test/: test utilities and the fixtures several features' tests share.
  ['components/test-utils.tsx', 'test/test-utils.tsx'],
  ['lib/test-session.ts', 'test/test-session.ts'],
  ['lib/test-connection.ts', 'test/test-connection.ts'],
  ['features/classes/class-test-data.ts', 'test/class-test-data.ts'],
  ['features/courses/course-test-data.ts', 'test/course-test-data.ts'],
  ['features/materials/materials-test-data.ts', 'test/materials-test-data.ts'],
  ['features/quizzes/quizzes-test-data.ts', 'test/quizzes-test-data.ts'],
  ['features/gradebook/report/report-test-data.ts', 'test/report-test-data.ts'],
  ['features/assignments/assignments-test-kit.tsx', 'test/assignments-test-kit.tsx'],
  // Pages that put several features together: app/ composes them.
  ['features/catalogue/catalogue-course-page.tsx', 'app/pages/catalogue-course-page.tsx'],
  ['features/courses/course-tab.tsx', 'app/pages/course-tab.tsx'],
  ['features/class-work/student-grade-tab.tsx', 'app/pages/student-grade-tab.tsx'],
  ['features/classes/class-courses-tab.tsx', 'app/pages/class-courses-tab.tsx'],
  ['features/catalogue/class-catalogue-course-page.tsx', 'app/pages/class-catalogue-course-page.tsx'],
  ['features/catalogue/browse-course-page.test.tsx', 'app/pages/browse-course-page.test.tsx'],
  // Tests that render such a page with the pages around it.
  ['features/class-work/student-page.test.tsx', 'app/pages/student-page.test.tsx'],
  ['features/catalogue/browse-catalogue-page.test.tsx', 'app/pages/browse-catalogue-page.test.tsx'],
  ['features/courses/course-jobs.test.tsx', 'app/pages/course-jobs.test.tsx'],
  ['features/courses/course-share.test.tsx', 'app/pages/course-share.test.tsx'],
  // A test of the app's route table belongs to app/.
  ['features/admin/admin-access.test.ts', 'app/admin-access.test.ts'],
];

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** The new place of an absolute path, or the path itself. Chains (a → b, b → c) are followed. */
function mapPath(abs) {
  let cur = abs;
  for (let i = 0; i < MOVES.length + 1; i += 1) {
    const rel = relative(src, cur);
    const hit =
      MOVES.find(([from]) => (from.endsWith('/') ? rel.startsWith(from) : rel === from)) ??
      MOVES.find(([from]) => !from.endsWith('/') && stripTest(rel) === from);
    if (!hit) return cur;
    const [from, to] = hit;
    const next = from.endsWith('/')
      ? join(src, to, rel.slice(from.length))
      : join(src, to.replace(/\.(tsx?)$/, '') + rel.slice(from.replace(/\.(tsx?)$/, '').length));
    if (next === cur) return cur;
    cur = next;
  }
  return cur;
}

/** `x.test.ts(x)` of a mapped `x.ts(x)` moves along: compare without the `.test` part. */
function stripTest(rel) {
  const m = rel.match(/^(.*)\.test\.(tsx?)$/);
  if (!m) return rel;
  const base = `${m[1]}.${m[2]}`;
  const other = `${m[1]}.${m[2] === 'ts' ? 'tsx' : 'ts'}`;
  return MOVES.some(([from]) => from === base) ? base : MOVES.some(([from]) => from === other) ? other : rel;
}

const git = (...args) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });

// 1. Move files still at an old place.
const moved = new Map(); // new absolute path → old absolute path
for (const file of [...walk(src)]) {
  const target = mapPath(file);
  if (target === file) continue;
  if (existsSync(target)) throw new Error(`Both ${relative(root, file)} and ${relative(root, target)} exist; merge them by hand`);
  console.log(`move ${relative(root, file)} → ${relative(root, target)}`);
  if (dry) continue;
  mkdirSync(dirname(target), { recursive: true });
  try {
    git('mv', file, target);
  } catch {
    renameSync(file, target);
  }
  moved.set(target, file);
}

// 2. Rewrite relative specifiers everywhere in apps/web and e2e.
const SPEC = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\bexport\s+\*\s+from\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;
const files = [...walk(join(root, 'apps/web')), ...walk(join(root, 'e2e'))].filter((f) => SOURCE.test(f));
let changed = 0;
for (const file of files) {
  const current = dry && moved.has(file) ? moved.get(file) : file;
  if (!existsSync(current)) continue;
  const oldFile = moved.get(file) ?? file;
  const text = readFileSync(current, 'utf8');
  const next = text.replace(SPEC, (whole, lead, quote, spec) => {
    const target = mapPath(resolve(dirname(oldFile), spec));
    let out = relative(dirname(file), target);
    if (!out.startsWith('.')) out = `./${out}`;
    return out === spec ? whole : `${lead}${quote}${out}${quote}`;
  });
  if (next !== text) {
    changed += 1;
    if (!dry) writeFileSync(file, next);
  }
}
console.log(`${moved.size} files moved, ${changed} files rewritten${dry ? ' (dry run)' : ''}`);
