import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationSettings } from '@klase/core/notifications/contracts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * A user's notifications (issue 16): the type and its parameters (the SPA renders the sentence in
 * the reader's language), the hash link of the item, who caused it. `key` groups notifications
 * of one thing (`message:<conversationId>`): at most one UNREAD per (user, key), updated instead
 * of adding another. `digestState` `pending`: its mail waits for the parent's digest.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id').references(() => schools.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    link: text('link').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    key: text('key'),
    digestState: text('digest_state', { enum: ['pending', 'sent'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_unread_key_uq')
      .on(t.userId, t.key)
      .where(sql`${t.readAt} is null and ${t.key} is not null`),
    index('notifications_digest_idx')
      .on(t.userId)
      .where(sql`${t.digestState} = 'pending'`),
  ],
);

/** A user's notification settings; no row: the defaults. Stored whole (validated by the contract). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notifications that happen once per (user, key), e.g. `dueSoon:<materialId>`: the worker inserts
 * the claim first (on conflict nothing), so two nodes never notify twice.
 */
export const notificationOnce = pgTable(
  'notification_once',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
