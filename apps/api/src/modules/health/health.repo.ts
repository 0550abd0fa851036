import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** One round trip to the database (throws when it is down). */
export const pingDatabase = async (db: Db): Promise<void> => {
  await db.execute(sql`select 1`);
};
