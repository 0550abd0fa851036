import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conversationMembers, messageSettings, messages } from '../../db/schema/messaging.ts';
import { users } from '../../db/schema/users.ts';

/** The offline-mail worker's queries (mail.worker.ts): who is owed a mail, what it says, and its record. */

/**
 * Members who have messages from others they neither read nor got a mail about, in an unmuted
 * conversation, with mail on, an address, and no mail for it within `windowMinutes`; online
 * users (`online`) are left out by the caller.
 */
export const mailCandidates = (db: Db, windowMinutes: number, limit: number) =>
  db
    .select({
      conversationId: conversationMembers.conversationId,
      userId: conversationMembers.userId,
      emailedAt: conversationMembers.emailedAt,
      from: sql<number>`greatest(${conversationMembers.lastReadId}, ${conversationMembers.emailedUpTo})`,
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .leftJoin(messageSettings, eq(messageSettings.userId, conversationMembers.userId))
    .where(
      and(
        eq(conversationMembers.muted, false),
        eq(users.active, true),
        sql`${users.email} is not null`,
        sql`coalesce(${messageSettings.emailWhenOffline}, true)`,
        or(isNull(conversationMembers.emailedAt), sql`${conversationMembers.emailedAt} <= now() - make_interval(mins => ${windowMinutes})`),
        sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversationMembers.conversationId}
              and ${messages.id} > greatest(${conversationMembers.lastReadId}, ${conversationMembers.emailedUpTo})
              and ${messages.senderId} <> ${conversationMembers.userId})`,
      ),
    )
    .limit(limit);

/** The messages from others after `from`, oldest first. */
export const unmailedMessages = (db: Db, conversationId: string, userId: string, from: number) =>
  db
    .select({ message: messages, senderFirst: users.firstName, senderLast: users.lastName })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, from), ne(messages.senderId, userId)))
    .orderBy(asc(messages.id));

/** Records a mail; answers false when another node recorded one first. */
export const markMailed = async (db: Db, conversationId: string, userId: string, previous: Date | null, upTo: number): Promise<boolean> => {
  const rows = await db
    .update(conversationMembers)
    .set({ emailedAt: sql`now()`, emailedUpTo: upTo })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, userId),
        previous ? eq(conversationMembers.emailedAt, previous) : isNull(conversationMembers.emailedAt),
      ),
    )
    .returning({ id: conversationMembers.userId });
  return rows.length > 0;
};

export const userForMail = async (db: Db, id: string) => {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, email: users.email, language: users.language, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.id, id));
  return row;
};
