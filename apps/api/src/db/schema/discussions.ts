import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { courses } from './courses.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/** Course discussions (issue 18, decision 0047 (`0047-discussions-api.md`)): categories, posts, comments, read state, attachments, settings. */

/** A course's post categories (three defaults made on the first read); names unique per course, any case. */
export const discussionCategories = pgTable(
  'discussion_categories',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discussion_categories_name_idx').on(t.courseId, sql`lower(${t.name})`)],
);

/** A course's discussion settings (no row: the defaults). */
export const discussionSettings = pgTable('discussion_settings', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  parentsRead: boolean('parents_read').notNull().default(false),
  /** Set by whoever made the default categories (once per course, also under concurrent first reads). */
  categoriesMade: boolean('categories_made').notNull().default(false),
});

export const discussionPosts = pgTable(
  'discussion_posts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => discussionCategories.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Sanitized by `platform/sanitize.ts`. */
    bodyHtml: text('body_html').notNull(),
    /** The body's text (search, excerpts). */
    bodyText: text('body_text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    hidden: boolean('hidden').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    /** Comments and replies that are not deleted. */
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_posts_course_idx').on(t.courseId, t.pinned, t.lastActivityAt), index('discussion_posts_category_idx').on(t.categoryId)],
);

export const discussionComments = pgTable(
  'discussion_comments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Creation order (paging). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    /** The top-level comment this replies to (never a reply). */
    parentId: uuid('parent_id').references((): AnyPgColumn => discussionComments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    /** The author's own id of the comment: a retry with it answers the stored comment. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('discussion_comments_post_idx').on(t.postId, t.parentId, t.seq),
    index('discussion_comments_unread_idx').on(t.postId, t.createdAt),
    uniqueIndex('discussion_comments_client_idx').on(t.authorId, t.clientId),
  ],
);

/** When a user last opened a post (none: never, the post is unread). */
export const discussionReads = pgTable(
  'discussion_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => discussionPosts.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('discussion_reads_user_idx').on(t.userId)],
);

/** A file uploaded for a post by `ownerId`; `postId` is set when the post is saved (unused ones are removed after a day). */
export const discussionAttachments = pgTable(
  'discussion_attachments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => discussionPosts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_attachments_post_idx').on(t.postId), index('discussion_attachments_owner_idx').on(t.ownerId, t.createdAt)],
);
