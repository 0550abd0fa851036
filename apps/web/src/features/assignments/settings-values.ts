import type { AssignmentSettings, AssignmentSettingsForm, SubmissionType } from '@klase/core/assignments/contracts';
import { joinDateTime, splitDateTime } from '../../lib/date-time-fields.ts';

/** What the assignment settings form edits: dates and times as typed text, numbers as the fields hold them. */
export interface SettingsFormState {
  openDate: string;
  openTime: string;
  allowLate: boolean;
  lateDate: string;
  lateTime: string;
  submissionType: SubmissionType;
  /** '' while the number field is empty. */
  maxFiles: number | string;
  maxFileMb: number | string;
}

/** An opening date without a time opens at the start of that day; late work ends at the end of its day. */
export const OPEN_TIME_DEFAULT = '00:00';
export const LATE_TIME_DEFAULT = '23:59';

export const stateFromSettings = (s: AssignmentSettings): SettingsFormState => {
  const open = splitDateTime(s.openAt);
  const late = splitDateTime(s.lateUntil);
  return {
    openDate: open.date,
    openTime: open.time,
    allowLate: s.allowLate,
    lateDate: late.date,
    lateTime: late.time,
    submissionType: s.submissionType,
    maxFiles: s.maxFiles,
    maxFileMb: s.maxFileMb,
  };
};

const numberOf = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

/** The request body (checked with `assignmentSettingsForm` before sending); no late end without late work. */
export const stateToSettings = (s: SettingsFormState): AssignmentSettingsForm => ({
  openAt: joinDateTime(s.openDate, s.openTime, OPEN_TIME_DEFAULT),
  allowLate: s.allowLate,
  lateUntil: s.allowLate ? joinDateTime(s.lateDate, s.lateTime, LATE_TIME_DEFAULT) : null,
  submissionType: s.submissionType,
  maxFiles: numberOf(s.maxFiles),
  maxFileMb: numberOf(s.maxFileMb),
});

const FIELD_OF: Record<string, keyof SettingsFormState> = { openAt: 'openDate', lateUntil: 'lateDate' };

/** Moves errors from the request's paths to the form's fields (`lateUntil` → the late date field). */
export const toSettingsErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message]));

/**
 * The server's rule the schema cannot know: late work ends after the material's due date
 * (`lateUntil: afterDue`). Returns the validation key, or null.
 */
export const lateUntilProblem = (body: AssignmentSettingsForm, dueAt: string | null): 'afterDue' | null => {
  if (!body.lateUntil) return null;
  const late = new Date(body.lateUntil).getTime();
  if (Number.isNaN(late)) return null;
  return dueAt === null || late <= new Date(dueAt).getTime() ? 'afterDue' : null;
};
