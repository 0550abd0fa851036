import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customers, schools } from '../../../db/schema/tenancy.ts';
import { parentStudents, users } from '../../../db/schema/users.ts';
import type { UserRow } from '../../../platform/rows.ts';

export interface UserWithTenancy {
  user: UserRow;
  schoolName: string | null;
  schoolEnabled: boolean | null;
  requireParentAccount: boolean | null;
  customerStatus: string | null;
}

/** Finds a user by username or email, case-insensitively (both are stored lower-case). */
export const findUserForLogin = async (db: Db, login: string): Promise<UserWithTenancy | null> => {
  const value = login.trim().toLowerCase();
  const rows = await db
    .select({
      user: users,
      schoolName: schools.name,
      schoolEnabled: schools.enabled,
      requireParentAccount: schools.requireParentAccount,
      customerStatus: customers.status,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(value.includes('@') ? eq(users.email, value) : eq(users.username, value))
    .limit(1);
  return rows[0] ?? null;
};

export const findUserById = async (db: Db, id: string): Promise<{ user: UserRow; schoolName: string | null } | null> => {
  const rows = await db
    .select({ user: users, schoolName: schools.name })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
};

export const findActiveUserByEmail = async (db: Db, email: string): Promise<UserRow | null> => {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.active, true), isNotNull(users.activatedAt)))
    .limit(1);
  return rows[0] ?? null;
};

/** True when another user already has this email address. */
export const emailTakenByOther = async (db: Db, email: string, userId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
};

export const updateUser = async (db: Db, userId: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> => {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
};

/** True when the student has at least one linked parent whose account is activated. */
export const hasActivatedParent = async (db: Db, schoolId: string, studentId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: users.id })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .where(and(eq(parentStudents.schoolId, schoolId), eq(parentStudents.studentId, studentId), eq(users.active, true), isNotNull(users.activatedAt)))
    .limit(1);
  return rows.length > 0;
};

/** Students linked to a parent (the parent's own school scope). */
export const listChildren = async (db: Db, parentId: string): Promise<UserRow[]> => {
  const rows = await db
    .select({ user: users })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.studentId))
    .where(eq(parentStudents.parentId, parentId))
    .orderBy(users.lastName, users.firstName);
  return rows.map((r) => r.user);
};

export const findChild = async (db: Db, parentId: string, studentId: string): Promise<{ user: UserRow; schoolName: string | null } | null> => {
  const rows = await db
    .select({ user: users, schoolName: schools.name })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.studentId))
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)))
    .limit(1);
  return rows[0] ?? null;
};

export const unlinkStudents = async (db: Db, parentId: string, studentIds: readonly string[]): Promise<void> => {
  for (const studentId of studentIds) {
    await db.delete(parentStudents).where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)));
  }
};

/** True when one of the two is the parent of the other. */
export const isParentLink = async (db: Db, a: string, b: string): Promise<boolean> => {
  const rows = await db
    .select({ p: parentStudents.parentId })
    .from(parentStudents)
    .where(or(and(eq(parentStudents.parentId, a), eq(parentStudents.studentId, b)), and(eq(parentStudents.parentId, b), eq(parentStudents.studentId, a))))
    .limit(1);
  return rows.length > 0;
};
