import type { ClassDetails } from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';

export const CLASS_ID = '55555555-5555-4555-8555-555555555555';

/** A class as `GET /api/classes/:id` answers it to one of its teachers. */
export const classDetailsFixture = (over: Partial<ClassDetails> = {}): ClassDetails => ({
  version: 1,
  id: CLASS_ID,
  name: 'Grade 7 Rizal',
  gradeLevel: 'Grade 7',
  section: 'Rizal',
  schoolYearFrom: 2026,
  schoolYearTo: 2027,
  teachers: [{ id: '11111111-1111-4111-8111-111111111111', name: 'Maria Santos', roleId: ROLE.teacher, photoUrl: null }],
  studentCount: 12,
  courseCount: 2,
  archived: false,
  status: 'ACTIVE',
  relation: 'teacher',
  updatedAt: '2026-06-10T01:00:00.000Z',
  description: '',
  schoolId: '66666666-6666-4666-8666-666666666666',
  schoolName: 'Rizal High School',
  join: { accessCode: 'HJK2M3P', codeEnabled: true, inviteToken: 'invite-token-0001', linkEnabled: true },
  can: { manage: true, manageRoster: true, manageGroups: true, viewProgress: true, viewStudentDetails: true, resetStudentPasswords: true, grade: true },
  createdAt: '2026-06-01T01:00:00.000Z',
  createdBy: 'Maria Santos',
  updatedBy: 'Maria Santos',
  ...over,
});
