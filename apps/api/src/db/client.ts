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

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the generated SQL migrations (same folder for both drivers). */
  migrate(): Promise<void>;
  /** LISTEN on a channel (the callback gets the payload); returns an unlisten function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded instance, when kind is pglite (tests dump it as a template). */
  pglite?: PGlite;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

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
  };
};

const openPostgres = (url: string): Database => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema });
  const listeners = new Set<pg.PoolClient>();
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    listen: async (channel, onNotify) => {
      const conn = await pool.connect();
      listeners.add(conn);
      conn.on('notification', (n) => {
        if (n.channel === channel) onNotify(n.payload ?? '');
      });
      await conn.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        if (!listeners.delete(conn)) return;
        await conn.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        conn.release();
      };
    },
    close: async () => {
      for (const conn of listeners) conn.release();
      listeners.clear();
      await pool.end();
    },
  };
};

export const openDatabase = async (opts: DatabaseOptions): Promise<Database> =>
  opts.kind === 'postgres' ? openPostgres(opts.url) : openPglite(opts);
