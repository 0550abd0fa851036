#!/usr/bin/env node
// Issue 14: one domain name per folder in packages/core. Moves the files below (git mv) and
// rewrites every `@klase/core/...` import and every relative import into packages/core across the
// repo. Path-based and idempotent: run it again after merging a branch written against the old
// paths (`node scripts/refactor/core-paths.mjs`), then typecheck.
import path from 'node:path';
import { ROOT, applyMoves, makeMap, report, rewriteFiles, rewriteRelative, sourceFiles, splitRewriter } from './rewrite-lib.mjs';
import { existsSync } from 'node:fs';

const CORE = 'packages/core/src/';

/** Old → new, relative to packages/core/src. */
export const CORE_FILES = {
  'assessments/assignments.ts': 'assignments/contracts.ts',
  'assessments/dashboard.ts': 'dashboard/contracts.ts',
  'assessments/quizzes.ts': 'quizzes/contracts.ts',
  'assessments/questions.ts': 'quizzes/questions.ts',
  'assessments/questions.test.ts': 'quizzes/questions.test.ts',
  'assessments/quiz-settings.ts': 'quizzes/quiz-settings.ts',
  'assessments/quiz-settings.test.ts': 'quizzes/quiz-settings.test.ts',
  'assessments/grading.ts': 'quizzes/grading.ts',
  'assessments/grading.test.ts': 'quizzes/grading.test.ts',
  'assessments/test-questions.ts': 'quizzes/test-questions.ts',
  'courses/catalogue.ts': 'catalogue/contracts.ts',
  'classes/class-work.ts': 'class-work/contracts.ts',
};

/**
 * Symbols that left `courses/contracts.ts` for `materials/contracts.ts` (a split, not a move):
 * named imports of them are pointed at the new file.
 */
export const MATERIAL_NAMES = [
  'MATERIAL_NAME_MAX',
  'PAGE_HTML_MAX',
  'INSTRUCTIONS_MAX',
  'COMPLETION_RULE',
  'GRADED_TYPES',
  'materialForm',
  'MaterialForm',
  'materialUpdate',
  'uploadAnswer',
  'UploadAnswer',
  'materialDetails',
  'MaterialDetails',
  'STOP_STATES',
  'StopState',
  'journey',
  'Journey',
  'journeyQuery',
  'viewAnswer',
  'myMaterialRow',
  'MyMaterialRow',
  'MY_MATERIAL_SORTS',
  'myMaterialsQuery',
  'materialParams',
];

/**
 * Symbols that left `gradebook/aggregate.ts` for `gradebook/agg-buf.ts` (breaks the
 * aggregate ↔ methods import cycle).
 */
export const AGG_BUF_NAMES = ['AggMode', 'STATUSES', 'USED', 'EXTRA', 'NOVALUE', 'DROPPED', 'UNKNOWN', 'AggResult', 'AggBuf', 'makeAggBuf'];

/**
 * The read models that `gradebook/contracts.ts` re-exported from `gradebook/views.ts` (views imports
 * contracts' types: the re-export made a cycle). `gradebook/index.ts` still exports both.
 */
export const VIEW_NAMES = [
  'GradebookSettings',
  'GradeCategoryRow',
  'GradeItemSource',
  'GradeItemRow',
  'ScaleRow',
  'RubricRow',
  'GradingPeriodRow',
  'GradebookSetupView',
  'CELL',
  'GridTotal',
  'GradebookGrid',
  'GradeEntryResult',
  'GradeHistoryEntry',
  'ReportLine',
  'StudentGradeReport',
];

const SPLITS = [
  { from: 'courses/contracts.ts', to: 'materials/contracts.ts', names: MATERIAL_NAMES },
  { from: 'gradebook/aggregate.ts', to: 'gradebook/agg-buf.ts', names: AGG_BUF_NAMES },
  { from: 'gradebook/contracts.ts', to: 'gradebook/views.ts', names: VIEW_NAMES },
];

const map = makeMap({ files: Object.fromEntries(Object.entries(CORE_FILES).map(([o, n]) => [CORE + o, CORE + n])) });
const moved = applyMoves(map);

const coreFile = (sub) => path.join(ROOT, CORE, sub);
const PKG = /(['"])@klase\/core\/([^'"\n]+)\1/g;

/** `@klase/core/<old>` → `@klase/core/<new>` when <old> no longer exists. */
const rewritePackage = (text) =>
  text.replace(PKG, (whole, quote, sub) => {
    if (existsSync(coreFile(sub + '.ts'))) return whole;
    const next = map.forward(coreFile(sub + '.ts'));
    if (!next || !existsSync(next)) return whole;
    return `${quote}@klase/core/${path.relative(path.join(ROOT, CORE), next).replace(/\.ts$/, '').split(path.sep).join('/')}${quote}`;
  });

/** Points named imports of split symbols at their new file, in package or relative form. */
const rewriteSplits = splitRewriter(
  SPLITS.map((split) => ({
    sources: [coreFile(split.from)],
    target: coreFile(split.to),
    names: split.names,
    pkg: { from: `@klase/core/${split.from.replace(/\.ts$/, '')}`, to: `@klase/core/${split.to.replace(/\.ts$/, '')}` },
  })),
);

const unresolved = [];
const roots = ['packages', 'apps', 'e2e', 'bench'];
const changed = rewriteFiles(sourceFiles(roots), (file, text) => {
  let out = rewritePackage(text);
  out = rewriteRelative(file, out, map, unresolved);
  return rewriteSplits(file, out);
});
report('core-paths', moved, changed, unresolved);
