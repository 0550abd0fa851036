import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/sessions.ts';
import { customers, schools } from '../../../db/schema/tenancy.ts';
import { users } from '../../../db/schema/users.ts';
import type { AdminScope } from '../admin-scope.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../../kernel/table-sql.ts';

export type SchoolRecord = typeof schools.$inferSelect;

export interface SchoolQuery extends ParsedTableQuery {
  enabled?: boolean;
  sector?: string[];
  customerId?: string;
}

/** The schools a scope reaches. */
export const schoolScope = (scope: AdminScope): SQL | undefined =>
  scope.kind === 'platform' ? undefined : scope.kind === 'customer' ? eq(schools.customerId, scope.customerId) : eq(schools.id, scope.schoolId);

/** Written out with explicit aliases: drizzle leaves columns unqualified in some queries. */
const userCount = sql<number>`(select count(*)::int from users u where u.school_id = "schools"."id")`;

const SORTABLE = {
  code: schools.code,
  name: schools.name,
  depedSchoolId: schools.depedSchoolId,
  sector: schools.sector,
  customerName: customers.name,
  city: schools.city,
  enabled: schools.enabled,
  createdAt: schools.createdAt,
  updatedAt: schools.updatedAt,
  userCount,
};

const SECTORS = ['public', 'private', 'international'] as const;
type Sector = (typeof SECTORS)[number];

const whereOf = (scope: AdminScope, q: SchoolQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [schoolScope(scope), searchAny(q.search, [schools.name, schools.code, schools.depedSchoolId])];
  const enabled = filterValues(q, 'enabled', q.enabled === undefined ? undefined : [String(q.enabled)]);
  if (enabled) {
    const set = new Set(enabled.map((v) => v === 'true' || v === '1'));
    if (set.size === 1) conditions.push(eq(schools.enabled, [...set][0] ?? true));
  }
  const sectors = filterValues(q, 'sector', q.sector);
  if (sectors) {
    const valid = sectors.filter((s): s is Sector => (SECTORS as readonly string[]).includes(s));
    conditions.push(valid.length ? inArray(schools.sector, valid) : sql`false`);
  }
  if (q.customerId) conditions.push(eq(schools.customerId, q.customerId));
  return and(...conditions);
};

const selection = { school: schools, customerName: customers.name, userCount };

export const countSchools = async (db: Db, scope: AdminScope, q: SchoolQuery): Promise<number> => {
  const [total] = await db.select({ n: count() }).from(schools).innerJoin(customers, eq(customers.id, schools.customerId)).where(whereOf(scope, q));
  return Number(total?.n ?? 0);
};

export const listSchools = (db: Db, scope: AdminScope, q: SchoolQuery, page = pageOf(q)) =>
  db
    .select(selection)
    .from(schools)
    .innerJoin(customers, eq(customers.id, schools.customerId))
    .where(whereOf(scope, q))
    .orderBy(...orderOf(q, SORTABLE, sql`${schools.name} asc`, schools.id))
    .limit(page.limit)
    .offset(page.offset);

export type SchoolListRow = Awaited<ReturnType<typeof listSchools>>[number];

/** One school inside the scope (null otherwise: the caller answers 404). */
export const findSchool = async (db: Db, scope: AdminScope, id: string, lock = false): Promise<SchoolListRow | null> => {
  const q = db
    .select(selection)
    .from(schools)
    .innerJoin(customers, eq(customers.id, schools.customerId))
    .where(and(eq(schools.id, id), schoolScope(scope)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: schools }) : await q;
  return row ?? null;
};

export const schoolOptions = (db: Db, scope: AdminScope) =>
  db.select({ id: schools.id, name: schools.name, code: schools.code }).from(schools).where(schoolScope(scope)).orderBy(schools.name);

export const customerExists = async (db: Db, customerId: string): Promise<boolean> => {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return !!row;
};

/** Which unique fields another school already uses. */
export const takenSchoolFields = async (db: Db, code: string, depedSchoolId: string, exceptId?: string) => {
  const rows = await db
    .select({ code: schools.code, depedSchoolId: schools.depedSchoolId })
    .from(schools)
    .where(and(sql`(${schools.code} = ${code} or ${schools.depedSchoolId} = ${depedSchoolId})`, exceptId ? sql`${schools.id} <> ${exceptId}` : undefined));
  return { code: rows.some((r) => r.code === code), depedSchoolId: rows.some((r) => r.depedSchoolId === depedSchoolId) };
};

export const insertSchool = async (db: Db, values: typeof schools.$inferInsert): Promise<SchoolRecord> => {
  const [row] = await db.insert(schools).values(values).returning();
  if (!row) throw new Error('school not inserted');
  return row;
};

export const updateSchool = async (db: Db, id: string, values: Partial<typeof schools.$inferInsert>): Promise<SchoolRecord> => {
  const [row] = await db
    .update(schools)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(schools.id, id))
    .returning();
  if (!row) throw new Error('school not updated');
  return row;
};

/** A school moved to another customer: its users follow (sign-in checks the user's customer). */
export const moveSchoolUsers = async (db: Db, schoolId: string, customerId: string): Promise<void> => {
  await db.update(users).set({ customerId }).where(eq(users.schoolId, schoolId));
};

export const deleteSchoolSessions = async (db: Db, schoolId: string): Promise<void> => {
  await db.delete(sessions).where(inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.schoolId, schoolId))));
};
