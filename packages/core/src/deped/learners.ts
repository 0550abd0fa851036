import { z } from 'zod';
import type { ObservedMark, ObservedStatement, Quarter, Sex } from './contracts.ts';
import { QUARTERS } from './contracts.ts';

/**
 * Views of the learner fields, the class adviser and the observed values (issue 19). The request
 * bodies are in `./contracts.ts` (`learnerFields`, `adviserForm`, `attendanceForm`, `observedValuesForm`).
 *
 * - `GET/PUT /api/learners/:userId` → `LearnerProfile` (students only; the school administrator
 *   edits, teachers of the student's classes and the student read; anyone else 404).
 * - `GET /api/classes/:classId/adviser` → `ClassAdviser` (everyone in the class).
 */
export const LEARNERS_PATH = '/api/learners';

export type LearnerProfile = { userId: string; lrn: string | null; sex: Sex | null; birthDate: string | null; canEdit: boolean };

export type ClassAdviser = {
  teacherId: string | null;
  name: string | null;
  /** The caller may change the adviser (school administrator: any teacher of the class; a teacher: themselves). */
  canEdit: boolean;
  /** Teachers the caller may name (empty when `canEdit` is false). */
  candidates: { id: string; name: string }[];
};

export type ObservedValuesSheet = {
  quarter: Quarter;
  learners: { studentId: string; name: string; sex: Sex | null; marks: Partial<Record<ObservedStatement, ObservedMark>> }[];
  canEdit: boolean;
};

export const observedQuery = z.object({ quarter: z.coerce.number().pipe(z.union(QUARTERS.map((q) => z.literal(q)))) });

/** Months of a school year on the card: June of `from` to April of `from + 1` (the API accepts up to May). */
export const schoolYearMonths = (from: number, lastMonth = 4): string[] => {
  const out: string[] = [];
  for (let m = 6; m <= 12; m++) out.push(`${from}-${String(m).padStart(2, '0')}`);
  for (let m = 1; m <= lastMonth; m++) out.push(`${from + 1}-${String(m).padStart(2, '0')}`);
  return out;
};

/** SF9 order: male learners first, then female, then unknown; each by last name, first name. */
export const sexOrder = (sex: Sex | null): number => (sex === 'male' ? 0 : sex === 'female' ? 1 : 2);
