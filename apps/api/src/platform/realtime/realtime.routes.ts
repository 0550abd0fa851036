import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { DomainError } from '@klase/core/errors';
import { findSessionByHash } from '../sessions.ts';
import type { RealtimeHub, Subscriber } from './hub.ts';
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
  /** Ping interval; a socket that did not answer the previous ping is dropped. The session is checked again at the same pace. */
  heartbeatMs: number;
  /** Events read from the store at a time when replaying. */
  replayPage: number;
}

export const REALTIME_LIMITS: RealtimeLimits = {
  maxPayload: 4096,
  perUser: 8,
  messagesPerWindow: 30,
  windowMs: 10_000,
  heartbeatMs: 30_000,
  replayPage: 500,
};

/** Close codes the client acts on: 4401 = signed out (do not reconnect), 4429 = too many sockets. */
export const CLOSE = { sessionEnded: 4401, tooMany: 4429, tooFast: 1008, binary: 1003, shutdown: 1001 } as const;

const query = z.object({ after: z.string().regex(/^\d{1,15}$/).optional() });
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
 * One socket: registered with the hub first (live events wait in a buffer), then the stored
 * events after the client's `after` are replayed page by page, then the buffer is flushed; an
 * event is sent only if its id is above the last one sent, so nothing is sent twice and the order
 * holds. The same catch-up runs whenever the hub says notifications may have been missed.
 */
const openConnection = (app: FastifyInstance, hub: RealtimeHub, limits: RealtimeLimits, socket: WebSocket, request: FastifyRequest) => {
  const auth = request.auth;
  if (!auth) {
    socket.close(CLOSE.sessionEnded, 'signed out');
    return;
  }
  const userId = auth.user.id;
  const tokenHash = auth.session.tokenHash;
  const db = app.database.db;
  if (hub.countFor(userId) >= limits.perUser) {
    socket.close(CLOSE.tooMany, 'too many connections');
    return;
  }
  let lastSent = 0;
  let live = false;
  let buffer: StoredEvent[] = [];
  let closed = false;
  let syncing: Promise<void> | null = null;
  let syncAgain = false;

  const sendEvent = (e: StoredEvent) => {
    if (closed || e.id <= lastSent) return;
    lastSent = e.id;
    socket.send(eventFrame(e));
  };

  const catchUp = (): Promise<void> => {
    if (syncing) {
      syncAgain = true;
      return syncing;
    }
    live = false;
    syncing = (async () => {
      do {
        syncAgain = false;
        for (;;) {
          const page = await eventsAfter(db, userId, lastSent, limits.replayPage);
          for (const e of page) sendEvent(e);
          if (page.length < limits.replayPage || closed) break;
        }
      } while (syncAgain && !closed);
      const waiting = buffer.sort((a, b) => a.id - b.id);
      buffer = [];
      for (const e of waiting) sendEvent(e);
      live = true;
    })()
      .catch((err: unknown) => {
        // The database is away: the client reconnects and resumes from its last id.
        request.log.warn({ err }, 'real-time catch-up failed');
        if (!closed) socket.close(1011, 'try again');
      })
      .finally(() => {
        syncing = null;
      });
    return syncing;
  };

  const checkSession = async () => {
    try {
      if (!closed && !(await findSessionByHash(db, tokenHash))) socket.close(CLOSE.sessionEnded, 'signed out');
    } catch (err) {
      request.log.debug({ err }, 'real-time session check failed');
    }
  };

  const sub: Subscriber = {
    userId,
    deliver(events) {
      if (live) for (const e of events) sendEvent(e);
      else buffer.push(...events);
    },
    resync: () => void catchUp(),
    recheck: () => void checkSession(),
    close: (code, reason) => socket.close(code, reason),
  };
  hub.add(sub);

  let alive = true;
  const heartbeat = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
    void checkSession();
  }, limits.heartbeatMs);
  heartbeat.unref();
  socket.on('pong', () => {
    alive = true;
  });

  let windowStart = Date.now();
  let count = 0;
  socket.on('message', (raw, isBinary) => {
    const now = Date.now();
    if (now - windowStart > limits.windowMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    if (count > limits.messagesPerWindow) {
      socket.close(CLOSE.tooFast, 'too many messages');
      return;
    }
    if (isBinary) {
      socket.close(CLOSE.binary, 'text only');
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      parsed = undefined;
    }
    const message = inbound.safeParse(parsed);
    if (!message.success) {
      socket.send(JSON.stringify({ kind: 'error', code: 'VALIDATION' }));
      return;
    }
    if (message.data.kind === 'ping') socket.send(JSON.stringify({ kind: 'pong' }));
  });

  socket.on('close', () => {
    closed = true;
    clearInterval(heartbeat);
    hub.remove(sub);
  });

  const after = (request.query as z.infer<typeof query>).after;
  void (async () => {
    try {
      lastSent = after === undefined ? await lastEventId(db, userId) : Number(after);
    } catch (err) {
      request.log.warn({ err }, 'real-time start failed');
      if (!closed) socket.close(1011, 'try again');
      return;
    }
    if (closed) return;
    socket.send(JSON.stringify({ kind: 'hello', lastId: lastSent }));
    await catchUp();
  })();
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
 * `GET /api/realtime`, the WebSocket of the real-time channel (decision XXXX-realtime): signed in
 * by the session cookie (policy `signedIn`, checked before the upgrade like every route), from a
 * page of the app (Origin), resumable with `?after=<last event id>`.
 */
export const registerRealtime = async (app: FastifyInstance, hub: RealtimeHub, limits: RealtimeLimits = REALTIME_LIMITS): Promise<void> => {
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
      (socket, request) => openConnection(app, hub, limits, socket, request),
    );
  };
  await app.register(routes);
};
