import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { adminQuery, withDatabaseName } from './pg-admin.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/**
 * PGlite instances a finished test file gave back, emptied for the next file of this worker (files
 * of a worker share modules, vitest.config.ts). Starting an instance from the template costs about
 * half a second (0.9 s at load), a whole API run ~120 of them; emptying one costs ~50 ms.
 */
const spare: Database[] = [];
let tablesOf: string | undefined;

/** Every table but the migration journal (the template holds no other row), in one TRUNCATE list. */
const tableList = async (database: Database): Promise<string> => {
  if (tablesOf === undefined) {
    const { rows } = await database.pglite!.query<{ name: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
    );
    tablesOf = rows.map((r) => r.name).join(', ');
  }
  return tablesOf;
};

/**
 * The instance as the template left it: no transaction left open, the session's state discarded
 * (settings, locks, temporary tables, prepared statements), every table emptied and its identity
 * sequences restarted. Each statement on its own: DISCARD ALL refuses to run in a transaction block.
 */
const emptied = async (database: Database): Promise<Database> => {
  const pg = database.pglite!;
  await pg.exec('ROLLBACK');
  await pg.exec('DISCARD ALL');
  await pg.exec(`TRUNCATE ${await tableList(database)} RESTART IDENTITY CASCADE`);
  return database;
};

/**
 * An instance whose listeners are counted: one given back with a listener still on (an app not
 * closed) would call that app on the next file's notifications, so it is closed instead of kept.
 */
const openPgliteTestDatabase = async (): Promise<TestDatabase> => {
  const reused = spare.pop();
  const database =
    reused !== undefined && !reused.pglite?.closed
      ? await emptied(reused)
      : await openDatabase({ kind: 'pglite', loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))], { type: 'application/x-tar' }) });
  let listeners = 0;
  const counted: Database = {
    ...database,
    get listening() {
      return database.listening;
    },
    listen: async (channel, onNotify) => {
      const stop = await database.listen(channel, onNotify);
      listeners += 1;
      let stopped = false;
      return async () => {
        if (!stopped) listeners -= 1;
        stopped = true;
        await stop();
      };
    },
  };
  return {
    database: counted,
    drop: async () => {
      if (listeners === 0 && !database.pglite?.closed) spare.push(database);
      else await database.close();
    },
  };
};

/** A fresh migrated database for one test file: a copy of the template migrated once by global-setup.ts. */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  const adminUrl = inject('testDatabaseUrl');
  if (!adminUrl) return openPgliteTestDatabase();
  const name = `klase_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(inject('pgTemplate'))}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(adminUrl, name) });
  return {
    database,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // A plain DROP stops an autovacuum worker by itself (FORCE would need the right to signal
        // the superuser's processes); our own connections are closed, so retry briefly if one lingers.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)}`);
            break;
          } catch (err) {
            if (attempt >= 20) throw err;
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
};
