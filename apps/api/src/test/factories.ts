import { randomBytes } from 'node:crypto';
import { ROLE, type RoleId } from '@klase/core/roles';
import type { Db } from '../db/client.ts';
import { customers, schools } from '../db/schema/tenancy.ts';
import { parentStudents, users } from '../db/schema/users.ts';
import { hashPassword } from '../platform/password-hash.ts';
import type { UserRow } from '../platform/rows.ts';

export const TEST_PASSWORD = 'Klase#2026';

const hashes = new Map<string, Promise<string>>();
const hashOnce = (pw: string) => {
  let h = hashes.get(pw);
  if (!h) {
    h = hashPassword(pw);
    hashes.set(pw, h);
  }
  return h;
};

export const uniq = (prefix: string): string => `${prefix}${randomBytes(4).toString('hex')}`;

export const buildCustomer = async (db: Db, opts: { status?: 'ACTIVE' | 'INACTIVE' } = {}) => {
  const [row] = await db
    .insert(customers)
    .values({ name: uniq('Customer '), status: opts.status ?? 'ACTIVE' })
    .returning();
  if (!row) throw new Error('customer');
  return row;
};

export const buildSchool = async (
  db: Db,
  opts: { customerId?: string; enabled?: boolean; requireParentAccount?: boolean; customerStatus?: 'ACTIVE' | 'INACTIVE' } = {},
) => {
  const customerId = opts.customerId ?? (await buildCustomer(db, { status: opts.customerStatus })).id;
  const code = uniq('S').toUpperCase();
  const [row] = await db
    .insert(schools)
    .values({
      customerId,
      code,
      name: `School ${code}`,
      enabled: opts.enabled ?? true,
      requireParentAccount: opts.requireParentAccount ?? false,
    })
    .returning();
  if (!row) throw new Error('school');
  return row;
};

export interface BuildUserOptions {
  schoolId?: string | null;
  customerId?: string | null;
  roleId?: RoleId;
  username?: string;
  email?: string | null;
  password?: string | null;
  active?: boolean;
  activated?: boolean;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  language?: string;
}

/** A user; active, activated, with a verified email and the test password unless told otherwise. */
export const buildUser = async (db: Db, opts: BuildUserOptions = {}): Promise<UserRow> => {
  const username = opts.username ?? uniq('user');
  let customerId = opts.customerId ?? null;
  if (opts.schoolId && !customerId) {
    const school = await db.query.schools.findFirst({ where: (s, { eq }) => eq(s.id, opts.schoolId ?? '') });
    customerId = school?.customerId ?? null;
  }
  const activated = opts.activated ?? true;
  const password = opts.password === undefined ? TEST_PASSWORD : opts.password;
  const [row] = await db
    .insert(users)
    .values({
      schoolId: opts.schoolId ?? null,
      customerId,
      username,
      email: opts.email === undefined ? `${username}@example.ph` : opts.email,
      emailVerifiedAt: opts.emailVerified === false ? null : new Date(),
      passwordHash: password ? await hashOnce(password) : null,
      roleId: opts.roleId ?? ROLE.teacher,
      firstName: opts.firstName ?? 'Juan',
      lastName: opts.lastName ?? 'Dela Cruz',
      active: opts.active ?? activated,
      activatedAt: activated ? new Date() : null,
      language: opts.language ?? 'en-us',
    })
    .returning();
  if (!row) throw new Error('user');
  return row;
};

export const linkParent = async (db: Db, parent: UserRow, student: UserRow): Promise<void> => {
  if (!student.schoolId) throw new Error('student without school');
  await db.insert(parentStudents).values({ parentId: parent.id, studentId: student.id, schoolId: student.schoolId });
};
