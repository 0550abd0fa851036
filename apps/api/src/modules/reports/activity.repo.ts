import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './scope.repo.ts';

/** Raw heartbeats, their daily rollup and pruning (decision 0062). */

export const ACTIVITY_CHANNEL = 'klase_activity';

export interface BeatResult {
  /** The flood window's count after this beat (over the limit: nothing was stored). */
  count: number;
  retryAfter: number;
  /** The seconds stored, or null when over the limit. */
  seconds: number | null;
}

/**
 * One heartbeat in one statement (one round trip): the flood window's hit (`hit`, from the
 * platform's rate limits), and only within `limit` the raw row with the school's calendar day and
 * its seconds capped by the time since the user's previous beat on the material (the index on
 * user, material, time finds it). The statement commits without waiting for its WAL flush
 * (`synchronous_commit` off for this transaction only): a crash of the database server may lose the
 * last fraction of a second of heartbeats, never consistency.
 */
export const insertBeatWithin = async (
  db: Db,
  hit: SQL,
  limit: number,
  beat: { userId: string; materialId: string; schoolId: string | null; seconds: number },
): Promise<BeatResult> => {
  const [row] = rowsOf<{ count: number; retry_after: number; seconds: number | null }>(
    await db.execute(sql`
      with relaxed as (select set_config('synchronous_commit', 'off', true) as value),
      hit as (${hit}),
      beat as (
        insert into activity_events (user_id, material_id, day, at, seconds)
        select ${beat.userId}, ${beat.materialId},
          (now() at time zone coalesce((select time_zone from schools where id = ${beat.schoolId}), 'Asia/Manila'))::date, now(),
          least(${beat.seconds}::int, coalesce((
            select greatest(0, floor(extract(epoch from (now() - e.at))))::int from activity_events e
            where e.user_id = ${beat.userId} and e.material_id = ${beat.materialId}
            order by e.at desc limit 1
          ), ${beat.seconds}::int))
        where (select count from hit) <= ${limit}
        returning seconds
      )
      select hit.count, hit.retry_after, (select seconds from beat) as seconds from hit cross join relaxed`),
  );
  if (!row) throw new Error('heartbeat statement answered no row');
  return { count: Number(row.count), retryAfter: Number(row.retry_after), seconds: row.seconds === null ? null : Number(row.seconds) };
};

/**
 * Rolls up to `batch` raw rows into `activity_days` in one statement: the rows are claimed with
 * `FOR UPDATE SKIP LOCKED` (several nodes share the work, none counts a row twice) and marked
 * rolled in the same statement that adds them to the day. Answers how many rows it rolled.
 */
export const rollUpBatch = async (db: Db, batch: number): Promise<number> => {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with claimed as (
        update activity_events set rolled = true
        where id in (select id from activity_events where not rolled order by id limit ${batch} for update skip locked)
        returning user_id, material_id, day, at, seconds
      ),
      added as (
        insert into activity_days (user_id, day, material_id, seconds, beats, last_at)
        select user_id, day, material_id, sum(seconds)::int, count(*)::int, max(at) from claimed group by user_id, day, material_id
        on conflict (user_id, day, material_id) do update set
          seconds = activity_days.seconds + excluded.seconds,
          beats = activity_days.beats + excluded.beats,
          last_at = greatest(activity_days.last_at, excluded.last_at)
        returning 1
      )
      select (select count(*) from claimed)::int as n`),
  );
  return row?.n ?? 0;
};

/** Deletes up to `batch` rolled-up raw rows older than `days` days. Answers how many. */
export const pruneBatch = async (db: Db, days: number, batch: number): Promise<number> => {
  const gone = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from activity_events
      where id in (select id from activity_events where rolled and at < now() - make_interval(days => ${days}) limit ${batch})
      returning id`),
  );
  return gone.length;
};
