/**
 * The gradebook's public face for the modules built on it (DepEd grading, the E-Class Record, report
 * cards: issue 19). They read a course's setup and every learner's grades with the gradebook's own
 * loaders (a fixed number of queries whatever the class size), and write grades through the same row
 * lock and upsert as the grader grid, so the triggers keep history and recalculation for them too.
 * Other modules import these from here, never the gradebook's inner files.
 */
export { loadCells } from './grades-loader.ts';
export { loadStudents } from './grades.repo.ts';
export { ensureGradebook, loadSetupRows } from './setup-loader.ts';
export { lockGradeRow, upsertGrade } from './gradebook.repo.ts';
export { lockSetup } from './setup/setup-kit.repo.ts';
export { invalid } from './setup/setup-kit.ts';
