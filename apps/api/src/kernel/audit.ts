import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/platform.ts';

export interface AuditEntry {
  schoolId: string | null;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  data?: Record<string, unknown>;
}

/** Appends to audit_log, inside the caller's transaction. */
export const audit = async (tx: Db, e: AuditEntry): Promise<void> => {
  await tx.insert(auditLog).values({ ...e, data: e.data ?? null });
};

type Values = Record<string, unknown>;

const comparable = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/** The fields whose value changed, as `{ before, after }` (only the given keys are compared). */
export const changes = (before: Values, after: Values, keys: readonly string[]): { before: Values; after: Values } => {
  const b: Values = {};
  const a: Values = {};
  for (const k of keys) {
    const x = comparable(before[k]);
    const y = comparable(after[k]);
    if (JSON.stringify(x) !== JSON.stringify(y)) {
      b[k] = x;
      a[k] = y;
    }
  }
  return { before: b, after: a };
};

/** Picks the given keys (dates as ISO text), for a creation's `after` or a deletion's `before`. */
export const pick = (row: Values, keys: readonly string[]): Values => Object.fromEntries(keys.map((k) => [k, comparable(row[k])]));

/** An administrative change with its before and after values (`data: { before, after }`). */
export const auditChange = async (tx: Db, e: Omit<AuditEntry, 'data'> & { before: Values | null; after: Values | null; extra?: Values }): Promise<void> => {
  const { before, after, extra, ...entry } = e;
  await audit(tx, { ...entry, data: { before, after, ...(extra ?? {}) } });
};
