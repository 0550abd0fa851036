import type { Db } from '../context.ts';
import { insertEvents } from './realtime.repo.ts';

/** What a module publishes: who sees it, what kind of event it is (`message.new`, `grade.changed`...), and its JSON data. */
export interface RealtimeMessage {
  userIds: readonly string[];
  type: string;
  data: unknown;
}

/** Event types are short dotted names, so a client can subscribe to them. */
const TYPE = /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*$/;

/**
 * Publishes an event to users, inside the caller's transaction (pass the `tx` of the change that
 * causes it): it is stored with the change and every node is woken at commit, so an event exists
 * iff its write committed, and a client that was away gets it on resume. Publish once per
 * transaction, near its end: the recipients stay locked for publishing until the commit.
 * Answers the new event ids (one per recipient that exists).
 */
export const publish = async (db: Db, message: RealtimeMessage): Promise<number[]> => {
  if (!TYPE.test(message.type) || message.type.length > 100) throw new Error(`bad real-time event type: ${message.type}`);
  if (message.userIds.length === 0) return [];
  // A savepoint when `db` is a transaction already: the locks and the NOTIFY still end with the outer commit.
  return db.transaction((tx) => insertEvents(tx, message.userIds, message.type, message.data));
};
