import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/sessions.ts';
import { customers, schools } from '../../../db/schema/tenancy.ts';
import { users } from '../../../db/schema/users.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../../kernel/table-sql.ts';

/** Customers are platform-wide: only platform administrators reach this repo (route policy). */

export type CustomerRecord = typeof customers.$inferSelect;

/** Written out with explicit aliases: drizzle leaves columns unqualified in single-table queries. */
const schoolCount = sql<number>`(select count(*)::int from schools s where s.customer_id = "customers"."id")`;

const SORTABLE = {
  name: customers.name,
  contactName: customers.contactName,
  contactEmail: customers.contactEmail,
  status: customers.status,
  createdAt: customers.createdAt,
  schoolCount,
};

const STATUSES = ['ACTIVE', 'INACTIVE'] as const;

const whereOf = (q: ParsedTableQuery): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [searchAny(q.search, [customers.name, customers.contactName, customers.contactEmail])];
  const statuses = filterValues(q, 'status')?.map((s) => s.toUpperCase());
  if (statuses) {
    const valid = statuses.filter((s): s is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(s));
    conditions.push(valid.length ? inArray(customers.status, valid) : sql`false`);
  }
  return and(...conditions);
};

export const listCustomers = async (db: Db, q: ParsedTableQuery) => {
  const where = whereOf(q);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select({ customer: customers, schoolCount })
    .from(customers)
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, sql`lower(${customers.name}) asc`, customers.id))
    .limit(pageOf(q).limit)
    .offset(pageOf(q).offset);
  return { rows, total: Number(total?.n ?? 0) };
};

export const customerOptions = (db: Db) =>
  db
    .select({ id: customers.id, name: customers.name, status: customers.status })
    .from(customers)
    .orderBy(sql`lower(${customers.name})`);

export const findCustomer = async (db: Db, id: string, lock = false) => {
  const q = db.select({ customer: customers, schoolCount }).from(customers).where(eq(customers.id, id)).limit(1);
  const [row] = lock ? await q.for('update', { of: customers }) : await q;
  return row ?? null;
};

export const customerSchools = (db: Db, customerId: string) =>
  db
    .select({ id: schools.id, code: schools.code, name: schools.name, enabled: schools.enabled })
    .from(schools)
    .where(eq(schools.customerId, customerId))
    .orderBy(schools.name);

/** Whether another customer already has this name (case-insensitive). */
export const customerNameTaken = async (db: Db, name: string, exceptId?: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`lower(${customers.name}) = lower(${name})`, exceptId ? sql`${customers.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
};

export const insertCustomer = async (db: Db, values: typeof customers.$inferInsert): Promise<CustomerRecord> => {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('customer not inserted');
  return row;
};

export const updateCustomer = async (db: Db, id: string, values: Partial<typeof customers.$inferInsert>): Promise<CustomerRecord> => {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, id))
    .returning();
  if (!row) throw new Error('customer not updated');
  return row;
};

/** Ends every session of the customer's users at once (the session-cache triggers fire on delete). */
export const deleteCustomerSessions = async (db: Db, customerId: string): Promise<void> => {
  await db.delete(sessions).where(inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.customerId, customerId))));
};
