import { and, asc, count, desc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../../db/client.ts';
import { outbox } from '../../../db/schema/platform.ts';

const SORTABLE = {
  createdAt: outbox.createdAt,
  to: outbox.toAddress,
  subject: outbox.subject,
  status: outbox.status,
} as const;

const STATUSES = ['stored', 'pending', 'sent', 'failed'] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The outbox page: search on address and subject, filter on status, newest first by default. */
export const listOutbox = async (db: Db, q: ParsedTableQuery) => {
  const conditions: SQL[] = [];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    const match = or(ilike(outbox.toAddress, pattern), ilike(outbox.subject, pattern));
    if (match) conditions.push(match);
  }
  if (q.filter?.key === 'status' && q.filter.values.length > 0) {
    const values = q.filter.values.filter((v): v is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(v));
    conditions.push(inArray(outbox.status, values.length ? values : ['none' as (typeof STATUSES)[number]]));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = q.sortBy && q.sortBy in SORTABLE ? SORTABLE[q.sortBy as keyof typeof SORTABLE] : null;
  const order = column ? (q.sortOrder === 'desc' ? desc(column) : asc(column)) : desc(outbox.createdAt);
  const [total] = await db.select({ n: count() }).from(outbox).where(where);
  const rows = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(order, desc(outbox.id))
    .limit(q.rowsperpage)
    .offset((q.page - 1) * q.rowsperpage);
  return { rows, total: Number(total?.n ?? 0) };
};
