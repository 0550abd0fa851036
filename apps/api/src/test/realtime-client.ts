import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** A server frame of the real-time socket. */
export interface Frame {
  kind: string;
  id?: number;
  type?: string;
  data?: unknown;
  lastId?: number;
  code?: string;
}

/** A real `ws` client of `/api/realtime` on a listening app, keeping every frame it got. */
export interface RealtimeClient {
  socket: WebSocket;
  frames: Frame[];
  /** The event frames so far. */
  events(): Frame[];
  /** Waits until `ok(frames)` holds (fails after `ms`). */
  until(ok: (frames: Frame[]) => boolean, ms?: number): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** The ids of the event frames, in arrival order. */
export const eventIds = (frames: Frame[]): (number | undefined)[] => frames.filter((f) => f.kind === 'event').map((f) => f.id);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export const listenUrl = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${address.port}`;
};

/** Opens a socket; rejects with `HTTP <status>` when the upgrade is refused. */
export const connectRealtime = (base: string, opts: { cookie?: string; origin?: string | null; after?: number | string }): Promise<RealtimeClient> =>
  new Promise((resolve, reject) => {
    const url = `${base}/api/realtime${opts.after === undefined ? '' : `?after=${opts.after}`}`;
    const headers: Record<string, string> = {};
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.origin !== null) headers.origin = opts.origin ?? 'http://klase.test';
    const socket = new WebSocket(url, { headers });
    const frames: Frame[] = [];
    socket.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Frame));
    // For a timeout's message: open, or closed with its code and reason.
    let state = 'open';
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => {
        state = `closed ${code} ${String(reason)}`;
        done({ code, reason: String(reason) });
      }),
    );
    socket.on('unexpected-response', (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      socket.terminate();
    });
    socket.on('error', (err) => reject(err));
    socket.on('open', () =>
      resolve({
        socket,
        frames,
        events: () => frames.filter((f) => f.kind === 'event'),
        closed,
        close: () => socket.close(),
        until: async (ok, ms = 10_000) => {
          const t0 = Date.now();
          while (!ok(frames)) {
            if (Date.now() - t0 > ms) throw new Error(`timed out (socket ${state}); frames: ${JSON.stringify(frames)}`);
            await new Promise((r) => setTimeout(r, 10));
          }
        },
      }),
    );
  });
