import { V } from '../validation/rules.ts';

/**
 * Validation message keys of the quiz contracts: the shared `V` keys plus the quiz-specific ones
 * (texts in `i18n/{locale}/validation.json`; `V` in `validation/rules.ts` lists them too so that
 * `toFieldIssues` keeps them instead of falling back to `invalidChoice`).
 */
export const QV = {
  ...V,
  /** "Use at most 2 decimal places." (points). */
  twoDecimals: 'twoDecimals',
  /** "Add at least {{count}}." (choices, matching pairs). */
  minItems: 'minItems',
  /** "Must not be less than {{count}}." (tolerance, passing percent). */
  notLessThan: 'notLessThan',
  /** "This entry appears more than once." (choice texts, accepted answers, matching lefts). */
  duplicateEntry: 'duplicateEntry',
  /** "Mark exactly one correct answer." (single-answer multiple choice). */
  singleCorrect: 'singleCorrect',
  /** "Must be after the opening time." (quiz close time). */
  afterOpen: 'afterOpen',
} as const;
