import { workState, type AssignmentSettings, type MySubmission } from '@klase/core/assignments/contracts';
import type { ErrorCode } from '@klase/core/errors';
import type { Db } from '../../platform/context.ts';
import { filesOf, type SubmissionRecord } from './assignments.repo.ts';
import { rubricAnswer } from './rubric-grading.ts';
import type { EffectiveSettings } from './settings.service.ts';
import { submissionFileUrl, toFileInfo } from './stored-files.service.ts';

/**
 * When a student may change and submit their work, and how one piece of work reads (the
 * student's page, a parent's view, the teacher's view of one student).
 */

export interface WorkWindow {
  /** Why the draft (text, files) cannot change now; null when it can. */
  editBlock: ErrorCode | null;
  /** Why it cannot be submitted now; null when it can. */
  submitBlock: ErrorCode | null;
  /** A submission now would be late. */
  late: boolean;
}

/**
 * Returned work is final (SUBMISSION_RETURNED). Nothing before `openAt` (NOT_OPEN_YET). After the
 * due date: submitted work stays as it is and a draft may still be submitted, marked late, while
 * late work is accepted (`allowLate`, until `lateUntil` when set), otherwise PAST_DUE. Submitted
 * work is not submitted twice (ALREADY_SUBMITTED); changing it before the due date makes it a
 * draft to submit again.
 */
export const workWindow = (s: EffectiveSettings, dueAt: Date | null, row: Pick<SubmissionRecord, 'status'> | null, now: Date): WorkWindow => {
  const t = now.getTime();
  const past = dueAt !== null && t > dueAt.getTime();
  if (row?.status === 'returned') return { editBlock: 'SUBMISSION_RETURNED', submitBlock: 'SUBMISSION_RETURNED', late: past };
  const notOpen: ErrorCode | null = s.openAt && t < s.openAt.getTime() ? 'NOT_OPEN_YET' : null;
  if (row?.status === 'submitted') return { editBlock: notOpen ?? (past ? 'PAST_DUE' : null), submitBlock: 'ALREADY_SUBMITTED', late: past };
  const lateClosed = !s.allowLate || (s.lateUntil !== null && t > s.lateUntil.getTime());
  const block = notOpen ?? (past && lateClosed ? 'PAST_DUE' : null);
  return { editBlock: block, submitBlock: block, late: past };
};

/** Whether sanitized rich text holds anything (words or a picture). */
export const hasContent = (html: string | null): boolean =>
  html !== null &&
  (/<img\s/i.test(html) ||
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== '');

export interface WorkView {
  /** Staff see grades and feedback at once; students and parents once returned. */
  staff: boolean;
  /** What the caller may do (students only; false for everyone else). */
  mayAct: boolean;
}

/** One student's work on the assignment as `mySubmission` (the grading view extends it). */
export const workAnswer = async (
  db: Db,
  a: { settings: AssignmentSettings; effective: EffectiveSettings; dueAt: Date | null; row: SubmissionRecord | null; now: Date },
  view: WorkView,
): Promise<MySubmission> => {
  const { row, settings } = a;
  const shown = view.staff || row?.status === 'returned';
  const files = row ? await filesOf(db, [row.id]) : [];
  const info = (kind: 'work' | 'feedback') => files.filter((f) => f.kind === kind).map((f) => toFileInfo(f, submissionFileUrl(settings.materialId, f.id)));
  const window = workWindow(a.effective, a.dueAt, row, a.now);
  // Students and parents do not learn of a grade before it is returned.
  const stateRow = row && !shown ? { ...row, grade: null } : row;
  return {
    materialId: settings.materialId,
    settings,
    state: workState(stateRow, a.dueAt, a.now),
    status: row?.status ?? 'none',
    textHtml: row?.textHtml ?? null,
    files: info('work'),
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    late: row?.late ?? false,
    submitCount: row?.submitCount ?? 0,
    grade: shown ? (row?.grade ?? null) : null,
    feedbackHtml: shown ? (row?.feedbackHtml ?? null) : null,
    feedbackFiles: shown ? info('feedback') : [],
    returnedAt: row?.returnedAt?.toISOString() ?? null,
    can: { edit: view.mayAct && window.editBlock === null, submit: view.mayAct && window.submitBlock === null },
    blockedBy: window.submitBlock,
    // The rubric and the levels chosen, like the grade: staff always, students and parents once returned.
    rubric: shown ? await rubricAnswer(db, settings.materialId, row?.id ?? null) : null,
  };
};
