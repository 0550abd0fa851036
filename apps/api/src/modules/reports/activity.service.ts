import { DomainError } from '@klase/core/errors';
import { HEARTBEAT_INTERVAL_S, HEARTBEAT_MAX_PER_MINUTE, type HeartbeatInput } from '@klase/core/reports/contracts';
import type { Db } from '../../platform/context.ts';
import { windowHitSql } from '../../platform/rate-limit.ts';
import type { UserRow } from '../../platform/rows.ts';
import { openMaterial } from '../materials/material-access.ts';
import { insertBeatWithin } from './activity.repo.ts';

/** How long a node remembers that a user may (or may not) open a material, for their heartbeats only. */
export const ACCESS_MEMO_MS = 2 * HEARTBEAT_INTERVAL_S * 1000;
const MEMO_MAX = 50_000;

/**
 * The answers of the materials module's access check for heartbeats, kept per node for
 * `ACCESS_MEMO_MS`: a student on a page beats every 30 s, and the full check (course, class,
 * journey) costs more than the beat itself. A change of access reaches heartbeats within that time;
 * opening the material itself is always checked in full.
 */
export interface AccessMemo {
  /** The school whose calendar day the beat counts on; throws NOT_FOUND when the user cannot open the material. */
  schoolOf(db: Db, user: UserRow, materialId: string, now?: number): Promise<string | null>;
}

export const createAccessMemo = (): AccessMemo => {
  const memo = new Map<string, { until: number; schoolId: string | null; open: boolean }>();
  return {
    schoolOf: async (db, user, materialId, now = Date.now()) => {
      const key = `${user.id}:${materialId}`;
      let entry = memo.get(key);
      if (!entry || entry.until <= now) {
        entry = { until: now + ACCESS_MEMO_MS, schoolId: null, open: false };
        try {
          const opened = await openMaterial(db, user, materialId);
          entry.schoolId = opened.access.course.schoolId ?? user.schoolId;
          entry.open = true;
        } catch (err) {
          if (!(err instanceof DomainError && ['NOT_FOUND', 'MATERIAL_LOCKED', 'MATERIAL_UNAVAILABLE'].includes(err.code))) throw err;
        }
        if (memo.size >= MEMO_MAX) memo.clear();
        memo.set(key, entry);
      }
      if (!entry.open) throw new DomainError('NOT_FOUND');
      return entry.schoolId;
    },
  };
};

/**
 * `POST /api/activity/heartbeat` (decision 0062): the materials module's check of who may open the
 * material (a locked, hidden or unknown one: 404, nothing written), then one statement: the flood
 * window of the platform's rate limits and, within `HEARTBEAT_MAX_PER_MINUTE` a minute, the raw
 * row with its seconds capped by the time since the previous beat (over the limit: 429, nothing
 * written). Answers the seconds stored.
 */
export const recordHeartbeat = async (db: Db, memo: AccessMemo, user: UserRow, beat: HeartbeatInput): Promise<number> => {
  const schoolId = await memo.schoolOf(db, user, beat.materialId);
  const hit = windowHitSql(db, `heartbeat:${user.id}`, 60);
  const done = await insertBeatWithin(db, hit, HEARTBEAT_MAX_PER_MINUTE, { userId: user.id, materialId: beat.materialId, schoolId, seconds: beat.seconds });
  if (done.seconds === null) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: Math.max(1, done.retryAfter) });
  return done.seconds;
};
