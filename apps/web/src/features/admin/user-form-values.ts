import type { TeacherLoad, UserDetails } from '@klase/core/admin/users';

/** What the user form edits; selects hold text values, numbers are converted on the way out. */
export interface UserFormState {
  roleId: string;
  schoolId: string;
  username: string;
  email: string;
  salutation: string | null;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string | null;
  employeeNumber: string;
  gradeLevel: string;
  section: string;
  loads: TeacherLoad[];
  parentIds: string[];
  studentIds: string[];
}

export const emptyLoad = (): TeacherLoad => ({ gradeLevel: '', subject: '', section: '' });

export const emptyUser = (schoolId = ''): UserFormState => ({
  roleId: '',
  schoolId,
  username: '',
  email: '',
  salutation: null,
  firstName: '',
  middleName: '',
  lastName: '',
  suffix: null,
  employeeNumber: '',
  gradeLevel: '',
  section: '',
  loads: [],
  parentIds: [],
  studentIds: [],
});

export const userToState = (u: UserDetails): UserFormState => ({
  roleId: String(u.roleId),
  schoolId: u.schoolId ?? '',
  username: u.username,
  email: u.email ?? '',
  salutation: u.salutation,
  firstName: u.firstName,
  middleName: u.middleName ?? '',
  lastName: u.lastName,
  suffix: u.suffix,
  employeeNumber: u.employeeNumber ?? '',
  gradeLevel: u.gradeLevel ?? '',
  section: u.section ?? '',
  loads: u.loads.map((l) => ({ ...l })),
  parentIds: u.parents.map((p) => p.id),
  studentIds: u.students.map((s) => s.id),
});

const roleOf = (s: string): number | undefined => (s === '' ? undefined : Number(s));

/** The fields every user has, as the schemas' input (updateUserRequest). */
export const stateToUpdateInput = (v: UserFormState): Record<string, unknown> => ({
  roleId: roleOf(v.roleId),
  username: v.username,
  email: v.email,
  salutation: v.salutation,
  firstName: v.firstName,
  middleName: v.middleName,
  lastName: v.lastName,
  suffix: v.suffix,
  employeeNumber: v.employeeNumber,
  gradeLevel: v.gradeLevel,
  section: v.section,
  loads: v.loads,
});

/** createUserRequest's input: plus the school (platform administrators) and the links. */
export const stateToCreateInput = (v: UserFormState, withSchool: boolean): Record<string, unknown> => ({
  ...stateToUpdateInput(v),
  schoolId: withSchool ? v.schoolId || undefined : undefined,
  parentIds: v.parentIds,
  studentIds: v.studentIds,
});
