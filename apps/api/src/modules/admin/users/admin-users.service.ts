import {
  LOAD_ROLES,
  STAFF_ROLES,
  fullName,
  type CreateUserValues,
  type UpdateUserValues,
  type UserDetails,
  type UserRowDto,
  type UserStatus,
} from '@klase/core/admin/users';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import { queueTokenMail } from '../../../kernel/account-mail.ts';
import { assertWritable, type AdminScope } from '../admin-scope.ts';
import { auditChange, changes, pick } from '../../../kernel/audit.ts';
import type { Ctx } from '../../../platform/context.ts';
import { uniqueViolation } from '../../../platform/db-errors.ts';
import { sendActivation } from '../../auth/auth.service.ts';
import { updateUser } from '../users/users.service.ts';
import {
  countUsers,
  deleteSessionsOf,
  findSchoolInScope,
  findScopedUser,
  insertLinks,
  insertUsers,
  listUsers,
  loadsOf,
  parentsOf,
  replaceLoads,
  schoolUsersWithRole,
  studentsOf,
  takenIdentity,
  type UserListRow,
  type UserQuery,
} from './admin-users.repo.ts';

/** A teacher's teaching loads (the class pages show them too). */
export { loadsOf };

export const USER_AUDITED = [
  'roleId',
  'username',
  'email',
  'salutation',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'employeeNumber',
  'gradeLevel',
  'section',
  'active',
] as const;

const has = (roles: readonly number[], roleId: number) => roles.includes(roleId);
const orNull = (s: string) => (s === '' ? null : s);

export const toUserRow = (r: UserListRow): UserRowDto => ({
  id: r.user.id,
  username: r.user.username,
  email: r.user.email,
  roleId: r.user.roleId,
  name: fullName(r.user),
  firstName: r.user.firstName,
  lastName: r.user.lastName,
  schoolId: r.user.schoolId,
  schoolName: r.schoolName,
  gradeLevel: r.user.gradeLevel,
  section: r.user.section,
  employeeNumber: r.user.employeeNumber,
  status: r.user.active ? 'ACTIVE' : 'INACTIVE',
  activated: r.user.activatedAt !== null,
  createdAt: r.user.createdAt.toISOString(),
  updatedAt: r.user.updatedAt.toISOString(),
});

/** The stored person fields of a form, with the role deciding which optional fields are kept. */
export const personValues = (v: Omit<UpdateUserValues, 'loads'>) => ({
  username: v.username,
  email: orNull(v.email),
  salutation: v.salutation,
  firstName: v.firstName,
  middleName: orNull(v.middleName),
  lastName: v.lastName,
  suffix: v.suffix,
  employeeNumber: has(STAFF_ROLES, v.roleId) ? orNull(v.employeeNumber) : null,
  gradeLevel: v.roleId === ROLE.student ? orNull(v.gradeLevel) : null,
  section: v.roleId === ROLE.student ? orNull(v.section) : null,
});

export const userTable = async (ctx: Ctx, scope: AdminScope, q: UserQuery) => {
  const [total, rows] = [await countUsers(ctx.db, scope, q), await listUsers(ctx.db, scope, q)];
  return { data: rows.map(toUserRow), pagination: { page: q.page, totalcount: total } };
};

const linked = (rows: Awaited<ReturnType<typeof parentsOf>>) => rows.map((r) => ({ id: r.id, name: fullName(r), username: r.username, active: r.active }));

export const userDetails = async (ctx: Ctx, scope: AdminScope, id: string): Promise<UserDetails> => {
  const found = await findScopedUser(ctx.db, scope, id);
  if (!found) throw new DomainError('NOT_FOUND');
  const u = found.user;
  return {
    ...toUserRow(found),
    salutation: u.salutation,
    middleName: u.middleName,
    suffix: u.suffix,
    customerId: u.customerId,
    activatedAt: u.activatedAt?.toISOString() ?? null,
    loads: has(LOAD_ROLES, u.roleId) ? await loadsOf(ctx.db, id) : [],
    parents: u.roleId === ROLE.student ? linked(await parentsOf(ctx.db, id)) : [],
    students: u.roleId === ROLE.parent ? linked(await studentsOf(ctx.db, id)) : [],
    createdBy: u.createdBy,
    updatedBy: u.updatedBy,
  };
};

/** Maps a unique-index race on users to the spec's duplicate messages. */
const guardUnique = async <T>(emailCode: 'USER_EXISTS' | 'EMAIL_EXISTS', run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    const violation = uniqueViolation(err);
    if (violation) throw new DomainError(violation.constraint.includes('email') ? emailCode : 'USERNAME_EXISTS');
    throw err;
  }
};

/** The school a new user goes to: the caller's own for a school administrator, the named one for platform admins (bulk uploads too). */
export const targetSchool = async (ctx: Ctx, scope: AdminScope, schoolId: string | undefined) => {
  const id = scope.kind === 'school' ? scope.schoolId : schoolId;
  if (!id) throw new DomainError('VALIDATION', { fields: [{ path: 'schoolId', key: 'required' }] });
  const school = await findSchoolInScope(ctx.db, scope, id);
  if (!school) throw new DomainError('NOT_FOUND');
  return school;
};

export const createUser = async (ctx: Ctx, scope: AdminScope, v: CreateUserValues): Promise<UserDetails> => {
  assertWritable(scope);
  const school = await targetSchool(ctx, scope, v.schoolId);
  const id = await guardUnique('USER_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      const taken = await takenIdentity(tx, v.username, orNull(v.email));
      if (taken.username) throw new DomainError('USERNAME_EXISTS');
      if (taken.email) throw new DomainError('USER_EXISTS');
      const parentIds = v.roleId === ROLE.student ? [...new Set(v.parentIds)] : [];
      const studentIds = v.roleId === ROLE.parent ? [...new Set(v.studentIds)] : [];
      const parents = await schoolUsersWithRole(tx, school.id, ROLE.parent, parentIds);
      const students = await schoolUsersWithRole(tx, school.id, ROLE.student, studentIds);
      if (parents.length !== parentIds.length || students.length !== studentIds.length) throw new DomainError('LINK_INVALID');
      const [user] = await insertUsers(tx, [
        {
          ...personValues(v),
          roleId: v.roleId,
          schoolId: school.id,
          customerId: school.customerId,
          active: false,
          createdBy: scope.actorId,
          updatedBy: scope.actorId,
        },
      ]);
      if (!user) throw new Error('user not inserted');
      if (has(LOAD_ROLES, v.roleId)) await replaceLoads(tx, user.id, school.id, v.loads);
      await insertLinks(tx, school.id, [
        ...parentIds.map((parentId) => ({ parentId, studentId: user.id })),
        ...studentIds.map((studentId) => ({ parentId: user.id, studentId })),
      ]);
      await queueTokenMail(ctx, tx, user, 'activation');
      await auditChange(tx, {
        schoolId: school.id,
        actorId: scope.actorId,
        action: 'user.created',
        targetType: 'user',
        targetId: user.id,
        before: null,
        after: { ...pick(user, USER_AUDITED), loads: has(LOAD_ROLES, v.roleId) ? v.loads : undefined, parentIds, studentIds },
      });
      return user.id;
    }),
  );
  return userDetails(ctx, scope, id);
};

export const editUser = async (ctx: Ctx, scope: AdminScope, id: string, v: UpdateUserValues): Promise<UserDetails> => {
  assertWritable(scope);
  await guardUnique('EMAIL_EXISTS', () =>
    ctx.db.transaction(async (tx) => {
      const found = await findScopedUser(tx, scope, id, true);
      const schoolId = found?.user.schoolId;
      if (!found || !schoolId) throw new DomainError('NOT_FOUND');
      const before = found.user;
      if (v.roleId !== before.roleId) throw new DomainError('VALIDATION', { fields: [{ path: 'roleId', key: 'invalidChoice' }] });
      const values = personValues(v);
      const taken = await takenIdentity(tx, values.username, values.email, id);
      if (taken.username) throw new DomainError('USERNAME_EXISTS');
      if (taken.email) throw new DomainError('EMAIL_EXISTS');
      const emailChanged = values.email !== before.email;
      const row = await updateUser(tx, id, {
        ...values,
        ...(emailChanged ? { emailVerifiedAt: null, pendingEmail: null } : {}),
        updatedBy: scope.actorId,
      });
      const diff = changes(before, row, USER_AUDITED);
      if (has(LOAD_ROLES, before.roleId)) {
        const oldLoads = await loadsOf(tx, id);
        await replaceLoads(tx, id, schoolId, v.loads);
        if (JSON.stringify(oldLoads) !== JSON.stringify(v.loads)) {
          diff.before.loads = oldLoads;
          diff.after.loads = v.loads;
        }
      }
      await auditChange(tx, { schoolId: before.schoolId, actorId: scope.actorId, action: 'user.updated', targetType: 'user', targetId: id, ...diff });
    }),
  );
  return userDetails(ctx, scope, id);
};

/** Activates or deactivates; deactivating ends every session of the user at once. */
export const setUserStatus = async (ctx: Ctx, scope: AdminScope, id: string, status: UserStatus): Promise<void> => {
  assertWritable(scope);
  if (id === scope.actorId && status === 'INACTIVE') throw new DomainError('FORBIDDEN');
  await ctx.db.transaction(async (tx) => {
    const found = await findScopedUser(tx, scope, id, true);
    if (!found) throw new DomainError('NOT_FOUND');
    const active = status === 'ACTIVE';
    if (found.user.active !== active) await updateUser(tx, id, { active, updatedBy: scope.actorId });
    if (!active) await deleteSessionsOf(tx, id);
    await auditChange(tx, {
      schoolId: found.user.schoolId,
      actorId: scope.actorId,
      action: active ? 'user.activated' : 'user.deactivated',
      targetType: 'user',
      targetId: id,
      before: { active: found.user.active },
      after: { active },
    });
  });
};

/** Mails a new activation link (the old one stops working). */
export const resendActivation = async (ctx: Ctx, scope: AdminScope, id: string): Promise<void> => {
  assertWritable(scope);
  const found = await findScopedUser(ctx.db, scope, id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (found.user.activatedAt) throw new DomainError('ALREADY_ACTIVATED');
  if (!found.user.email) throw new DomainError('NO_EMAIL');
  await sendActivation(ctx, id);
  await auditChange(ctx.db, {
    schoolId: found.user.schoolId,
    actorId: scope.actorId,
    action: 'user.activation-sent',
    targetType: 'user',
    targetId: id,
    before: null,
    after: { email: found.user.email },
  });
};
