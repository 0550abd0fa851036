import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** createdAt/createdBy/updatedAt/updatedBy of every editable entity. */
export const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/**
 * The edit version of a record several people may edit (docs/decisions/0024-edit-versions.md): every
 * save of its form bumps it, and a save that started from an older version is refused with
 * EDIT_CONFLICT unless it asks to overwrite (`db/versioned.ts`).
 */
export const editVersion = () => ({ version: integer('version').notNull().default(1) });
