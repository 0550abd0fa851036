import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { realtimeEvents, realtimePresence } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';

/** The NOTIFY channel that wakes every node: its payload is a comma-separated list of event ids. */
export const REALTIME_CHANNEL = 'klase_realtime';
/** NOTIFY payloads must stay under 8000 bytes; ids are sent in lists of at most this many characters. */
const PAYLOAD_CHARS = 7000;

export interface StoredEvent {
  id: number;
  userId: string;
  type: string;
  data: unknown;
  createdAt: Date;
}

const columns = {
  id: realtimeEvents.id,
  userId: realtimeEvents.userId,
  type: realtimeEvents.type,
  data: realtimeEvents.data,
  createdAt: realtimeEvents.createdAt,
};

/** Splits ids into NOTIFY payloads that fit. */
export const idPayloads = (ids: readonly number[]): string[] => {
  const out: string[] = [];
  let current = '';
  for (const id of ids) {
    const s = String(id);
    if (current && current.length + 1 + s.length > PAYLOAD_CHARS) {
      out.push(current);
      current = '';
    }
    current = current ? `${current},${s}` : s;
  }
  if (current) out.push(current);
  return out;
};

/**
 * Stores one event per recipient (existing users only; each row carries the user's school) and
 * queues the NOTIFY, all in `tx`: PostgreSQL delivers the notification at commit, so the event is
 * seen iff the change committed. The recipients' advisory locks are taken first (in one order, so
 * two publishers never deadlock on each other) and held to commit: a user's events therefore
 * commit in id order, which is what lets a client resume "after id N" without a gap.
 */
export const insertEvents = async (tx: Db, messages: readonly { userIds: readonly string[]; type: string; data: unknown }[]): Promise<number[]> => {
  // Every recipient of every message is locked at once, in one sorted order, so two transactions
  // that publish to overlapping people wait for each other instead of deadlocking.
  const ids = [...new Set(messages.flatMap((m) => m.userIds))].sort();
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // One statement: the locks are an uncorrelated subquery of the filter, which PostgreSQL runs once,
  // before it reads a row (a one-time filter), so every recipient is locked before anyone is read.
  const locks = sql`(select count(*) from (select pg_advisory_xact_lock(k) from (select hashtextextended('klase_realtime:' || u::text, 0) as k from unnest(array[${list}]::uuid[]) as u order by 1) as keys) as held) >= 0`;
  const recipients = await tx
    .select({ userId: users.id, schoolId: users.schoolId })
    .from(users)
    .where(and(inArray(users.id, ids), locks))
    .orderBy(asc(users.id));
  const schoolOf = new Map(recipients.map((r) => [r.userId, r.schoolId]));
  const values = messages.flatMap((m) =>
    [...new Set(m.userIds)]
      .sort()
      .filter((userId) => schoolOf.has(userId))
      .map((userId) => ({ userId, schoolId: schoolOf.get(userId) ?? null, type: m.type, data: m.data ?? null })),
  );
  if (values.length === 0) return [];
  const rows = await tx.insert(realtimeEvents).values(values).returning({ id: realtimeEvents.id });
  const eventIds = rows.map((r) => r.id).sort((a, b) => a - b);
  for (const payload of idPayloads(eventIds)) await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
  return eventIds;
};

/** The events of these ids that belong to these users, in id order. */
export const eventsByIds = (db: Db, ids: readonly number[], userIds: readonly string[]): Promise<StoredEvent[]> =>
  ids.length === 0 || userIds.length === 0
    ? Promise.resolve([])
    : db
        .select(columns)
        .from(realtimeEvents)
        .where(and(inArray(realtimeEvents.id, [...ids]), inArray(realtimeEvents.userId, [...userIds])))
        .orderBy(asc(realtimeEvents.id));

/** A user's events after `after`, oldest first, at most `limit`. */
export const eventsAfter = (db: Db, userId: string, after: number, limit: number): Promise<StoredEvent[]> =>
  db
    .select(columns)
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.userId, userId), gt(realtimeEvents.id, after)))
    .orderBy(asc(realtimeEvents.id))
    .limit(limit);

/** The id of a user's newest event (0 when there is none). */
export const lastEventId = async (db: Db, userId: string): Promise<number> => {
  const [row] = await db
    .select({ id: realtimeEvents.id })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.userId, userId))
    .orderBy(desc(realtimeEvents.id))
    .limit(1);
  return row?.id ?? 0;
};

/** Deletes events created before `before`, at most `batch` of them; answers how many. */
export const pruneEventsBefore = async (db: Db, before: Date, batch: number): Promise<number> => {
  const doomed = db.select({ id: realtimeEvents.id }).from(realtimeEvents).where(lt(realtimeEvents.createdAt, before)).limit(batch);
  const rows = await db.delete(realtimeEvents).where(inArray(realtimeEvents.id, doomed)).returning({ id: realtimeEvents.id });
  return rows.length;
};

/** Records an open socket (or refreshes it at its heartbeat). */
export const touchPresence = (db: Db, socketId: string, userId: string) =>
  db
    .insert(realtimePresence)
    .values({ socketId, userId })
    .onConflictDoUpdate({ target: realtimePresence.socketId, set: { seenAt: sql`now()` } });

/**
 * Refreshes the presence of many open sockets at once (a node's check, each interval). An update,
 * not an upsert: a socket that closed while the check ran keeps its row deleted.
 */
export const touchPresenceMany = async (db: Db, socketIds: readonly string[]): Promise<void> => {
  if (socketIds.length === 0) return;
  await db
    .update(realtimePresence)
    .set({ seenAt: sql`now()` })
    .where(inArray(realtimePresence.socketId, [...socketIds]));
};

export const dropPresence = (db: Db, socketId: string) => db.delete(realtimePresence).where(eq(realtimePresence.socketId, socketId));

/** The users of `userIds` with a socket seen within `freshSeconds`. */
export const presentUsers = async (db: Db, userIds: readonly string[], freshSeconds: number): Promise<string[]> =>
  userIds.length === 0
    ? []
    : (
        await db
          .selectDistinct({ userId: realtimePresence.userId })
          .from(realtimePresence)
          .where(and(inArray(realtimePresence.userId, [...userIds]), sql`${realtimePresence.seenAt} > now() - make_interval(secs => ${freshSeconds})`))
      ).map((r) => r.userId);

/** Removes presence rows not refreshed within `freshSeconds` (sockets of nodes that died). */
export const prunePresence = async (db: Db, freshSeconds: number): Promise<number> =>
  (
    await db
      .delete(realtimePresence)
      .where(sql`${realtimePresence.seenAt} <= now() - make_interval(secs => ${freshSeconds})`)
      .returning({ id: realtimePresence.socketId })
  ).length;
