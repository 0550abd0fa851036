import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { editVersion, stamps } from '../columns.ts';
import { submissions } from './assessments.ts';
import { classGroups } from './classes.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Portfolios (issue 20, decision 0060): a student's or teacher's own (`ownerUserId`), or a class
 * group's (`groupId`, edited by its members). `schoolId` is the owner's school: nothing is read
 * across schools. The cover is a stored picture (`coverKey`, jpeg/png by content).
 */
export const portfolios = pgTable(
  'portfolios',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    ownerKind: text('owner_kind', { enum: ['student', 'group', 'teacher'] }).notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverKey: text('cover_key'),
    coverMime: text('cover_mime'),
    coverVersion: integer('cover_version').notNull().default(0),
    published: boolean('published').notNull().default(false),
    ...stamps(),
    ...editVersion(),
  },
  (t) => [
    index('portfolios_owner_idx').on(t.ownerUserId),
    index('portfolios_group_idx').on(t.groupId),
    index('portfolios_school_idx').on(t.schoolId),
    check('portfolios_owner_check', sql`(${t.ownerKind} = 'group') = (${t.groupId} is not null) and (${t.ownerKind} = 'group') = (${t.ownerUserId} is null)`),
  ],
);

/**
 * The items of a portfolio, in `position` order. `file`: a stored object (`storageKey`, name, size,
 * sniffed type); `reflection`: sanitized `bodyHtml`; `link`: `url`; `work`: one of the owner's
 * submissions with the two flags (null once the submission is gone).
 */
export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['file', 'reflection', 'link', 'work'] }).notNull(),
    title: text('title').notNull(),
    caption: text('caption').notNull().default(''),
    position: integer('position').notNull(),
    bodyHtml: text('body_html'),
    url: text('url'),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    mime: text('mime'),
    submissionId: uuid('submission_id').references(() => submissions.id, { onDelete: 'set null' }),
    includeGrade: boolean('include_grade').notNull().default(false),
    includeFeedback: boolean('include_feedback').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_items_portfolio_idx').on(t.portfolioId, t.position)],
);

/** Share links: only the SHA-256 of the token is kept; `hint` is its last 4 characters. */
export const portfolioShareLinks = pgTable(
  'portfolio_share_links',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_share_links_portfolio_idx').on(t.portfolioId, t.createdAt)],
);

/** ZIP exports run by the worker loop (`portfolios/export.worker.ts`); kept a day with their files. */
export const portfolioExportJobs = pgTable(
  'portfolio_export_jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    portfolioId: uuid('portfolio_id')
      .notNull()
      .references(() => portfolios.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: bigint('done', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    error: text('error'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('portfolio_export_jobs_state_idx').on(t.state, t.createdAt)],
);
