import type { ClassDetails, ClassStudentDetails, ClassStudentRow } from '@klase/core/classes/contracts';

/** Test records of the class list (one class, its teachers and students). */
export const CLASS_ID = '11111111-1111-4111-8111-111111111111';
export const STUDENT_A = '22222222-2222-4222-8222-222222222222';
export const STUDENT_B = '33333333-3333-4333-8333-333333333333';
export const TEACHER_ID = '44444444-4444-4444-8444-444444444444';

const CAN_NOTHING: ClassDetails['can'] = {
  manage: false,
  manageRoster: false,
  manageGroups: false,
  viewProgress: false,
  viewStudentDetails: false,
  resetStudentPasswords: false,
  grade: false,
};
const CAN_ALL: ClassDetails['can'] = {
  manage: true,
  manageRoster: true,
  manageGroups: true,
  viewProgress: true,
  viewStudentDetails: true,
  resetStudentPasswords: true,
  grade: true,
};

export const classDetailsOf = (relation: ClassDetails['relation'], over: Partial<ClassDetails> = {}): ClassDetails => {
  const teacher = relation === 'teacher';
  return {
    version: 1,
    id: CLASS_ID,
    name: 'Grade 7 - Sampaguita',
    gradeLevel: 'Grade 7',
    section: 'Sampaguita',
    schoolYearFrom: 2025,
    schoolYearTo: 2026,
    teachers: [{ id: TEACHER_ID, name: 'Maria Santos', roleId: 3, photoUrl: null }],
    studentCount: 2,
    courseCount: 0,
    archived: false,
    status: 'ACTIVE',
    relation,
    updatedAt: '2026-01-05T01:00:00.000Z',
    description: '',
    schoolId: '55555555-5555-4555-8555-555555555555',
    schoolName: 'San Isidro Integrated School',
    join: teacher ? { accessCode: 'K7PQ2MX', codeEnabled: true, inviteToken: 'invite-token-123', linkEnabled: true } : null,
    can: teacher ? CAN_ALL : relation === 'assistant' ? { ...CAN_NOTHING, viewProgress: true, viewStudentDetails: true } : CAN_NOTHING,
    createdAt: '2026-01-05T01:00:00.000Z',
    createdBy: null,
    updatedBy: null,
    ...over,
  };
};

export const teachersAnswer = [{ id: TEACHER_ID, name: 'Maria Santos', roleId: 3, photoUrl: null, email: 'maria@school.ph' }];

const fullRow = (id: string, first: string, last: string): ClassStudentRow => ({
  id,
  name: `${first} ${last}`,
  sortName: `${last}, ${first}`,
  photoUrl: null,
  username: first.toLowerCase(),
  email: `${first.toLowerCase()}@mail.ph`,
  gradeLevel: 'Grade 7',
  section: 'Sampaguita',
  active: true,
  status: 'ACTIVE',
  groupNames: ['Group 1'],
  joinedAt: '2026-01-06T01:00:00.000Z',
  joinedVia: 'code',
  lastAccessAt: null,
});

/** What staff get: every field filled. */
export const staffRows = (): ClassStudentRow[] => [fullRow(STUDENT_A, 'Juan', 'Reyes'), fullRow(STUDENT_B, 'Ana', 'Cruz')];

/** What a parent gets: names and photos only. */
export const parentRows = (): ClassStudentRow[] =>
  staffRows().map((r) => ({
    ...r,
    username: null,
    email: null,
    gradeLevel: null,
    section: null,
    active: null,
    status: null,
    groupNames: null,
    joinedAt: null,
    joinedVia: null,
    lastAccessAt: null,
  }));

export const studentDetailsOf = (over: Partial<ClassStudentDetails> = {}): ClassStudentDetails => ({
  id: STUDENT_A,
  name: 'Juan Reyes',
  salutation: null,
  firstName: 'Juan',
  middleName: null,
  lastName: 'Reyes',
  suffix: null,
  username: 'juan',
  email: 'juan@mail.ph',
  gradeLevel: 'Grade 7',
  section: 'Sampaguita',
  photoUrl: null,
  active: true,
  joinedAt: '2026-01-06T01:00:00.000Z',
  joinedVia: 'teacher',
  lastAccessAt: null,
  groups: [{ id: '66666666-6666-4666-8666-666666666666', name: 'Group 1' }],
  parents: [{ id: '77777777-7777-4777-8777-777777777777', name: 'Lourdes Reyes', email: 'lourdes@mail.ph', active: true }],
  ...over,
});
