import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** PostgreSQL admin URL when the suite runs on a server (TEST_DATABASE_URL). */
    testDatabaseUrl: string;
    /** A migrated PGlite data directory dump, loaded by each test file. */
    pgliteTemplate: string;
  }
}

/**
 * Runs once. On PGlite: creates one migrated database and dumps it to a file, since initdb costs
 * seconds and reopening a dump costs a fraction of one. On PostgreSQL each file makes its own.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL ?? '';
  project.provide('testDatabaseUrl', url);
  if (url) {
    project.provide('pgliteTemplate', '');
    return undefined;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'klase-api-tests-'));
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await database.pglite?.query('CHECKPOINT');
  const dump = await database.pglite?.dumpDataDir('none');
  await database.close();
  if (!dump) throw new Error('no PGlite dump');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
