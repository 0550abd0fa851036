import type { ClassDetails, GradeLevel } from '@klase/core/classes/contracts';
import { currentSchoolYear } from '../../lib/class-format.ts';

/** What the class form edits: the schema's fields, with an unchosen grade and blank years allowed. */
export interface ClassFormState {
  name: string;
  gradeLevel: GradeLevel | '';
  section: string;
  schoolYearFrom: number | string;
  schoolYearTo: number | string;
  description: string;
  teacherIds: string[];
}

export const emptyClass = (today = new Date()): ClassFormState => {
  const year = currentSchoolYear(today);
  return { name: '', gradeLevel: '', section: '', schoolYearFrom: year.from, schoolYearTo: year.to, description: '', teacherIds: [] };
};

export const classToState = (c: ClassDetails): ClassFormState => ({
  name: c.name,
  gradeLevel: c.gradeLevel as GradeLevel,
  section: c.section,
  schoolYearFrom: c.schoolYearFrom,
  schoolYearTo: c.schoolYearTo,
  description: c.description,
  teacherIds: c.teachers.map((p) => p.id),
});

/** A year field's value as a number; blank stays undefined so the schema reports "required". */
const yearOf = (v: number | string): number | undefined => (typeof v === 'number' ? v : v.trim() === '' ? undefined : Number(v));

/** The form state as the schema's input (`classForm.safeParse(stateToInput(v))`). */
export const stateToInput = (v: ClassFormState): Record<string, unknown> => ({
  ...v,
  gradeLevel: v.gradeLevel === '' ? undefined : v.gradeLevel,
  schoolYearFrom: yearOf(v.schoolYearFrom),
  schoolYearTo: yearOf(v.schoolYearTo),
});
