import { isTransaction } from '../../db/concurrent.ts';
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
 * Publishes events to users, inside the caller's transaction (pass the `tx` of the change that
 * causes it): they are stored with the change and every node is woken at commit, so an event
 * exists iff its write committed, and a client that was away gets it on resume. Publish once per
 * transaction, near its end: the recipients stay locked for publishing until the commit. A change
 * that tells different people different things passes them all in one call (an array), so all
 * recipients are locked together, in one order (two separate calls could deadlock with another
 * transaction that locks the same people the other way round). Answers the new event ids.
 */
export const publish = async (db: Db, message: RealtimeMessage | readonly RealtimeMessage[]): Promise<number[]> => {
  const messages: readonly RealtimeMessage[] = Array.isArray(message) ? message : [message as RealtimeMessage];
  for (const m of messages) if (!TYPE.test(m.type) || m.type.length > 100) throw new Error(`bad real-time event type: ${m.type}`);
  if (messages.every((m) => m.userIds.length === 0)) return [];
  // Inside the caller's transaction directly (no savepoint: two round trips less on every send);
  // alone, in a transaction of its own (the advisory locks are transaction locks).
  return isTransaction(db) ? insertEvents(db, messages) : db.transaction((tx) => insertEvents(tx, messages));
};
