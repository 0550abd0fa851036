import type { Database } from './client.ts';

/** Applies pending migrations; safe to run on every start. */
export const migrateDatabase = async (database: Database): Promise<void> => {
  await database.migrate();
};
