import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../context.ts';
import { AUTH_CHANNEL } from '../session-cache.ts';
import { eventsByIds, REALTIME_CHANNEL, type StoredEvent } from './realtime.repo.ts';

/** One open socket as the hub sees it (realtime.routes.ts makes them). */
export interface Subscriber {
  readonly userId: string;
  /** Events of this subscriber's user, in id order (it drops those it has sent already). */
  deliver(events: readonly StoredEvent[]): void;
  /** Notifications may have been missed: read the store again from the last event sent. */
  resync(): void;
  /** The user's sessions changed (sign-out, deactivation...): check this socket's session again. */
  recheck(): void;
  /** Closes the socket (the node is shutting down). */
  close(code: number, reason: string): void;
}

/**
 * The real-time hub of one API node: it holds the node's sockets by user and, woken by NOTIFY
 * `klase_realtime` (ids only) from whichever node committed the events, reads those events once
 * for the users connected here and hands each socket its own, in id order. Notifications are
 * handled one batch at a time, in the order they arrive (commit order). When the LISTEN connection
 * comes back after a loss, or a read fails, every socket reads the store again from its last id,
 * so nothing is lost; `klase_auth` notifications make the sockets of that user check their session.
 */
export interface RealtimeHub {
  add(sub: Subscriber): void;
  remove(sub: Subscriber): void;
  /** How many sockets this user has open on this node. */
  countFor(userId: string): number;
  readonly size: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const createRealtimeHub = (opts: { database: Database; log: FastifyBaseLogger }): RealtimeHub => {
  const byUser = new Map<string, Set<Subscriber>>();
  let pending: number[] = [];
  let chain: Promise<void> = Promise.resolve();
  let scheduled = false;
  const stops: (() => Promise<void> | void)[] = [];

  const all = () => [...byUser.values()].flatMap((set) => [...set]);
  const resyncAll = () => {
    for (const sub of all()) sub.resync();
  };

  const drain = async () => {
    scheduled = false;
    const ids = pending;
    pending = [];
    const userIds = [...byUser.keys()];
    if (ids.length === 0 || userIds.length === 0) return;
    try {
      const events = await eventsByIds(opts.database.db, ids, userIds);
      const grouped = new Map<string, StoredEvent[]>();
      for (const e of events) {
        const list = grouped.get(e.userId);
        if (list) list.push(e);
        else grouped.set(e.userId, [e]);
      }
      for (const [userId, list] of grouped) for (const sub of byUser.get(userId) ?? []) sub.deliver(list);
    } catch (err) {
      opts.log.warn({ err }, 'real-time events could not be read; the sockets catch up');
      resyncAll();
    }
  };

  const onNotify = (payload: string) => {
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (Number.isSafeInteger(id) && id > 0) pending.push(id);
    }
    if (scheduled) return;
    scheduled = true;
    chain = chain.then(drain);
  };

  const onAuth = (payload: string) => {
    const subs = payload.startsWith('user:') ? [...(byUser.get(payload.slice(5)) ?? [])] : all();
    for (const sub of subs) sub.recheck();
  };

  return {
    add(sub) {
      let set = byUser.get(sub.userId);
      if (!set) byUser.set(sub.userId, (set = new Set()));
      set.add(sub);
    },
    remove(sub) {
      const set = byUser.get(sub.userId);
      if (!set?.delete(sub)) return;
      if (set.size === 0) byUser.delete(sub.userId);
    },
    countFor: (userId) => byUser.get(userId)?.size ?? 0,
    get size() {
      return all().length;
    },
    async start() {
      stops.push(await opts.database.listen(REALTIME_CHANNEL, onNotify));
      stops.push(await opts.database.listen(AUTH_CHANNEL, onAuth));
      stops.push(
        opts.database.onEvent((event) => {
          if (event.type === 'listener-up' && event.reconnected) resyncAll();
        }),
      );
    },
    async stop() {
      for (const sub of all()) sub.close(1001, 'server shutting down');
      byUser.clear();
      for (const stop of stops.splice(0).reverse()) await stop();
      await chain;
    },
  };
};
