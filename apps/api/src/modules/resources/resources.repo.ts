import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { RESOURCE_KINDS, type ResourceKind } from '@klase/core/resources/contracts';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { schoolResources } from '../../db/schema/resources.ts';
import { users } from '../../db/schema/users.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';

/** The school resource library: rows of `school_resources` with the name of who added them. */

export type ResourceRecord = typeof schoolResources.$inferSelect;
export type ResourceValues = Omit<typeof schoolResources.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface ResourcesQuery extends ParsedTableQuery {
  gradeLevel?: string;
}

/** A resource with the parts of its adder's name (null when the account is gone). */
export interface ListedResource {
  resource: ResourceRecord;
  adder: { firstName: string; middleName: string | null; lastName: string; suffix: string | null } | null;
}

const SORTABLE = {
  title: sql`lower(${schoolResources.title})`,
  kind: schoolResources.kind,
  createdAt: schoolResources.createdAt,
};

const isKind = (k: string): k is ResourceKind => (RESOURCE_KINDS as readonly string[]).includes(k);

const listed = (db: Db) =>
  db
    .select({
      resource: schoolResources,
      adder: { firstName: users.firstName, middleName: users.middleName, lastName: users.lastName, suffix: users.suffix },
    })
    .from(schoolResources)
    .leftJoin(users, eq(users.id, schoolResources.createdBy));

const whereOf = (schoolId: string, q: ResourcesQuery): SQL | undefined => {
  const kinds = filterValues(q, 'kind');
  const valid = kinds?.filter(isKind);
  return and(
    eq(schoolResources.schoolId, schoolId),
    searchAny(q.search, [schoolResources.title, schoolResources.description, schoolResources.subject]),
    q.gradeLevel ? eq(schoolResources.gradeLevel, q.gradeLevel) : undefined,
    kinds === undefined ? undefined : valid?.length ? inArray(schoolResources.kind, valid) : sql`false`,
  );
};

/** One page of a school's library (newest first unless another sort is asked) and the total count. */
export const listResources = async (db: Db, schoolId: string, q: ResourcesQuery): Promise<{ rows: ListedResource[]; total: number }> => {
  const where = whereOf(schoolId, q);
  const [total] = await db.select({ n: count() }).from(schoolResources).where(where);
  const { limit, offset } = pageOf(q);
  const rows = await listed(db)
    .where(where)
    .orderBy(...orderOf(q, SORTABLE, desc(schoolResources.createdAt), schoolResources.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: Number(total?.n ?? 0) };
};

export const findListedResource = async (db: Db, id: string): Promise<ListedResource | null> => {
  const [row] = await listed(db).where(eq(schoolResources.id, id)).limit(1);
  return row ?? null;
};

export const findResource = async (db: Db, id: string): Promise<ResourceRecord | null> => {
  const [row] = await db.select().from(schoolResources).where(eq(schoolResources.id, id)).limit(1);
  return row ?? null;
};

export const insertResource = async (db: Db, values: ResourceValues): Promise<ResourceRecord> => {
  const [row] = await db.insert(schoolResources).values(values).returning();
  if (!row) throw new Error('resource insert');
  return row;
};

/** Null when the resource is gone (removed meanwhile). */
export const updateResource = async (db: Db, id: string, values: Partial<ResourceValues>): Promise<ResourceRecord | null> => {
  const [row] = await db
    .update(schoolResources)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(schoolResources.id, id))
    .returning();
  return row ?? null;
};

/** Null when there was nothing to delete. */
export const deleteResource = async (db: Db, id: string): Promise<ResourceRecord | null> => {
  const [row] = await db.delete(schoolResources).where(eq(schoolResources.id, id)).returning();
  return row ?? null;
};
