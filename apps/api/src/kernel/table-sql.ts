import { asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';

/** Helpers that turn the table contract (table.ts) into SQL. */

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `col ILIKE %search%` over several columns (undefined when there is no search). */
export const searchAny = (search: string, columns: readonly (AnyColumn | SQL)[]): SQL | undefined => {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((c) => ilike(c as AnyColumn, pattern)));
};

/** The ORDER BY of a table: the requested sortable column or the default, then the id for stable pages. */
export const orderOf = (q: Pick<ParsedTableQuery, 'sortBy' | 'sortOrder'>, sortable: Record<string, AnyColumn | SQL>, fallback: SQL, id: AnyColumn): SQL[] => {
  const column = q.sortBy && Object.prototype.hasOwnProperty.call(sortable, q.sortBy) ? sortable[q.sortBy] : undefined;
  if (!column) return [fallback, asc(id)];
  return [q.sortOrder === 'desc' ? desc(column) : asc(column), asc(id)];
};

/** The values of `filter[values][]` when `filter[key]` is the given key, merged with an extra field's list. */
export const filterValues = (q: Pick<ParsedTableQuery, 'filter'>, key: string, extra?: readonly string[]): string[] | undefined => {
  const fromFilter = q.filter?.key === key ? q.filter.values : undefined;
  if (!fromFilter && !extra) return undefined;
  return [...(fromFilter ?? []), ...(extra ?? [])];
};

export const pageOf = (q: Pick<ParsedTableQuery, 'page' | 'rowsperpage'>): { limit: number; offset: number } => ({
  limit: q.rowsperpage,
  offset: (q.page - 1) * q.rowsperpage,
});
