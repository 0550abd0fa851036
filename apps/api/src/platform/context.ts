import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from './mail.ts';
import type { FileStorage } from './storage.ts';

/** What services need from the app: passed explicitly, so services stay plain functions. */
export interface Ctx {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  storage: FileStorage;
}

/** The database handle (or a transaction) services pass on to repositories; SQL itself stays in `*.repo.ts`. */
export type { Database, Db } from '../db/client.ts';
