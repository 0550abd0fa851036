import { describe, expect, it } from 'vitest';
import { ROLE } from '../roles.ts';
import { toFieldIssues } from '../validation/issues.ts';
import { auditTableQuery } from './audit.ts';
import { customerForm, customerStatusRequest } from './customers.ts';
import { schoolForm, schoolTableQuery } from './schools.ts';
import { createUserRequest, fullName, userTableQuery } from './users.ts';

const school = {
  customerId: '4f7c1a7e-9a51-4b7a-9f0e-0d6c2f4b1a11',
  code: 'rnhs-2',
  name: 'Rizal National High School',
  depedSchoolId: '305312',
  sector: 'public',
  schoolYearFrom: 2025,
  schoolYearTo: 2026,
  city: 'Quezon City',
  province: 'Metro Manila',
  region: 'NCR',
  country: 'Philippines',
};

/** The first issue's key of each path. */
const keysOf = (r: { success: boolean; error?: { issues: readonly unknown[] } }): Record<string, string> => {
  const out: Record<string, string> = {};
  if (!r.success) for (const i of toFieldIssues(r.error?.issues as never)) out[i.path] ??= i.key;
  return out;
};

describe('administration contracts', () => {
  it('customer status is compared in upper case', () => {
    expect(customerStatusRequest.parse({ status: 'inactive' })).toEqual({ status: 'INACTIVE' });
    expect(customerStatusRequest.safeParse({ status: 'gone' }).success).toBe(false);
    expect(keysOf(customerForm.safeParse({ name: ' ', contactEmail: 'x@' }))).toEqual({ name: 'required', contactEmail: 'email' });
  });

  it('validates a school: code, DepEd ID, years, URLs', () => {
    const ok = schoolForm.parse(school);
    expect(ok.code).toBe('RNHS-2');
    expect(ok.enabled).toBe(true);
    const bad = schoolForm.safeParse({ ...school, code: 'a b', depedSchoolId: '12', schoolYearTo: 2024, lmsUrl: 'lms', zipCode: 'x' });
    expect(keysOf(bad)).toEqual({ code: 'schoolCode', depedSchoolId: 'depedSchoolId', schoolYearTo: 'schoolYearOrder', lmsUrl: 'url', zipCode: 'zipCode' });
  });

  it('applies the role-specific rules of a user', () => {
    const base = { username: 'jdc', firstName: 'Juan', lastName: 'Dela Cruz' };
    expect(keysOf(createUserRequest.safeParse({ ...base, roleId: ROLE.student }))).toEqual({ gradeLevel: 'required', section: 'required' });
    expect(keysOf(createUserRequest.safeParse({ ...base, roleId: ROLE.teacher }))).toEqual({ email: 'required', employeeNumber: 'required' });
    expect(keysOf(createUserRequest.safeParse({ ...base, roleId: ROLE.student, lastName: '' }))).toEqual({
      lastName: 'required',
      gradeLevel: 'required',
      section: 'required',
    });
    expect(keysOf(createUserRequest.safeParse({ ...base, roleId: ROLE.admin }))).toEqual({ roleId: 'invalidChoice' });
    expect(keysOf(createUserRequest.safeParse({ ...base, roleId: ROLE.parent, username: 'a@b.ph', email: 'a@b.ph' }))).toEqual({
      username: 'usernameIsEmail',
    });
    expect(keysOf(createUserRequest.safeParse({ ...base, roleId: ROLE.parent, email: 'p@x.ph', firstName: '<script>' }))).toEqual({
      firstName: 'noHtml',
    });
    const parent = createUserRequest.parse({ ...base, roleId: ROLE.parent, email: 'P@X.ph', salutation: '' });
    expect(parent).toMatchObject({ email: 'p@x.ph', salutation: null, loads: [], parentIds: [] });
    expect(fullName({ firstName: 'Juan', middleName: '', lastName: 'Dela Cruz', suffix: 'Jr.' })).toBe('Juan Dela Cruz Jr.');
  });

  it('reads table queries with their extra fields', () => {
    expect(userTableQuery.parse({ search: 'Ana', role: '3,5', 'filter[key]': 'status', 'filter[values][]': 'ACTIVE' })).toMatchObject({
      search: 'ana',
      role: ['3', '5'],
      filter: { key: 'status', values: ['ACTIVE'] },
      page: 1,
      rowsperpage: 10,
    });
    expect(schoolTableQuery.parse({ enabled: 'false' })).toMatchObject({ enabled: false });
    expect(auditTableQuery.safeParse({ from: '2026-13-45' }).success).toBe(false);
    expect(auditTableQuery.safeParse({ sortOrder: 'sideways' }).success).toBe(false);
  });
});
