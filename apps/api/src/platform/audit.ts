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
