import { describe, expect, it } from 'vitest';
import { NAV_BY_ROLE, canOpen } from './guards.ts';
import { ROLE, ROLE_IDS, isRoleId, roleKeyOf } from './roles.ts';

describe('roles and guards (spec section 6)', () => {
  it('has the spec role ids', () => {
    expect(ROLE_IDS).toEqual([1, 3, 4, 5, 9, 10, 11, 12]);
    expect(roleKeyOf(9)).toBe('parent');
    expect(isRoleId(2)).toBe(false);
  });
  it('opens the grade book to teachers and students only', () => {
    expect(canOpen('gradeBook', ROLE.teacher)).toBe(true);
    expect(canOpen('gradeBook', ROLE.student)).toBe(true);
    expect(canOpen('gradeBook', ROLE.parent)).toBe(false);
    expect(canOpen('gradeBook', ROLE.assistantTeacher)).toBe(false);
  });
  it('opens the class-list students tab to roles 3, 4, 5, 9 and groups to 3', () => {
    for (const r of [3, 4, 5, 9]) expect(canOpen('classListStudents', r)).toBe(true);
    expect(canOpen('classListStudents', ROLE.schoolAdmin)).toBe(false);
    expect(canOpen('classListGroups', ROLE.teacher)).toBe(true);
    expect(canOpen('classListGroups', ROLE.assistantTeacher)).toBe(false);
  });
  it('blocks no role from account edit (the block list is empty)', () => {
    for (const r of ROLE_IDS) expect(canOpen('accountEditBlocked', r)).toBe(true);
  });
  it('gives messaging (route and navigation) to the roles of a school only', () => {
    for (const r of [ROLE.admin, ROLE.lsg, ROLE.rexAdmin]) {
      expect(canOpen('messages', r)).toBe(false);
      expect(NAV_BY_ROLE[r]).not.toContain('messages');
    }
    for (const r of [ROLE.teacher, ROLE.assistantTeacher, ROLE.student, ROLE.parent, ROLE.schoolAdmin]) {
      expect(canOpen('messages', r)).toBe(true);
      expect(NAV_BY_ROLE[r]).toContain('messages');
    }
  });
  it('gives every role a navigation starting at the dashboard', () => {
    for (const r of ROLE_IDS) expect(NAV_BY_ROLE[r][0]).toBe('dashboard');
  });
});
