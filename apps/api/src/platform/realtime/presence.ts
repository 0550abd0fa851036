import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../context.ts';
import { dropPresence, presentUsers, touchPresence } from './realtime.repo.ts';

/**
 * Who is online, across nodes: every open real-time socket has a row in `realtime_presence`,
 * written when it opens, refreshed by its node's check (`node-check.ts`, all of a node's sockets in
 * one statement) and removed when it closes. A row whose
 * node died stops being refreshed and counts as offline after `PRESENCE_FRESH_SECONDS`.
 */
export const PRESENCE_FRESH_SECONDS = 90;

/** The users of `userIds` that have an open socket on any node. */
export const onlineUsers = async (db: Db, userIds: readonly string[]): Promise<Set<string>> =>
  new Set(await presentUsers(db, [...new Set(userIds)], PRESENCE_FRESH_SECONDS));

/** The presence of one socket: `seen()` at open, `gone()` at close (failures are logged only); the node's check refreshes it by `socketId`. */
export const socketPresence = (db: Db, userId: string, log: FastifyBaseLogger) => {
  const socketId = randomUUID();
  const quietly = (work: Promise<unknown>) => void work.catch((err: unknown) => log.debug({ err }, 'presence write failed'));
  return {
    socketId,
    seen: () => quietly(touchPresence(db, socketId, userId)),
    gone: () => quietly(dropPresence(db, socketId)),
  };
};
