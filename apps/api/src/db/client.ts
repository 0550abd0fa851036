import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { schema, type Schema } from './schema.ts';

/** The drizzle database both drivers share (PGlite and node-postgres). A transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * What a database tells its users about its connections (PostgreSQL only; PGlite is in-process):
 * `listener-down` when the LISTEN connection is lost (notifications may be missed from then on),
 * `listener-up` when it is (re)connected and every channel is subscribed again (`reconnected` is
 * true after a loss: whatever was missed meanwhile must be caught up), and `client-error` when an
 * idle or busy pool connection dies (the pool replaces it; the error is reported, never thrown).
 */
export type DatabaseEvent =
  { type: 'listener-down'; error: unknown } | { type: 'listener-up'; reconnected: boolean } | { type: 'client-error'; error: unknown };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the generated SQL migrations (same folder for both drivers). */
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel (the callback gets the payload); returns an unlisten function. On
   * PostgreSQL every channel shares one dedicated connection, reconnected with back-off and
   * subscribed again after a loss (see `onEvent`).
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Whether notifications are being received now (false while the LISTEN connection is away). */
  readonly listening: boolean;
  /** Subscribes to connection events; returns the unsubscribe function. */
  onEvent(cb: (event: DatabaseEvent) => void): () => void;
  close(): Promise<void>;
  /** The embedded instance, when kind is pglite (tests dump it as a template). */
  pglite?: PGlite;
}

export type DatabaseOptions = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

const openPglite = async (opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> => {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, (payload) => onNotify(payload ?? ''));
      // Closing the database ends its listeners too; unlistening after that would throw.
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    listening: true,
    onEvent: () => () => undefined,
  };
};

/** How long a new connection may take before the request that needs it fails (503, not a hang). */
const CONNECT_TIMEOUT_MS = 5_000;
/** Delays between attempts to reconnect the LISTEN connection: quick at first, then every 5 s. */
export const LISTEN_BACKOFF_MS = [100, 250, 500, 1000, 2000, 5000] as const;

/**
 * Connections per node. Once opened they are kept (`min`), not closed after 10 s idle: one opened
 * for a burst and closed again cost a new backend (fork, authentication, cold caches) inside a
 * request at the next burst.
 */
const POOL_SIZE = 10;

const openPostgres = (url: string): Database => {
  const events = new Set<(event: DatabaseEvent) => void>();
  const emit = (event: DatabaseEvent) => {
    for (const cb of events) cb(event);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    min: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: 'klase-api',
  });
  // A connection that dies (server restart, failover, pg_terminate_backend) emits `error`: on an
  // idle one through the pool, on one checked out (a transaction waiting on the app) on the client
  // itself. Unhandled, either ends the process; handled, the query in flight fails (the request
  // answers 503) and the pool replaces the connection on the next checkout.
  pool.on('error', (error) => emit({ type: 'client-error', error }));
  pool.on('connect', (client) => {
    client.on('error', (error) => emit({ type: 'client-error', error }));
    releaseOnFailedBegin(client);
  });
  const db = drizzlePg(pool, { schema });
  const listener = createListener(url, emit);
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    listen: listener.listen,
    get listening() {
      return listener.connected;
    },
    onEvent: (cb) => {
      events.add(cb);
      return () => {
        events.delete(cb);
      };
    },
    close: async () => {
      await listener.close();
      // A second close (a test's teardown after the node's own) has nothing left to end.
      if (!pool.ended && !pool.ending) await pool.end();
    },
  };
};

/**
 * drizzle-orm 0.45 runs a transaction's BEGIN before the try/finally that gives the client back
 * to the pool (drizzle-team/drizzle-orm#6241, still open). A BEGIN that fails (the connection cut
 * while it sat idle, a bad option) would keep that client checked out for good: the pool shrinks
 * by one, and `pool.end()` waits for it forever (a node could not shut down after a cut). So a
 * failed BEGIN hands its client back with the error, and the pool discards it.
 */
const releaseOnFailedBegin = (client: pg.PoolClient): void => {
  const query: (...args: unknown[]) => unknown = client.query.bind(client);
  const guarded = (...args: unknown[]): unknown => {
    const answer = query(...args);
    const first = args[0];
    const text = typeof first === 'string' ? first : first && typeof first === 'object' && 'text' in first ? String(first.text) : '';
    if (!/^\s*begin\b/i.test(text) || !(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    });
  };
  Object.defineProperty(client, 'query', { value: guarded, configurable: true, writable: true });
};

/** The wait before the next attempt to reconnect, after `failures` failed ones. */
const backoffAfter = (failures: number): number => LISTEN_BACKOFF_MS[Math.min(failures, LISTEN_BACKOFF_MS.length - 1)] ?? 5000;

/** The callbacks of every channel listened on. */
type Channels = Map<string, Set<(payload: string) => void>>;

const quote = (channel: string) => pg.escapeIdentifier(channel);

/** Adds a channel's callback; true when the channel is new (it needs a LISTEN). */
const addCallback = (channels: Channels, channel: string, onNotify: (payload: string) => void): boolean => {
  const set = channels.get(channel);
  if (set) {
    set.add(onNotify);
    return false;
  }
  channels.set(channel, new Set([onNotify]));
  return true;
};

/** Removes a channel's callback; true when it was the last one (the channel needs an UNLISTEN). */
const removeCallback = (channels: Channels, channel: string, onNotify: (payload: string) => void): boolean => {
  const set = channels.get(channel);
  if (!set?.delete(onNotify) || set.size > 0) return false;
  channels.delete(channel);
  return true;
};

/** A new LISTEN client (not connected yet) whose notifications go to the channels' callbacks; `onLost` hears of its loss. */
const listenClient = (url: string, channels: Channels, onLost: (c: pg.Client, error: unknown) => void): pg.Client => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, application_name: 'klase-api-listen' });
  c.on('error', (error) => onLost(c, error));
  c.on('end', () => onLost(c, new Error('LISTEN connection ended')));
  c.on('notification', (n) => {
    for (const cb of channels.get(n.channel) ?? []) cb(n.payload ?? '');
  });
  return c;
};

/** Connects `c` and subscribes every channel, those added while this runs too. False when that failed. */
const subscribeAll = async (c: pg.Client, channels: Channels): Promise<boolean> => {
  try {
    await c.connect();
    const subscribed = new Set<string>();
    for (let missing = [...channels.keys()]; missing.length > 0; missing = [...channels.keys()].filter((ch) => !subscribed.has(ch))) {
      for (const channel of missing) {
        await c.query(`LISTEN ${quote(channel)}`);
        subscribed.add(channel);
      }
    }
    return true;
  } catch {
    return false;
  }
};

/**
 * The one LISTEN connection of a node: a dedicated client (not from the pool, so it never holds a
 * pool slot), subscribed to every channel anyone listens on. When it is lost it reconnects with
 * back-off (`LISTEN_BACKOFF_MS`) and subscribes again, then says so (`listener-up`, reconnected).
 */
const createListener = (url: string, emit: (event: DatabaseEvent) => void) => {
  const channels: Channels = new Map();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let connected = false;
  let everConnected = false;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client, error: unknown) => {
    if (client !== c) return;
    client = null;
    const was = connected;
    connected = false;
    c.end().catch(() => undefined);
    if (was) emit({ type: 'listener-down', error });
    schedule();
  };

  const schedule = () => {
    if (closed || retry || connecting || channels.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, backoffAfter(attempt));
    attempt += 1;
    retry.unref();
  };

  const connect = (): Promise<void> => {
    if (connecting) return connecting;
    connecting = (async () => {
      const c = listenClient(url, channels, lost);
      client = c;
      if (!(await subscribeAll(c, channels))) {
        if (client === c) client = null;
        c.end().catch(() => undefined);
        return;
      }
      if (client !== c) {
        // Closed (or lost) meanwhile.
        await c.end().catch(() => undefined);
        return;
      }
      connected = true;
      attempt = 0;
      emit({ type: 'listener-up', reconnected: everConnected });
      everConnected = true;
    })().finally(() => {
      connecting = null;
      // A failed attempt, or a connection lost while it was being set up: try again later.
      if (!connected) schedule();
    });
    return connecting;
  };

  return {
    get connected() {
      return connected;
    },
    /** Subscribes; when the connection is away the channel is subscribed on reconnect (this never throws for that). */
    async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
      const isNew = addCallback(channels, channel, onNotify);
      const c = client;
      if (connected && c && isNew) {
        await c.query(`LISTEN ${quote(channel)}`).catch((error: unknown) => lost(c, error));
      } else if (!connected) {
        await (connecting ?? (retry ? Promise.resolve() : connect()));
      }
      return async () => {
        if (removeCallback(channels, channel, onNotify) && connected && client) await client.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = undefined;
      channels.clear();
      const c = client;
      client = null;
      connected = false;
      if (connecting) await connecting.catch(() => undefined);
      if (c) await c.end().catch(() => undefined);
    },
  };
};

export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => (opts.kind === 'postgres' ? openPostgres(opts.url) : openPglite(opts));
