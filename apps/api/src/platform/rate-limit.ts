import type { Db } from '../db/client.ts';
import { countFailure, lockKey } from './rate-limit.repo.ts';

/**
 * Counters kept in the database (table rate_limits, queries in rate-limit.repo.ts) so every API
 * node sees the same numbers. Two kinds: a fixed window (count per window), and consecutive
 * failures with a growing lock.
 */
export { hitWindow, lockedFor, lockUnder, resetUnder, windowExhausted, windowHitSql } from './rate-limit.repo.ts';

/** How failures of one key turn into waits: `free` failures in a row cost nothing, then each one more locks the key. */
export interface BackoffRule {
  free: number;
  /** The wait set by failure number `free`; it doubles with every further failure, up to `maxSeconds`. */
  firstSeconds: number;
  maxSeconds: number;
  /** Failures further apart than this start the count again. */
  forgetSeconds: number;
}

/** The wait a key gets at its `failures`-th consecutive failure (0 when it gets none). */
export const backoffSeconds = (rule: BackoffRule, failures: number): number =>
  failures < rule.free ? 0 : Math.min(rule.firstSeconds * 2 ** Math.min(failures - rule.free, 30), rule.maxSeconds);

/**
 * Records one more consecutive failure of `key` (`window_started_at` keeps the time of the last
 * one) and, from the `free`-th on, locks the key for a wait that grows with every failure.
 * Answers the failure count reached and the lock set, if any.
 */
export const recordFailure = async (db: Db, key: string, rule: BackoffRule): Promise<{ failures: number; lockedSeconds: number | null }> => {
  const failures = await countFailure(db, key, rule.forgetSeconds);
  const wait = backoffSeconds(rule, failures);
  if (wait === 0) return { failures, lockedSeconds: null };
  await lockKey(db, key, wait);
  return { failures, lockedSeconds: wait };
};
