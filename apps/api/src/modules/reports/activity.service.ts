import { DomainError } from '@klase/core/errors';
import { HEARTBEAT_MAX_PER_MINUTE, type HeartbeatInput } from '@klase/core/reports/contracts';
import type { Db } from '../../platform/context.ts';
import { hitWindow } from '../../platform/rate-limit.ts';
import type { UserRow } from '../../platform/rows.ts';
import { openMaterial } from '../materials/material-access.ts';
import { insertBeat } from './activity.repo.ts';

/**
 * `POST /api/activity/heartbeat` (decision 0062): the flood window first (over
 * `HEARTBEAT_MAX_PER_MINUTE` a minute: 429, nothing written), then the materials module's own
 * check of who may open the material (a locked or hidden stop counts as not found: 404, nothing
 * written), then one INSERT that caps the seconds by the time since the previous beat.
 * Answers the seconds stored.
 */
export const recordHeartbeat = async (db: Db, user: UserRow, beat: HeartbeatInput): Promise<number> => {
  const wait = await hitWindow(db, `heartbeat:${user.id}`, HEARTBEAT_MAX_PER_MINUTE, 60);
  if (wait !== null) throw new DomainError('RATE_LIMITED', { retryAfterSeconds: wait });
  let schoolId: string | null;
  try {
    const opened = await openMaterial(db, user, beat.materialId);
    schoolId = opened.access.course.schoolId ?? user.schoolId;
  } catch (err) {
    if (err instanceof DomainError && (err.code === 'MATERIAL_LOCKED' || err.code === 'MATERIAL_UNAVAILABLE')) throw new DomainError('NOT_FOUND');
    throw err;
  }
  return insertBeat(db, { userId: user.id, materialId: beat.materialId, schoolId, seconds: beat.seconds });
};
