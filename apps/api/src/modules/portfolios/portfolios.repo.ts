import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { EditVersion } from '@klase/core/edit-version';
import type { Db } from '../../db/client.ts';
import { classGroupMembers, classGroups, classStudents, classTeachers, classes } from '../../db/schema/classes.ts';
import { portfolioItems, portfolios } from '../../db/schema/portfolios.ts';
import { parentStudents, users } from '../../db/schema/users.ts';
import { saveVersioned } from '../../db/versioned.ts';
import { fullNameSql } from '../../kernel/people.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';

/** Portfolios, their owners and their items (issue 20). Access rules live in `portfolio-access.ts`. */

export type PortfolioRecord = typeof portfolios.$inferSelect;
export type ItemRecord = typeof portfolioItems.$inferSelect;

/* ------------------------------------------------------------ owners and relations */

export interface OwnerUser {
  id: string;
  roleId: number;
  schoolId: string | null;
  name: string;
}

export const findOwnerUser = async (db: Db, userId: string): Promise<OwnerUser | null> => {
  const [u] = await db.select({ id: users.id, roleId: users.roleId, schoolId: users.schoolId, name: fullNameSql }).from(users).where(eq(users.id, userId));
  return u ?? null;
};

export interface OwnerGroup {
  id: string;
  name: string;
  classId: string;
  className: string;
  schoolId: string;
}

export const findGroup = async (db: Db, groupId: string): Promise<OwnerGroup | null> => {
  const [g] = await db
    .select({ id: classGroups.id, name: classGroups.name, classId: classGroups.classId, className: classes.name, schoolId: classes.schoolId })
    .from(classGroups)
    .innerJoin(classes, eq(classes.id, classGroups.classId))
    .where(eq(classGroups.id, groupId));
  return g ?? null;
};

/** The groups a student is a member of, by class then group name. */
export const groupsOfStudent = (db: Db, studentId: string): Promise<OwnerGroup[]> =>
  db
    .select({ id: classGroups.id, name: classGroups.name, classId: classGroups.classId, className: classes.name, schoolId: classes.schoolId })
    .from(classGroupMembers)
    .innerJoin(classGroups, eq(classGroups.id, classGroupMembers.groupId))
    .innerJoin(classes, eq(classes.id, classGroups.classId))
    .where(eq(classGroupMembers.studentId, studentId))
    .orderBy(asc(classes.name), asc(classGroups.name), asc(classGroups.id));

const exists = async (db: Db, query: Promise<unknown[]>): Promise<boolean> => (await query).length > 0;

export const isGroupMember = (db: Db, groupId: string, studentId: string): Promise<boolean> =>
  exists(
    db,
    db
      .select({ one: sql`1` })
      .from(classGroupMembers)
      .where(and(eq(classGroupMembers.groupId, groupId), eq(classGroupMembers.studentId, studentId)))
      .limit(1),
  );

export const teachesClass = (db: Db, userId: string, classId: string): Promise<boolean> =>
  exists(
    db,
    db
      .select({ one: sql`1` })
      .from(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.userId, userId)))
      .limit(1),
  );

export const inClass = (db: Db, studentId: string, classId: string): Promise<boolean> =>
  exists(
    db,
    db
      .select({ one: sql`1` })
      .from(classStudents)
      .where(and(eq(classStudents.classId, classId), eq(classStudents.studentId, studentId)))
      .limit(1),
  );

/** A teacher or assistant of a class the student is in. */
export const teachesStudent = (db: Db, teacherId: string, studentId: string): Promise<boolean> =>
  exists(
    db,
    db
      .select({ one: sql`1` })
      .from(classTeachers)
      .innerJoin(classStudents, eq(classStudents.classId, classTeachers.classId))
      .where(and(eq(classTeachers.userId, teacherId), eq(classStudents.studentId, studentId)))
      .limit(1),
  );

export const isParentOf = (db: Db, parentId: string, studentId: string): Promise<boolean> =>
  exists(
    db,
    db
      .select({ one: sql`1` })
      .from(parentStudents)
      .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)))
      .limit(1),
  );

/** A parent with a child in one of the teacher's classes. */
export const parentOfTaught = (db: Db, parentId: string, teacherId: string): Promise<boolean> =>
  exists(
    db,
    db
      .select({ one: sql`1` })
      .from(parentStudents)
      .innerJoin(classStudents, eq(classStudents.studentId, parentStudents.studentId))
      .innerJoin(classTeachers, eq(classTeachers.classId, classStudents.classId))
      .where(and(eq(parentStudents.parentId, parentId), eq(classTeachers.userId, teacherId)))
      .limit(1),
  );

/* ------------------------------------------------------------ portfolios */

export const findPortfolio = async (db: Db, id: string): Promise<PortfolioRecord | null> => {
  const [p] = await db.select().from(portfolios).where(eq(portfolios.id, id));
  return p ?? null;
};

export const lockPortfolio = async (db: Db, id: string): Promise<PortfolioRecord | null> => {
  const [p] = await db.select().from(portfolios).where(eq(portfolios.id, id)).for('update');
  return p ?? null;
};

export const insertPortfolio = async (db: Db, values: typeof portfolios.$inferInsert): Promise<PortfolioRecord> => {
  const [row] = await db.insert(portfolios).values(values).returning();
  if (!row) throw new Error('portfolio not inserted');
  return row;
};

export const savePortfolio = (
  db: Db,
  id: string,
  expect: EditVersion,
  userId: string,
  values: { title: string; description: string },
): Promise<PortfolioRecord> => saveVersioned(db, portfolios, eq(portfolios.id, id), expect, userId, values);

/** Changes that are not form saves (cover, published, items): stamps only, the edit version stays. */
export const touchPortfolio = async (db: Db, id: string, userId: string, values: Partial<typeof portfolios.$inferInsert> = {}): Promise<void> => {
  await db
    .update(portfolios)
    .set({ ...values, updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(portfolios.id, id));
};

export const deletePortfolioRow = async (db: Db, id: string): Promise<void> => {
  await db.delete(portfolios).where(eq(portfolios.id, id));
};

export type PortfolioScope = { ownerUserId: string } | { groupId: string } | { groupIds: readonly string[] };

export interface ListedPortfolio {
  portfolio: PortfolioRecord;
  itemCount: number;
}

/** A page of one owner's portfolios; `publishedOnly` for readers who are not owners. */
export const listPortfolios = async (
  db: Db,
  schoolId: string,
  scope: PortfolioScope,
  publishedOnly: boolean,
  q: ParsedTableQuery,
): Promise<{ rows: ListedPortfolio[]; total: number }> => {
  const status = filterValues(q, 'status');
  const conds: (SQL | undefined)[] = [
    eq(portfolios.schoolId, schoolId),
    'ownerUserId' in scope
      ? and(eq(portfolios.ownerUserId, scope.ownerUserId), isNull(portfolios.groupId))
      : 'groupId' in scope
        ? eq(portfolios.groupId, scope.groupId)
        : inArray(portfolios.groupId, [...scope.groupIds]),
    publishedOnly ? eq(portfolios.published, true) : undefined,
    searchAny(q.search, [portfolios.title]),
    status && status.length > 0
      ? (or(
          status.includes('PUBLISHED') ? eq(portfolios.published, true) : undefined,
          status.includes('UNPUBLISHED') ? eq(portfolios.published, false) : undefined,
        ) ?? sql`false`)
      : undefined,
  ];
  const where = and(...conds);
  // Spelled out: drizzle leaves a column of the outer table unqualified inside a subquery.
  const itemCount = sql<number>`(select count(*)::int from portfolio_items pi where pi.portfolio_id = "portfolios"."id")`;
  const { limit, offset } = pageOf(q);
  const rows = await db
    .select({ portfolio: portfolios, itemCount })
    .from(portfolios)
    .where(where)
    .orderBy(
      ...orderOf(q, { title: portfolios.title, updatedAt: portfolios.updatedAt, createdAt: portfolios.createdAt }, desc(portfolios.updatedAt), portfolios.id),
    )
    .limit(q.paginated ? limit : 1000)
    .offset(q.paginated ? offset : 0);
  const [total] = await db.select({ n: count() }).from(portfolios).where(where);
  return { rows: rows.map((r) => ({ portfolio: r.portfolio, itemCount: Number(r.itemCount) })), total: Number(total?.n ?? 0) };
};

/* ------------------------------------------------------------ items */

export const itemsOf = (db: Db, portfolioId: string): Promise<ItemRecord[]> =>
  db.select().from(portfolioItems).where(eq(portfolioItems.portfolioId, portfolioId)).orderBy(asc(portfolioItems.position), asc(portfolioItems.createdAt));

export const findItem = async (db: Db, portfolioId: string, itemId: string): Promise<ItemRecord | null> => {
  const [i] = await db
    .select()
    .from(portfolioItems)
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.portfolioId, portfolioId)));
  return i ?? null;
};

export const countItems = async (db: Db, portfolioId: string): Promise<{ n: number; nextPosition: number }> => {
  const [r] = await db
    .select({ n: count(), max: sql<number | null>`max(${portfolioItems.position})` })
    .from(portfolioItems)
    .where(eq(portfolioItems.portfolioId, portfolioId));
  return { n: Number(r?.n ?? 0), nextPosition: r?.max === null || r?.max === undefined ? 0 : Number(r.max) + 1 };
};

export const insertItem = async (db: Db, values: typeof portfolioItems.$inferInsert): Promise<ItemRecord> => {
  const [row] = await db.insert(portfolioItems).values(values).returning();
  if (!row) throw new Error('portfolio item not inserted');
  return row;
};

export const updateItem = async (
  db: Db,
  portfolioId: string,
  itemId: string,
  values: Partial<typeof portfolioItems.$inferInsert>,
): Promise<ItemRecord | null> => {
  const [row] = await db
    .update(portfolioItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.portfolioId, portfolioId)))
    .returning();
  return row ?? null;
};

export const deleteItemRow = async (db: Db, portfolioId: string, itemId: string): Promise<ItemRecord | null> => {
  const [row] = await db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.portfolioId, portfolioId)))
    .returning();
  return row ?? null;
};

/** Sets every item's position to its index in `ids` (the caller checked `ids` is exactly the portfolio's items). */
export const setPositions = async (db: Db, portfolioId: string, ids: readonly string[]): Promise<void> => {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
    sql` `,
  );
  await db
    .update(portfolioItems)
    .set({ position: sql`case ${portfolioItems.id} ${cases} end` })
    .where(and(eq(portfolioItems.portfolioId, portfolioId), inArray(portfolioItems.id, [...ids])));
};

/** Stored objects of a portfolio's file items (to remove them after the portfolio goes). */
export const fileKeysOf = async (db: Db, portfolioId: string): Promise<string[]> => {
  const rows = await db
    .select({ key: portfolioItems.storageKey })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.portfolioId, portfolioId), isNotNull(portfolioItems.storageKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
};
