import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classGroups, classes } from './classes.ts';
import { schools } from './tenancy.ts';
import { users } from './users.ts';

/**
 * Messaging (issue 16, decision XXXX-msgapi). A conversation belongs to one school; `key` makes
 * find-or-create race-free: `direct:<smaller id>:<larger id>`, `class:<class id>`, `group:<group id>`.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['direct', 'class', 'group'] }).notNull(),
    key: text('key').notNull().unique(),
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => classGroups.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time (or the creation): lists sort by it. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_school_idx').on(t.schoolId)],
);

/** Who is in a conversation, with their own read position, star, mute and mail state. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every message up to this id is read (0: none). */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    starred: boolean('starred').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    /** Offline mail: when the last one went out, and the newest message it covered. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailedUpTo: bigint('emailed_up_to', { mode: 'number' }).notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's own id of the message: a retry with it answers the stored message. */
    clientId: uuid('client_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('messages_client_idx').on(t.senderId, t.clientId), index('messages_conversation_idx').on(t.conversationId, t.id)],
);

/** A file uploaded by `ownerId`; `messageId` is set when it is sent (unused ones are removed after a day). */
export const messageAttachments = pgTable(
  'message_attachments',
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
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId), index('message_attachments_owner_idx').on(t.ownerId, t.createdAt)],
);

/** `blockerId` blocked `blockedId`: no direct messages between them until unblocked. */
export const messageBlocks = pgTable(
  'message_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('message_blocks_blocked_idx').on(t.blockedId)],
);

export const messageSettings = pgTable('message_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enterToSend: boolean('enter_to_send').notNull().default(true),
  emailWhenOffline: boolean('email_when_offline').notNull().default(true),
});

/** A user's message searches, newest first (trimmed to `MESSAGE_SEARCH_HISTORY_MAX`). */
export const messageSearches = pgTable(
  'message_searches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.query] })],
);
