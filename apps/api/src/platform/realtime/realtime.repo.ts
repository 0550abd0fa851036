import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { realtimeEvents, realtimePresence } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';

/** The NOTIFY channel that wakes every node: its payload is a comma-separated list of event ids. */
export const REALTIME_CHANNEL = 'klase_realtime';
/**
 * NOTIFY payloads must stay under 8000 bytes: ids are sent in lists of at most this many (a
 * bigint has at most 19 digits, so a list stays under 6,000 characters with its commas).
 */
const IDS_PER_PAYLOAD = 300;

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

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/**
 * Stores one event per recipient (existing users only; each row carries the user's school) and
 * queues the NOTIFY, all in `tx` and in one statement (a round trip, not three, while the
 * recipients are locked): PostgreSQL delivers the notification at commit, so the event is seen iff
 * the change committed. The recipients' advisory locks are taken first (in one order, so two
 * publishers never deadlock on each other) and held to commit: a user's events therefore commit in
 * id order, which is what lets a client resume "after id N" without a gap.
 */
export const insertEvents = async (tx: Db, messages: readonly { userIds: readonly string[]; type: string; data: unknown }[]): Promise<number[]> => {
  // Every recipient of every message is locked at once, in one sorted order, so two transactions
  // that publish to overlapping people wait for each other instead of deadlocking.
  const ids = [...new Set(messages.flatMap((m) => m.userIds))].sort();
  if (ids.length === 0) return [];
  const wanted = messages.flatMap((m, ord) => {
    const to = [...new Set(m.userIds)].sort();
    return to.length === 0 ? [] : [sql`(${ord}::int, ${m.type}::text, ${JSON.stringify(m.data ?? null)}::jsonb, ${uuidArray(to)})`];
  });
  // The locks are an uncorrelated subquery of the recipients' filter, which PostgreSQL runs once,
  // before it reads a row (a one-time filter): every recipient is locked before anyone is read,
  // and so before any id is taken. A message's data is sent once, whatever its recipients.
  // Both drivers answer raw SQL with `{ rows }` (node-postgres' QueryResult, PGlite's Results).
  const result = (await tx.execute(sql`
    with recipients as (
      select ${users.id} as id, ${users.schoolId} as school_id from ${users}
      where ${inArray(users.id, ids)}
        and (select count(*) from (select pg_advisory_xact_lock(k) from (select hashtextextended('klase_realtime:' || u::text, 0) as k from unnest(${uuidArray(ids)}) as u order by 1) as keys) as held) >= 0
    ),
    wanted (ord, type, data, user_ids) as (values ${sql.join(wanted, sql`, `)}),
    stored as (
      insert into ${realtimeEvents} (user_id, school_id, type, data)
      select r.id, r.school_id, w.type, w.data
      from wanted w cross join lateral unnest(w.user_ids) as u (id) join recipients r on r.id = u.id
      order by w.ord, r.id
      returning id
    ),
    parts as (
      select string_agg(id::text, ',' order by id) as payload, min(id) as first
      from (select id, (row_number() over (order by id) - 1) / ${IDS_PER_PAYLOAD} as part from stored) numbered
      group by part
    )
    select payload, pg_notify(${REALTIME_CHANNEL}, payload) from parts order by first`)) as { rows: { payload: string }[] };
  return result.rows.flatMap((r) => r.payload.split(',').map(Number));
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
