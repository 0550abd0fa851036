import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../context.ts';
import { liveSessionHashes } from '../sessions.repo.ts';
import { touchPresenceMany } from './realtime.repo.ts';

/** One open socket as the node's check sees it. */
export interface CheckedSocket {
  readonly socketId: string;
  /** The hash of the session the socket was opened with. */
  readonly tokenHash: string;
  /** The session is gone (signed out elsewhere, expired, user or school disabled): close the socket. */
  sessionEnded(): void;
}

/** Sockets per statement: keeps each query's parameter list small. */
const CHUNK = 500;

const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/**
 * The database work of keeping sockets alive, done once per interval for all of a node's sockets
 * instead of per socket: one presence write (every socket's row is refreshed, so other nodes see
 * its user online) and one query of the sessions still live (a socket whose session ended is
 * closed). Per socket, that was two queries each heartbeat; sockets opened together then queried
 * together, and sends queued behind the burst (docs/performance.md, "Real-time messaging").
 * Sign-outs are still seen at once through `klase_auth` (the hub's `recheck`); this is the net for
 * expiries and for notifications a node missed. A run still going when the next one is due is
 * not doubled.
 */
export const createNodeCheck = (opts: { db: Db; everyMs: number; log: FastifyBaseLogger }) => {
  const sockets = new Map<string, CheckedSocket>();
  let running: Promise<void> | null = null;

  const check = async (list: CheckedSocket[]) => {
    for (const part of chunks(list))
      await touchPresenceMany(
        opts.db,
        part.map((s) => s.socketId),
      );
    const live = new Set<string>();
    for (const part of chunks([...new Set(list.map((s) => s.tokenHash))])) for (const h of await liveSessionHashes(opts.db, part)) live.add(h);
    // A socket closed while the queries ran is no longer in the map: nothing to end.
    for (const s of list) if (!live.has(s.tokenHash) && sockets.has(s.socketId)) s.sessionEnded();
  };

  const run = (): Promise<void> => {
    if (running) return running;
    const list = [...sockets.values()];
    if (list.length === 0) return Promise.resolve();
    running = check(list)
      .catch((err: unknown) => opts.log.debug({ err }, 'real-time node check failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void run(), opts.everyMs);
  timer.unref();
  return {
    add: (s: CheckedSocket) => void sockets.set(s.socketId, s),
    remove: (socketId: string) => void sockets.delete(socketId),
    /** Runs a check now (tests), or joins the one running. */
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
export type NodeCheck = ReturnType<typeof createNodeCheck>;
