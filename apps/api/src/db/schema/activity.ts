import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courseMaterials } from './courses.ts';
import { users } from './users.ts';

/**
 * Time on materials (issue 21, decision 0062). One raw row per heartbeat (`seconds` already capped
 * by the server; `day` is the school's calendar day of the beat). The activity worker rolls
 * unrolled rows into `activity_days` (claiming them with `FOR UPDATE SKIP LOCKED`, so several API
 * nodes share the work) and prunes raw rows older than `ACTIVITY_RETENTION_DAYS`.
 */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    seconds: integer('seconds').notNull(),
    rolled: boolean('rolled').notNull().default(false),
  },
  (t) => [
    /** The previous beat of a user on a material (the seconds cap). */
    index('activity_events_user_material_idx').on(t.userId, t.materialId, t.at),
    /** The rollup's queue and the reports' not-yet-rolled part. */
    index('activity_events_unrolled_idx')
      .on(t.userId, t.day)
      .where(sql`not ${t.rolled}`),
    index('activity_events_at_idx').on(t.at),
  ],
);

/** Seconds and last access per user, material and school day: what every report reads. */
export const activityDays = pgTable(
  'activity_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    materialId: uuid('material_id')
      .notNull()
      .references(() => courseMaterials.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    beats: integer('beats').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.materialId] }), index('activity_days_material_idx').on(t.materialId, t.day)],
);
