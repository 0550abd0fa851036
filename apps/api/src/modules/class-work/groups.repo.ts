import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { GROUP_TYPES } from '@klase/core/class-work/contracts';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { classGroupMembers, classGroups, classStudents } from '../../db/schema/classes.ts';
import { users } from '../../db/schema/users.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';
import { personColumns, sortNameSql } from '../../kernel/people.ts';

/** Groups of one class: every function takes the class id and never reaches another class. */

export type GroupRecord = typeof classGroups.$inferSelect;

/** Written with explicit aliases: drizzle leaves columns unqualified in single-table queries. */
const memberCount = sql<number>`(select count(*)::int from class_group_members gm where gm.group_id = "class_groups"."id")`;

const SORTABLE = {
  name: sql`lower(${classGroups.name})`,
  type: classGroups.type,
  memberCount,
  createdAt: classGroups.createdAt,
};

const whereOf = (classId: string, q: ParsedTableQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [eq(classGroups.classId, classId), searchAny(q.search, [classGroups.name])];
  const types = filterValues(q, 'type');
  if (types) {
    const valid = types.filter((t): t is (typeof GROUP_TYPES)[number] => (GROUP_TYPES as readonly string[]).includes(t));
    conditions.push(valid.length ? inArray(classGroups.type, valid) : sql`false`);
  }
  return and(...conditions);
};

export const listGroups = async (db: Db, classId: string, q: ParsedTableQuery) => {
  const where = whereOf(classId, q);
  const [total] = await db.select({ n: count() }).from(classGroups).where(where);
  const rows = await db
    .select({ group: classGroups, memberCount })
    .from(classGroups)
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${classGroups.name}) asc`, classGroups.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findGroup = async (db: Db, classId: string, groupId: string): Promise<GroupRecord | null> => {
  const [row] = await db
    .select()
    .from(classGroups)
    .where(and(eq(classGroups.id, groupId), eq(classGroups.classId, classId)))
    .limit(1);
  return row ?? null;
};

export const groupMembers = (db: Db, classId: string, groupId: string) =>
  db
    .select(personColumns)
    .from(classGroupMembers)
    .innerJoin(users, eq(users.id, classGroupMembers.studentId))
    .where(and(eq(classGroupMembers.groupId, groupId), eq(classGroupMembers.classId, classId)))
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));

/** The enrolled students of the class, in alphabetical order. */
export const enrolledStudents = (db: Db, classId: string) =>
  db
    .select(personColumns)
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(eq(classStudents.classId, classId))
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));

/** Which of the given ids are students enrolled in the class. */
export const enrolledAmong = async (db: Db, classId: string, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: classStudents.studentId })
    .from(classStudents)
    .where(and(eq(classStudents.classId, classId), inArray(classStudents.studentId, [...ids])));
  return new Set(rows.map((r) => r.id));
};

/** Existing group names of the class among `names` (case-insensitive), except one group. */
export const takenGroupNames = async (db: Db, classId: string, names: readonly string[], exceptId?: string): Promise<string[]> => {
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ name: classGroups.name })
    .from(classGroups)
    .where(and(eq(classGroups.classId, classId), inArray(sql`lower(${classGroups.name})`, lowered), exceptId ? ne(classGroups.id, exceptId) : undefined));
  return rows.map((r) => r.name);
};

export const insertGroup = async (db: Db, values: typeof classGroups.$inferInsert): Promise<GroupRecord> => {
  const [row] = await db.insert(classGroups).values(values).returning();
  if (!row) throw new Error('group not inserted');
  return row;
};

export const updateGroup = async (db: Db, classId: string, groupId: string, values: Partial<typeof classGroups.$inferInsert>): Promise<GroupRecord> => {
  const [row] = await db
    .update(classGroups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(classGroups.id, groupId), eq(classGroups.classId, classId)))
    .returning();
  if (!row) throw new Error('group not updated');
  return row;
};

/** Replaces the members of a group (the ids must be enrolled: checked by the service). */
export const setGroupMembers = async (db: Db, classId: string, groupId: string, studentIds: readonly string[]): Promise<void> => {
  await db.delete(classGroupMembers).where(and(eq(classGroupMembers.groupId, groupId), eq(classGroupMembers.classId, classId)));
  if (studentIds.length) await db.insert(classGroupMembers).values(studentIds.map((studentId) => ({ groupId, studentId, classId })));
};

export const memberIdsOf = async (db: Db, classId: string, groupId: string): Promise<string[]> =>
  (
    await db
      .select({ id: classGroupMembers.studentId })
      .from(classGroupMembers)
      .where(and(eq(classGroupMembers.groupId, groupId), eq(classGroupMembers.classId, classId)))
  ).map((r) => r.id);

export const deleteGroup = async (db: Db, classId: string, groupId: string): Promise<void> => {
  await db.delete(classGroups).where(and(eq(classGroups.id, groupId), eq(classGroups.classId, classId)));
};
