import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { teacherLoads } from '../../../db/schema/admin.ts';
import { sessions } from '../../../db/schema/sessions.ts';
import { schools } from '../../../db/schema/tenancy.ts';
import { parentStudents, users } from '../../../db/schema/users.ts';
import type { AdminScope } from '../admin-scope.ts';
import type { UserRow } from '../../../platform/rows.ts';
import { escapeLike, filterValues, orderOf, pageOf, searchAny } from '../../../kernel/table-sql.ts';
import { fullNameSql } from '../../../kernel/people.ts';

/** Users of schools as administrators see them; platform accounts (no school) are not listed here. */

export interface UserQuery extends ParsedTableQuery {
  role?: string[];
  status?: string[];
  schoolId?: string;
}

/** The users a scope reaches. */
export const userScope = (scope: AdminScope): SQL | undefined =>
  scope.kind === 'platform'
    ? isNotNull(users.schoolId)
    : scope.kind === 'customer'
      ? and(eq(users.customerId, scope.customerId), isNotNull(users.schoolId))
      : eq(users.schoolId, scope.schoolId);

const SORTABLE = {
  name: sql`lower(${users.lastName}) || ' ' || lower(${users.firstName})`,
  lastName: users.lastName,
  firstName: users.firstName,
  username: users.username,
  email: users.email,
  roleId: users.roleId,
  schoolName: schools.name,
  gradeLevel: users.gradeLevel,
  section: users.section,
  status: users.active,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const whereOf = (scope: AdminScope, q: UserQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [userScope(scope), searchAny(q.search, [fullNameSql, users.username, users.email])];
  const roles = filterValues(q, 'role', q.role);
  if (roles) {
    const ids = roles.map(Number).filter((n) => Number.isInteger(n));
    conditions.push(ids.length ? inArray(users.roleId, ids) : sql`false`);
  }
  const statuses = filterValues(q, 'status', q.status);
  if (statuses) {
    const set = new Set(statuses.map((s) => s.toUpperCase()).filter((s) => s === 'ACTIVE' || s === 'INACTIVE'));
    if (set.size === 0) conditions.push(sql`false`);
    else if (set.size === 1) conditions.push(eq(users.active, set.has('ACTIVE')));
  }
  if (q.schoolId) conditions.push(eq(users.schoolId, q.schoolId));
  return and(...conditions);
};

const selection = { user: users, schoolName: schools.name };

export const countUsers = async (db: Db, scope: AdminScope, q: UserQuery): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(users).leftJoin(schools, eq(schools.id, users.schoolId)).where(whereOf(scope, q));
  return Number(row?.n ?? 0);
};

export const listUsers = (db: Db, scope: AdminScope, q: UserQuery, page = pageOf(q)) =>
  db
    .select(selection)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(whereOf(scope, q))
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${users.lastName}) asc, lower(${users.firstName}) asc`, users.id))
    .limit(page.limit)
    .offset(page.offset);

export type UserListRow = Awaited<ReturnType<typeof listUsers>>[number];

export const findScopedUser = async (db: Db, scope: AdminScope, id: string, lock = false): Promise<UserListRow | null> => {
  const q = db
    .select(selection)
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(users.id, id), userScope(scope)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: users }) : await q;
  return row ?? null;
};

/** Which of a username and an email other accounts already use. */
export const takenIdentity = async (db: Db, username: string, email: string | null, exceptId?: string) => {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        email ? or(eq(users.username, username), eq(users.email, email)) : eq(users.username, username),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    );
  return { username: rows.some((r) => r.username === username), email: email !== null && rows.some((r) => r.email === email) };
};

export const insertUsers = (db: Db, values: (typeof users.$inferInsert)[]): Promise<UserRow[]> =>
  values.length ? db.insert(users).values(values).returning() : Promise.resolve([]);

export const loadsOf = (db: Db, userId: string) =>
  db
    .select({ gradeLevel: teacherLoads.gradeLevel, subject: teacherLoads.subject, section: teacherLoads.section })
    .from(teacherLoads)
    .where(eq(teacherLoads.userId, userId))
    .orderBy(asc(teacherLoads.position));

export const replaceLoads = async (
  db: Db,
  userId: string,
  schoolId: string,
  loads: readonly { gradeLevel: string; subject: string; section: string }[],
): Promise<void> => {
  await db.delete(teacherLoads).where(eq(teacherLoads.userId, userId));
  if (loads.length) await db.insert(teacherLoads).values(loads.map((l, i) => ({ ...l, userId, schoolId, position: i })));
};

const linkedSelection = {
  id: users.id,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  suffix: users.suffix,
  username: users.username,
  active: users.active,
};

export const parentsOf = (db: Db, studentId: string) =>
  db
    .select(linkedSelection)
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .where(eq(parentStudents.studentId, studentId))
    .orderBy(users.lastName, users.firstName);

export const studentsOf = (db: Db, parentId: string) =>
  db
    .select(linkedSelection)
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.studentId))
    .where(eq(parentStudents.parentId, parentId))
    .orderBy(users.lastName, users.firstName);

/** Users of one school with one role, among the given ids. */
export const schoolUsersWithRole = (db: Db, schoolId: string, roleId: number, ids: readonly string[]) =>
  ids.length
    ? db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(and(eq(users.schoolId, schoolId), eq(users.roleId, roleId), inArray(users.id, [...ids])))
    : Promise.resolve([]);

export const insertLinks = async (db: Db, schoolId: string, pairs: readonly { parentId: string; studentId: string }[]): Promise<void> => {
  if (pairs.length)
    await db
      .insert(parentStudents)
      .values(pairs.map((p) => ({ ...p, schoolId })))
      .onConflictDoNothing();
};

export const deleteLink = async (db: Db, parentId: string, studentId: string): Promise<boolean> => {
  const rows = await db
    .delete(parentStudents)
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)))
    .returning({ parentId: parentStudents.parentId });
  return rows.length > 0;
};

export const deleteSessionsOf = async (db: Db, userId: string): Promise<void> => {
  await db.delete(sessions).where(eq(sessions.userId, userId));
};

/** Up to 20 users in reach for a picker, by name or username. */
export const userOptions = (db: Db, scope: AdminScope, opts: { role?: number; schoolId?: string; search: string }) => {
  const pattern = `%${escapeLike(opts.search.trim().toLowerCase())}%`;
  return db
    .select({ id: users.id, name: fullNameSql, username: users.username })
    .from(users)
    .where(
      and(
        userScope(scope),
        opts.role !== undefined ? eq(users.roleId, opts.role) : undefined,
        opts.schoolId ? eq(users.schoolId, opts.schoolId) : undefined,
        opts.search.trim() ? or(sql`${fullNameSql} ilike ${pattern}`, sql`${users.username} ilike ${pattern}`) : undefined,
      ),
    )
    .orderBy(users.lastName, users.firstName)
    .limit(20);
};

/** The school of an id within the scope (for creating users there). */
export const findSchoolInScope = async (db: Db, scope: AdminScope, schoolId: string) => {
  const [row] = await db
    .select({ id: schools.id, customerId: schools.customerId })
    .from(schools)
    .where(
      and(
        eq(schools.id, schoolId),
        scope.kind === 'platform' ? undefined : scope.kind === 'customer' ? eq(schools.customerId, scope.customerId) : eq(schools.id, scope.schoolId),
      ),
    )
    .limit(1);
  return row ?? null;
};
