import { and, asc, desc, eq, ilike, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { classGroups, classes } from '../../db/schema/classes.ts';
import {
  conversationMembers,
  conversations,
  messageAttachments,
  messageBlocks,
  messageSearches,
  messageSettings,
  messages,
} from '../../db/schema/messaging.ts';
import { users } from '../../db/schema/users.ts';
import { fullNameSql, personColumns } from '../../kernel/people.ts';
import { escapeLike } from './access.repo.ts';

export type ConversationRecord = typeof conversations.$inferSelect;
export type MemberRecord = typeof conversationMembers.$inferSelect;
export type MessageRecord = typeof messages.$inferSelect;
export type AttachmentRecord = typeof messageAttachments.$inferSelect;

// ---- conversations and members ----

export const findConversation = async (db: Db, id: string): Promise<ConversationRecord | undefined> => {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
};

export const findConversationByKey = async (db: Db, key: string): Promise<ConversationRecord | undefined> => {
  const [row] = await db.select().from(conversations).where(eq(conversations.key, key));
  return row;
};

/** Creates the conversation of `key` unless it exists; answers it and whether it is new. */
export const findOrInsertConversation = async (
  db: Db,
  values: typeof conversations.$inferInsert,
): Promise<{ conversation: ConversationRecord; created: boolean }> => {
  const [made] = await db.insert(conversations).values(values).onConflictDoNothing({ target: conversations.key }).returning();
  if (made) return { conversation: made, created: true };
  const [found] = await db.select().from(conversations).where(eq(conversations.key, values.key));
  if (!found) throw new Error('conversation vanished');
  return { conversation: found, created: false };
};

export const findMember = async (db: Db, conversationId: string, userId: string): Promise<MemberRecord | undefined> => {
  const [row] = await db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  return row;
};

export const memberIds = async (db: Db, conversationId: string): Promise<string[]> =>
  (await db.select({ id: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId))).map(
    (r) => r.id,
  );

/** The members of a conversation, each with whether they muted it (one query for the send). */
export const membersWithMute = (db: Db, conversationId: string): Promise<{ id: string; muted: boolean }[]> =>
  db
    .select({ id: conversationMembers.userId, muted: conversationMembers.muted })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));

/** A conversation and whether `userId` is a member of it, in one query. */
export const findConversationFor = async (db: Db, id: string, userId: string): Promise<{ conversation: ConversationRecord; member: boolean } | undefined> => {
  const [row] = await db
    .select({ conversation: conversations, member: conversationMembers.userId })
    .from(conversations)
    .leftJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.userId, userId)))
    .where(eq(conversations.id, id));
  return row ? { conversation: row.conversation, member: row.member !== null } : undefined;
};

/** The members who muted this conversation. */
export const mutedMemberIds = async (db: Db, conversationId: string): Promise<string[]> =>
  (
    await db
      .select({ id: conversationMembers.userId })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.muted, true)))
  ).map((r) => r.id);

/** Adds these members (existing ones stay as they are) and removes the members in `remove`. */
export const syncMembers = async (db: Db, conversationId: string, add: readonly string[], remove: readonly string[]): Promise<void> => {
  if (add.length) {
    await db
      .insert(conversationMembers)
      .values(add.map((userId) => ({ conversationId, userId })))
      .onConflictDoNothing();
  }
  if (remove.length) {
    await db.delete(conversationMembers).where(and(eq(conversationMembers.conversationId, conversationId), inArray(conversationMembers.userId, [...remove])));
  }
};

export const updateMember = (db: Db, conversationId: string, userId: string, set: Partial<Pick<MemberRecord, 'starred' | 'muted'>>) =>
  db
    .update(conversationMembers)
    .set(set)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));

/** Moves the read position forward (never back) to a message of the conversation; answers the new position. */
export const advanceRead = async (db: Db, conversationId: string, userId: string, messageId: number): Promise<number | null> => {
  const [row] = await db
    .update(conversationMembers)
    .set({ lastReadId: sql`greatest(${conversationMembers.lastReadId}, ${messageId})` })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        sql`exists (select 1 from ${messages} where ${messages.id} = ${messageId} and ${messages.conversationId} = ${conversationId})`,
      ),
    )
    .returning({ lastReadId: conversationMembers.lastReadId });
  return row ? row.lastReadId : null;
};

/** The people of conversations' members, with the conversation id and their read position. */
export const membersOf = (db: Db, conversationIds: readonly string[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : db
        .select({ ...personColumns, roleId: users.roleId, conversationId: conversationMembers.conversationId, lastReadId: conversationMembers.lastReadId })
        .from(conversationMembers)
        .innerJoin(users, eq(users.id, conversationMembers.userId))
        .where(inArray(conversationMembers.conversationId, [...conversationIds]))
        .orderBy(asc(users.lastName), asc(users.firstName));

export type MemberPerson = Awaited<ReturnType<typeof membersOf>>[number];

const unreadSql = (userId: string) =>
  sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.id} > ${conversationMembers.lastReadId} and ${messages.senderId} <> ${userId})`;

export interface ListFilter {
  filter: 'all' | 'unread' | 'starred' | 'private';
  q: string;
  /** Position after which to continue: the previous page's last (updatedAt, id). */
  after?: { at: Date; id: string };
  limit: number;
  /** Only these conversations. */
  only?: readonly string[];
}

/** The caller's conversations, newest activity first, with their own member state and unread count. */
export const listConversations = async (db: Db, userId: string, f: ListFilter) => {
  const unread = unreadSql(userId);
  const like = `%${escapeLike(f.q)}%`;
  const nameMatch = f.q
    ? or(
        sql`exists (select 1 from ${conversationMembers} cm2 join ${users} on ${users.id} = cm2.user_id
              where cm2.conversation_id = ${conversations.id} and cm2.user_id <> ${userId} and ${ilike(fullNameSql, like)})`,
        sql`exists (select 1 from ${classes} where ${classes.id} = ${conversations.classId} and ${ilike(classes.name, like)})`,
        sql`exists (select 1 from ${classGroups} where ${classGroups.id} = ${conversations.groupId} and ${ilike(classGroups.name, like)})`,
      )
    : undefined;
  return db
    .select({ conversation: conversations, member: conversationMembers, unread })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.userId, userId),
        f.only ? inArray(conversations.id, [...f.only]) : undefined,
        f.filter === 'unread' ? sql`${unread} > 0` : undefined,
        f.filter === 'starred' ? eq(conversationMembers.starred, true) : undefined,
        f.filter === 'private' ? eq(conversations.kind, 'direct') : undefined,
        nameMatch,
        f.after ? or(lt(conversations.updatedAt, f.after.at), and(eq(conversations.updatedAt, f.after.at), lt(conversations.id, f.after.id))) : undefined,
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(f.limit);
};

export type ListedConversation = Awaited<ReturnType<typeof listConversations>>[number];

/** Unread messages over the user's unmuted conversations. */
export const unreadTotal = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadSql(userId)}), 0)::int` })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.muted, false)));
  return Number(row?.n ?? 0);
};

// ---- messages ----

export const findMessageByClientId = async (db: Db, senderId: string, clientId: string): Promise<MessageRecord | undefined> => {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
};

/**
 * Inserts the message unless the sender already sent one with this client id (then undefined),
 * and moves its conversation up the list (`updated_at`) when it was stored: one statement, one
 * round trip of the send.
 */
export const insertMessageTouching = async (db: Db, values: typeof messages.$inferInsert): Promise<MessageRecord | undefined> => {
  const stored = db.$with('stored').as(
    db
      .insert(messages)
      .values(values)
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning(),
  );
  const touched = db.$with('touched').as(
    db
      .update(conversations)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(conversations.id, values.conversationId), sql`exists (select 1 from ${stored})`)),
  );
  const [row] = await db.with(stored, touched).select().from(stored);
  return row;
};

/** The newest `limit` (+1, to tell whether there are more) messages before `before`, newest first. */
export const messagesBefore = (db: Db, conversationId: string, before: number | undefined, limit: number) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), before === undefined ? undefined : lt(messages.id, before)))
    .orderBy(desc(messages.id))
    .limit(limit + 1);

/** The newest message of each conversation. */
export const lastMessages = (db: Db, conversationIds: readonly string[]) =>
  conversationIds.length === 0
    ? Promise.resolve([])
    : db
        .selectDistinctOn([messages.conversationId], { message: messages, senderFirst: users.firstName, senderLast: users.lastName })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(inArray(messages.conversationId, [...conversationIds]))
        .orderBy(messages.conversationId, desc(messages.id));

/** The senders of messages, as people. */
export const peopleByIds = (db: Db, ids: readonly string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ ...personColumns, roleId: users.roleId })
        .from(users)
        .where(inArray(users.id, [...ids]));

/** Messages of the user's conversations whose body contains `q`, newest first. */
export const searchMessages = (db: Db, userId: string, q: string, limit: number) =>
  db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.userId, userId)))
    .where(ilike(messages.body, `%${escapeLike(q)}%`))
    .orderBy(desc(messages.id))
    .limit(limit);

// ---- attachments ----

export const insertAttachment = async (db: Db, values: typeof messageAttachments.$inferInsert): Promise<AttachmentRecord> => {
  const [row] = await db.insert(messageAttachments).values(values).returning();
  if (!row) throw new Error('attachment');
  return row;
};

/** Attaches the owner's unused attachments of these ids to a message; answers how many it took. */
export const claimAttachments = async (db: Db, ownerId: string, ids: readonly string[], messageId: number): Promise<number> => {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(messageAttachments)
    .set({ messageId })
    .where(and(inArray(messageAttachments.id, [...ids]), eq(messageAttachments.ownerId, ownerId), isNull(messageAttachments.messageId)))
    .returning({ id: messageAttachments.id });
  return rows.length;
};

export const attachmentsOf = (db: Db, messageIds: readonly number[]) =>
  messageIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(messageAttachments)
        .where(inArray(messageAttachments.messageId, [...messageIds]))
        .orderBy(asc(messageAttachments.createdAt));

/** An attachment with the conversation of its message (null while unsent). */
export const findAttachment = async (db: Db, id: string) => {
  const [row] = await db
    .select({ attachment: messageAttachments, conversationId: messages.conversationId })
    .from(messageAttachments)
    .leftJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(eq(messageAttachments.id, id));
  return row;
};

/** Unsent attachments older than `before` (removed with their files by the worker). */
export const deleteUnsentAttachments = (db: Db, before: Date) =>
  db
    .delete(messageAttachments)
    .where(and(isNull(messageAttachments.messageId), lt(messageAttachments.createdAt, before)))
    .returning({ fileKey: messageAttachments.fileKey });

// ---- blocks ----

export const setBlock = async (db: Db, blockerId: string, blockedId: string, on: boolean): Promise<void> => {
  if (on) await db.insert(messageBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
  else await db.delete(messageBlocks).where(and(eq(messageBlocks.blockerId, blockerId), eq(messageBlocks.blockedId, blockedId)));
};

/** The blocks between `a` and the others, either way. */
export const blocksAmong = (db: Db, a: string, others: readonly string[]) =>
  others.length === 0
    ? Promise.resolve([])
    : db
        .select({ blockerId: messageBlocks.blockerId, blockedId: messageBlocks.blockedId })
        .from(messageBlocks)
        .where(
          or(
            and(eq(messageBlocks.blockerId, a), inArray(messageBlocks.blockedId, [...others])),
            and(eq(messageBlocks.blockedId, a), inArray(messageBlocks.blockerId, [...others])),
          ),
        );

// ---- settings and search history ----

export const findSettings = async (db: Db, userId: string) => {
  const [row] = await db.select().from(messageSettings).where(eq(messageSettings.userId, userId));
  return row;
};

export const saveSettings = (db: Db, userId: string, v: { enterToSend: boolean; emailWhenOffline: boolean }) =>
  db
    .insert(messageSettings)
    .values({ userId, ...v })
    .onConflictDoUpdate({ target: messageSettings.userId, set: v });

/** Records a search (again: moved to the top) and keeps the newest `keep`. */
export const recordSearch = async (db: Db, userId: string, query: string, keep: number): Promise<void> => {
  await db
    .insert(messageSearches)
    .values({ userId, query })
    .onConflictDoUpdate({ target: [messageSearches.userId, messageSearches.query], set: { searchedAt: sql`clock_timestamp()` } });
  const kept = db
    .select({ query: messageSearches.query })
    .from(messageSearches)
    .where(eq(messageSearches.userId, userId))
    .orderBy(desc(messageSearches.searchedAt))
    .limit(keep);
  await db.delete(messageSearches).where(and(eq(messageSearches.userId, userId), notInArray(messageSearches.query, kept)));
};

export const searchHistory = async (db: Db, userId: string): Promise<string[]> =>
  (
    await db.select({ query: messageSearches.query }).from(messageSearches).where(eq(messageSearches.userId, userId)).orderBy(desc(messageSearches.searchedAt))
  ).map((r) => r.query);

export const clearSearchHistory = (db: Db, userId: string) => db.delete(messageSearches).where(eq(messageSearches.userId, userId));
