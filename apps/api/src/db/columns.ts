import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** createdAt/createdBy/updatedAt/updatedBy of every editable entity. */
export const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});
