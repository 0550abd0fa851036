import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { DomainError } from '@klase/core/errors';
import type { Db } from '../context.ts';
import { findSessionByHash } from '../sessions.ts';
import type { RealtimeHub, Subscriber } from './hub.ts';
import { createNodeCheck, type NodeCheck } from './node-check.ts';
import { socketPresence } from './presence.ts';
import { eventsAfter, lastEventId, type StoredEvent } from './realtime.repo.ts';

/** Limits of the socket; tests shorten the heartbeat. */
export interface RealtimeLimits {
  /** Largest inbound message (bytes); a bigger one closes the socket (1009). */
  maxPayload: number;
  /** Open sockets per user on one node; one more is closed at once (4429). */
  perUser: number;
  /** Inbound messages allowed per window; more close the socket (1008). */
  messagesPerWindow: number;
  windowMs: number;
  /** Ping interval; a socket that did not answer the previous ping is dropped. */
  heartbeatMs: number;
  /** How often the node refreshes the presence of all its sockets and checks their sessions, in one query each (`node-check.ts`). */
  checkMs: number;
  /** Events read from the store at a time when replaying. */
  replayPage: number;
}

export const REALTIME_LIMITS: RealtimeLimits = {
  maxPayload: 4096,
  perUser: 8,
  messagesPerWindow: 30,
  windowMs: 10_000,
  heartbeatMs: 30_000,
  checkMs: 30_000,
  replayPage: 500,
};

/** Close codes the client acts on: 4401 = signed out (do not reconnect), 4429 = too many sockets. */
export const CLOSE = { sessionEnded: 4401, tooMany: 4429, tooFast: 1008, binary: 1003, shutdown: 1001 } as const;

const query = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});
/** What a client may send: a ping (answered with a pong, for clients that cannot see protocol pings). */
const inbound = z.discriminatedUnion('kind', [z.object({ kind: z.literal('ping') }).strict()]);

/** The page's Origin must be the app itself (or this very host): another site's page cannot ride the session cookie. */
const sameOrigin = (request: FastifyRequest, appUrl: string): boolean => {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === new URL(appUrl).origin) return true;
  const host = request.headers.host;
  return typeof host === 'string' && origin === `${request.protocol}://${host}`;
};

const eventFrame = (e: StoredEvent) => JSON.stringify({ kind: 'event', id: e.id, type: e.type, data: e.data, at: e.createdAt.toISOString() });

/**
 * The event stream of one socket: an event is sent only if its id is above the last one sent, so
 * nothing is sent twice and the order holds. `catchUp` reads the store after the last id sent,
 * page by page, while live events wait in a buffer, then flushes the buffer and goes live; it runs
 * at the start (the resume) and whenever the hub says notifications may have been missed.
 */
const createStream = (opts: { socket: WebSocket; db: Db; userId: string; page: number; log: FastifyBaseLogger }) => {
  const { socket, db, userId } = opts;
  let lastSent = 0;
  let live = false;
  let buffer: StoredEvent[] = [];
  let syncing: Promise<void> | null = null;
  let syncAgain = false;
  const open = () => socket.readyState === socket.OPEN;

  const sendEvent = (e: StoredEvent) => {
    if (!open() || e.id <= lastSent) return;
    lastSent = e.id;
    socket.send(eventFrame(e));
  };

  const readStore = async () => {
    do {
      syncAgain = false;
      for (;;) {
        const page = await eventsAfter(db, userId, lastSent, opts.page);
        for (const e of page) sendEvent(e);
        if (page.length < opts.page || !open()) break;
      }
    } while (syncAgain && open());
    const waiting = buffer.sort((a, b) => a.id - b.id);
    buffer = [];
    for (const e of waiting) sendEvent(e);
    live = true;
  };

  const catchUp = (): Promise<void> => {
    if (syncing) {
      syncAgain = true;
      return syncing;
    }
    live = false;
    syncing = readStore()
      .catch((err: unknown) => {
        // The database is away: the client reconnects and resumes from its last id.
        opts.log.warn({ err }, 'real-time catch-up failed');
        if (open()) socket.close(1011, 'try again');
      })
      .finally(() => {
        syncing = null;
      });
    return syncing;
  };

  return {
    catchUp,
    deliver(events: readonly StoredEvent[]) {
      if (live) for (const e of events) sendEvent(e);
      else buffer.push(...events);
    },
    /** Starts at the client's `after`, or at the user's newest event; says where in a `hello` frame, then catches up. */
    async start(after: number | undefined) {
      try {
        lastSent = after ?? (await lastEventId(db, userId));
      } catch (err) {
        opts.log.warn({ err }, 'real-time start failed');
        if (open()) socket.close(1011, 'try again');
        return;
      }
      if (!open()) return;
      socket.send(JSON.stringify({ kind: 'hello', lastId: lastSent }));
      await catchUp();
    },
  };
};

/** Inbound messages: text JSON of the `inbound` schema, at most `messagesPerWindow` per window (size is capped by the server). */
const handleInbound = (socket: WebSocket, limits: RealtimeLimits): void => {
  let windowStart = Date.now();
  let count = 0;
  socket.on('message', (raw, isBinary) => {
    const now = Date.now();
    if (now - windowStart > limits.windowMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count > limits.messagesPerWindow) return socket.close(CLOSE.tooFast, 'too many messages');
    if (isBinary) return socket.close(CLOSE.binary, 'text only');
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      parsed = undefined;
    }
    const message = inbound.safeParse(parsed);
    if (!message.success) return socket.send(JSON.stringify({ kind: 'error', code: 'VALIDATION' }));
    if (message.data.kind === 'ping') socket.send(JSON.stringify({ kind: 'pong' }));
  });
};

/**
 * Pings every `heartbeatMs` (a socket that missed the last pong is dropped); no database work (the
 * node's check does that for all sockets at once). The first beat comes at a random point between
 * half and one and a half intervals, so sockets opened together do not all wake at once.
 */
const keepAlive = (socket: WebSocket, limits: RealtimeLimits): void => {
  let alive = true;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  const beat = () => {
    if (!alive) return socket.terminate();
    alive = false;
    socket.ping();
  };
  const first = setTimeout(
    () => {
      beat();
      heartbeat = setInterval(beat, limits.heartbeatMs);
      heartbeat.unref();
    },
    Math.round(limits.heartbeatMs * (0.5 + Math.random())),
  );
  first.unref();
  socket.on('pong', () => {
    alive = true;
  });
  socket.on('close', () => {
    clearTimeout(first);
    clearInterval(heartbeat);
  });
};

/** One socket: registered with the hub first (so live events wait in the stream's buffer), then the stream starts. */
const openConnection = (
  app: FastifyInstance,
  node: { hub: RealtimeHub; check: NodeCheck; limits: RealtimeLimits },
  socket: WebSocket,
  request: FastifyRequest,
) => {
  const { hub, limits } = node;
  const auth = request.auth;
  if (!auth) return socket.close(CLOSE.sessionEnded, 'signed out');
  const userId = auth.user.id;
  if (hub.countFor(userId) >= limits.perUser) return socket.close(CLOSE.tooMany, 'too many connections');
  const db = app.database.db;
  const stream = createStream({ socket, db, userId, page: limits.replayPage, log: request.log });
  const sessionEnded = () => {
    if (socket.readyState === socket.OPEN) socket.close(CLOSE.sessionEnded, 'signed out');
  };
  const checkSession = () =>
    void findSessionByHash(db, auth.session.tokenHash).then(
      (found) => {
        if (!found) sessionEnded();
      },
      (err: unknown) => request.log.debug({ err }, 'real-time session check failed'),
    );
  const sub: Subscriber = {
    userId,
    deliver: stream.deliver,
    resync: () => void stream.catchUp(),
    recheck: checkSession,
    close: (code, reason) => socket.close(code, reason),
  };
  const presence = socketPresence(db, userId, request.log);
  hub.add(sub);
  presence.seen();
  node.check.add({ socketId: presence.socketId, tokenHash: auth.session.tokenHash, sessionEnded });
  socket.on('close', () => {
    hub.remove(sub);
    node.check.remove(presence.socketId);
    presence.gone();
  });
  keepAlive(socket, limits);
  handleInbound(socket, limits);
  const after = (request.query as z.infer<typeof query>).after;
  void stream.start(after === undefined ? undefined : Number(after));
};

/**
 * A WebSocket upgrade that is answered over HTTP instead (401 before the upgrade, a bad Origin, a
 * bad query, an unknown path) would leave its socket open: the server hands upgrade requests to
 * the router, and the socket is no ordinary HTTP connection that Node closes. This closes it once
 * the answer is out. Register it before the access control, whose refusal ends the hook chain.
 */
export const closeRefusedUpgrades = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade === undefined) return;
    reply.raw.once('finish', () => request.raw.socket.destroy());
  });
};

/**
 * `GET /api/realtime`, the WebSocket of the real-time channel (decision 0037): signed in
 * by the session cookie (policy `signedIn`, checked before the upgrade like every route), from a
 * page of the app (Origin), resumable with `?after=<last event id>`.
 */
export const registerRealtime = async (app: FastifyInstance, hub: RealtimeHub, limits: RealtimeLimits = REALTIME_LIMITS): Promise<NodeCheck> => {
  const check = createNodeCheck({ db: app.database.db, everyMs: limits.checkMs, log: app.log });
  app.addHook('onClose', () => check.stop());
  const node = { hub, check, limits };
  const routes: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(websocket, { options: { maxPayload: limits.maxPayload } });
    scope.get(
      '/api/realtime',
      {
        websocket: true,
        config: { policy: { access: 'signedIn' } },
        schema: { querystring: query },
        onRequest: async (request) => {
          if (!sameOrigin(request, app.config.appUrl)) throw new DomainError('FORBIDDEN');
        },
      },
      (socket, request) => openConnection(app, node, socket, request),
    );
  };
  await app.register(routes);
  return check;
};
