/**
 * The tab's one real-time connection (`GET /api/realtime`, a WebSocket signed in by the session
 * cookie): features subscribe to event types (`subscribe('message.new', handler)`), and every
 * subscriber of the tab shares the socket. It opens with the first subscriber and closes after the
 * last. When the socket drops it reconnects with a growing delay and resumes with `?after=<last
 * id>`: the server replays what was missed, and an id already seen is never handed out twice.
 * A close with 4401 (signed out) does not reconnect until someone subscribes again. See
 * docs/decisions (realtime).
 */

/** An event as a handler gets it. */
export interface RealtimeEvent<T = unknown> {
  id: number;
  type: string;
  data: T;
  /** ISO time the event was stored. */
  at: string;
}

export type RealtimeHandler = (event: RealtimeEvent) => void;

/** What the client needs of a socket; `browserSocket` is the real one (a WebSocket), tests pass a fake. */
export interface SocketLike {
  readonly isOpen: boolean;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export interface SocketEvents {
  open(): void;
  message(data: unknown): void;
  close(code: number): void;
}
export type SocketFactory = (url: string, on: SocketEvents) => SocketLike;

/** The browser's WebSocket behind `SocketLike`. */
export const browserSocket: SocketFactory = (url, on) => {
  const ws = new WebSocket(url);
  ws.onopen = () => on.open();
  ws.onmessage = (ev) => on.message(ev.data);
  ws.onclose = (ev) => on.close(ev.code);
  return {
    get isOpen() {
      return ws.readyState === WebSocket.OPEN;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
  };
};

export const REALTIME_BACKOFF_MS = [500, 1000, 2000, 5000, 10_000, 30_000] as const;
/** The client pings this often; a socket that brought nothing since the previous ping is dropped and opened again. */
export const REALTIME_PING_MS = 25_000;
const SIGNED_OUT = 4401;

export interface RealtimeClient {
  subscribe(type: string, handler: RealtimeHandler): () => void;
  /** Calls `listener` each time the socket opens again after a drop (not on the first open); returns the unsubscribe function. */
  onReconnect(listener: () => void): () => void;
  /** The id of the last event handed out (null before the server said where the stream starts). */
  readonly lastId: number | null;
}

interface Frame {
  kind?: unknown;
  id?: unknown;
  type?: unknown;
  data?: unknown;
  at?: unknown;
  lastId?: unknown;
}

const parse = (raw: unknown): Frame | null => {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? (value as Frame) : null;
  } catch {
    return null;
  }
};

const eventOf = (frame: Frame): RealtimeEvent | null =>
  frame.kind === 'event' && typeof frame.id === 'number' && typeof frame.type === 'string'
    ? { id: frame.id, type: frame.type, data: frame.data, at: typeof frame.at === 'string' ? frame.at : '' }
    : null;

/** Pings every `REALTIME_PING_MS`; a socket that brought nothing since the previous ping is closed (and so reopened). */
const startPing = (s: SocketLike) => {
  let heard = true;
  const timer = setInterval(() => {
    if (!heard) {
      s.close();
      return;
    }
    heard = false;
    if (s.isOpen) s.send(JSON.stringify({ kind: 'ping' }));
  }, REALTIME_PING_MS);
  return {
    heard: () => {
      heard = true;
    },
    stop: () => clearInterval(timer),
  };
};

/** The reconnection delays: growing with each failed attempt, spread by `random` (0..1), back to the start after a good connection. */
const createBackoff = (random: () => number) => {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule(run: () => void) {
      if (timer) return;
      const base = REALTIME_BACKOFF_MS[Math.min(attempt, REALTIME_BACKOFF_MS.length - 1)] ?? 30_000;
      attempt += 1;
      timer = setTimeout(
        () => {
          timer = null;
          run();
        },
        Math.round(base * (0.5 + random() / 2)),
      );
    },
    reset: () => {
      attempt = 0;
    },
    cancel: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};

/** Listeners of a signal without payload (the reconnections). */
const createSignal = () => {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    fire() {
      for (const listener of [...listeners]) listener();
    },
  };
};

export const createRealtimeClient = (opts: {
  url: string;
  open: SocketFactory;
  /** 0..1; spreads reconnections of many tabs after a server restart. */
  random?: () => number;
}): RealtimeClient => {
  const backoff = createBackoff(opts.random ?? Math.random);
  const handlers = new Map<string, Set<RealtimeHandler>>();
  let socket: SocketLike | null = null;
  let lastId: number | null = null;
  let ping: ReturnType<typeof startPing> | null = null;
  const reconnected = createSignal();
  let openedBefore = false;

  const wanted = () => handlers.size > 0;

  const stopTimers = () => {
    backoff.cancel();
    ping?.stop();
    ping = null;
  };

  const dispatch = (frame: Frame) => {
    if (frame.kind === 'hello') {
      if (lastId === null && typeof frame.lastId === 'number') lastId = frame.lastId;
      return;
    }
    const event = eventOf(frame);
    if (!event || (lastId !== null && event.id <= lastId)) return;
    lastId = event.id;
    for (const handler of [...(handlers.get(event.type) ?? [])]) handler(event);
  };

  const connect = () => {
    if (socket || !wanted()) return;
    const url = lastId === null ? opts.url : `${opts.url}?after=${lastId}`;
    let s: SocketLike | null = null;
    s = opts.open(url, {
      open: () => {
        backoff.reset();
        if (s) ping = startPing(s);
        if (openedBefore) reconnected.fire();
        openedBefore = true;
      },
      message: (data) => {
        ping?.heard();
        const frame = parse(data);
        if (frame) dispatch(frame);
      },
      close: (code) => {
        if (!s || socket !== s) return;
        socket = null;
        stopTimers();
        if (code !== SIGNED_OUT && wanted()) backoff.schedule(connect);
      },
    });
    socket = s;
  };

  const disconnect = () => {
    stopTimers();
    const s = socket;
    socket = null;
    s?.close(1000, 'no subscribers');
  };

  return {
    subscribe(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      connect();
      return () => {
        const current = handlers.get(type);
        current?.delete(handler);
        if (current && current.size === 0) handlers.delete(type);
        if (!wanted()) disconnect();
      };
    },
    onReconnect: reconnected.add,
    get lastId() {
      return lastId;
    },
  };
};

let shared: RealtimeClient | null = null;

/** The tab's shared client: same origin as the page (ws: or wss:), so the session cookie goes along and no token is in the URL. */
export const realtime = (): RealtimeClient => {
  if (!shared) {
    const { protocol, host } = window.location;
    shared = createRealtimeClient({
      url: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/realtime`,
      open: browserSocket,
    });
  }
  return shared;
};
