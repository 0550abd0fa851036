import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants.ts';
import { safeString } from './validation/rules.ts';

/**
 * The server-driven table contract (spec section 7), carried in a GET query string:
 * sortBy, sortOrder (asc|desc), search (lower-cased), rowsperpage and page (left out when the
 * table hides pagination), extra fields, and `filter[key]` with `filter[values][]`.
 * Answers are `{ data: rows, pagination: { page, totalcount } }`.
 */
export interface TableQuery {
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
  search: string;
  page?: number;
  rowsperpage?: number;
  filter?: { key: string; values: string[] };
  extra?: Record<string, string>;
}

const asArray = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/** Encodes a table query for `fetch` (the SPA side). */
export const encodeTableQuery = (q: TableQuery): URLSearchParams => {
  const p = new URLSearchParams();
  if (q.sortBy) p.set('sortBy', q.sortBy);
  p.set('sortOrder', q.sortOrder);
  p.set('search', q.search.trim().toLowerCase());
  if (q.page !== undefined) p.set('page', String(q.page));
  if (q.rowsperpage !== undefined) p.set('rowsperpage', String(q.rowsperpage));
  if (q.filter && q.filter.values.length > 0) {
    p.set('filter[key]', q.filter.key);
    for (const v of q.filter.values) p.append('filter[values][]', v);
  }
  for (const [k, v] of Object.entries(q.extra ?? {})) p.set(k, v);
  return p;
};

/** Validates a parsed query string (Fastify's default parser: repeated keys become arrays). */
export const tableQuerySchema = z
  .object({
    sortBy: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_.]*$/)
      .optional(),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
    search: safeString().max(200).default(''),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    rowsperpage: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
      .optional(),
    'filter[key]': safeString().max(64).optional(),
    'filter[values][]': z.union([safeString().max(200), z.array(safeString().max(200)).max(50)]).optional(),
  })
  .catchall(z.union([safeString(), z.array(safeString())]))
  .transform((raw) => {
    const values = asArray(raw['filter[values][]']);
    const key = raw['filter[key]'];
    return {
      sortBy: raw.sortBy,
      sortOrder: raw.sortOrder,
      search: raw.search.trim().toLowerCase(),
      page: raw.page ?? 1,
      rowsperpage: raw.rowsperpage ?? DEFAULT_PAGE_SIZE,
      paginated: raw.page !== undefined || raw.rowsperpage !== undefined,
      filter: key ? { key, values } : undefined,
    };
  });
export type ParsedTableQuery = z.output<typeof tableQuerySchema>;

export const pagination = z.object({ page: z.number(), totalcount: z.number() });

export const tablePage = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), pagination });
export interface TablePage<T> {
  data: T[];
  pagination: { page: number; totalcount: number };
}

export const totalPages = (totalcount: number, rowsperpage: number): number => Math.max(1, Math.ceil(totalcount / Math.max(1, rowsperpage)));
