/** Public surface of the gradebook engine (issue 7). See engine.ts for the design. */
export * from './types.ts';
export { computeGradebook, createGradebookEngine, type GradebookEngine } from './engine.ts';
export { resetCoefficientsFor, setupWeights } from './setup-weights.ts';
export {
  DEFAULT_DECIMALS,
  DEFAULT_LETTERS,
  formatGrade,
  formatNumber,
  formatRange,
  gradeLetter,
  gradeLettersSchema,
  gradePercent,
  isPassing,
  letterTable,
  rescaleGrade,
  roundGrade,
  sortLetters,
  type DisplayContext,
  type GradeLettersInput,
  type LetterRow,
} from './display.ts';
export * from './contracts.ts';
export * from './views.ts';
export * from './setup-build.ts';
export * from './entry-rules.ts';
