import type { FieldIssue } from '../errors.ts';
import { V } from '../validation/rules.ts';
import type { GradeItemRow, ScaleRow } from './views.ts';

/**
 * The rules of a grade entry (the grid's cell), written once for both sides: the server refuses
 * with them, the grader grid checks with them before it sends. The range and scale check answers
 * a field issue on `value`; the lock rule says when a change is refused as GRADE_LOCKED.
 */

type Lockable = { locked: boolean; lockedAfter: string | null };

/** Locked now: locked outright, or its lock date has passed (categories and items alike). */
export const isLockedAt = (row: Lockable, now: number): boolean => row.locked || (row.lockedAfter !== null && Date.parse(row.lockedAfter) <= now);

/** The change a grade entry asks for (the fields of `gradeEntryForm`; left out = unchanged). */
export interface GradeChange {
  value?: number | null;
  excused?: boolean;
  hidden?: boolean;
  locked?: boolean;
}

/** The change only unlocks the grade (allowed on a locked grade). */
export const onlyUnlocks = (change: GradeChange): boolean =>
  change.locked === false && change.value === undefined && change.excused === undefined && change.hidden === undefined;

/**
 * A change refused as GRADE_LOCKED: the item is locked now (every change), or the grade itself is
 * locked and the change does more than unlock it.
 */
export const gradeChangeLocked = (item: Lockable, gradeLocked: boolean, change: GradeChange, now: number): boolean =>
  isLockedAt(item, now) || (gradeLocked && !onlyUnlocks(change));

const valueIssue = (key: string, params?: Record<string, number>): FieldIssue => ({ path: 'value', key, ...(params ? { params } : {}) });

/**
 * A grade's range and scale check: text items take no number; a scale item takes whole numbers
 * 1..k of its scale; other items their minimum..maximum. Out of range → `notGreaterThan` or
 * `notLessThan` with `{limit, count}` (the bound). null when the value is accepted.
 */
export const gradeValueIssue = (
  item: Pick<GradeItemRow, 'gradeType' | 'minGrade' | 'maxGrade'>,
  scale: Pick<ScaleRow, 'values'> | undefined,
  value: number,
): FieldIssue | null => {
  if (item.gradeType === 'text') return valueIssue(V.invalidChoice);
  let min = item.minGrade;
  let max = item.maxGrade;
  if (item.gradeType === 'scale') {
    if (!scale) return valueIssue(V.invalidChoice);
    if (!Number.isInteger(value)) return valueIssue(V.number);
    min = 1;
    max = scale.values.length;
  }
  if (value > max) return valueIssue(V.notGreaterThan, { limit: max, count: max });
  if (value < min) return valueIssue(V.notLessThan, { limit: min, count: min });
  return null;
};
