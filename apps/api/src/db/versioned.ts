import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DomainError } from '@klase/core/errors';
import { fullName } from '@klase/core/admin/users';
import type { EditConflictParams, EditVersion } from '@klase/core/edit-version';
import type { Db } from './client.ts';
import { users } from './schema/users.ts';

/** A table with an edit version (`editVersion()` of columns.ts) and the update stamps. */
export type VersionedTable = PgTable & { version: PgColumn; updatedAt: PgColumn; updatedBy: PgColumn };

/**
 * The SET part of a save of a versioned record: the version goes up by one in the same statement,
 * with who saved and when.
 */
export const bumpVersion = (table: VersionedTable, userId: string) => ({
  version: sql`${table.version} + 1`,
  updatedAt: sql`now()`,
  updatedBy: userId,
});

/**
 * The WHERE part: the record (`where`) still at the version the form was loaded from; without a
 * version, or when the user chose to overwrite, the record as it is.
 */
export const atVersion = (table: VersionedTable, where: SQL | undefined, expect: EditVersion): SQL | undefined =>
  expect.overwrite || expect.version === undefined ? where : and(where, eq(table.version, expect.version));

/**
 * Called when a versioned update changed no row: NOT_FOUND if the record is gone, otherwise
 * EDIT_CONFLICT naming who saved it last, when, and its version now.
 */
export const editConflict = async (db: Db, table: VersionedTable, where: SQL | undefined): Promise<never> => {
  const [row] = await db
    .select({
      version: sql<number>`${table.version}`,
      at: sql<Date | string>`${table.updatedAt}`,
      firstName: users.firstName,
      middleName: users.middleName,
      lastName: users.lastName,
      suffix: users.suffix,
    })
    .from(table)
    .leftJoin(users, eq(users.id, sql`${table.updatedBy}`))
    .where(where)
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND');
  const at = new Date(row.at).toISOString();
  const name = row.firstName !== null && row.lastName !== null ? fullName({ ...row, firstName: row.firstName, lastName: row.lastName }) : '?';
  const params: EditConflictParams = { name, at, version: Number(row.version) };
  throw new DomainError('EDIT_CONFLICT', { params: { ...params } });
};

/**
 * Saves a versioned record: `UPDATE … SET values, version = version + 1 WHERE where AND version =
 * expected` in one statement; no row → NOT_FOUND or EDIT_CONFLICT (exactly one of two concurrent
 * saves from the same version wins).
 */
export const saveVersioned = async <T extends VersionedTable>(
  db: Db,
  table: T,
  where: SQL,
  expect: EditVersion,
  userId: string,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> => {
  const rows = (await db
    .update(table)
    .set({ ...values, ...bumpVersion(table, userId) } as PgUpdateSetSource<T>)
    .where(atVersion(table, where, expect))
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? editConflict(db, table, where);
};

/**
 * Saves a versioned record that may not exist yet (settings stored on first save; their read
 * answers version 0 until then): `INSERT … ON CONFLICT DO UPDATE SET …, version = version + 1
 * WHERE version = expected`; no row → EDIT_CONFLICT as for {@link saveVersioned}.
 */
export const upsertVersioned = async <T extends VersionedTable>(
  db: Db,
  table: T,
  key: { target: PgColumn; where: SQL },
  expect: EditVersion,
  userId: string,
  values: { insert: PgInsertValue<T>; update: PgUpdateSetSource<T> },
): Promise<T['$inferSelect']> => {
  const rows = (await db
    .insert(table)
    .values({ ...values.insert, createdBy: userId, updatedBy: userId } as PgInsertValue<T>)
    .onConflictDoUpdate({
      target: key.target,
      set: { ...values.update, ...bumpVersion(table, userId) } as PgUpdateSetSource<T>,
      setWhere: expect.overwrite || expect.version === undefined ? undefined : eq(table.version, expect.version),
    })
    .returning()) as T['$inferSelect'][];
  return rows[0] ?? editConflict(db, table, key.where);
};
