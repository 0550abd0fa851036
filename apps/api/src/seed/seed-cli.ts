import path from 'node:path';
import { storageFor } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { seedDemoPortfolios } from './seed-portfolios.ts';
import { seedDemoResources } from './seed-resources.ts';
import { demoAccountsTable, seedDemo } from './seed.ts';

/** `npm run db:seed`: migrates, then seeds the demo data only when the database is empty. */
const main = async () => {
  const config = loadConfig(process.env);
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    await migrateDatabase(database);
    const seeded = await seedDemo(database.db);
    if (seeded) {
      const storage = await storageFor(config);
      await seedDemoResources(database.db, storage);
      await seedDemoPortfolios(database.db, storage);
    }
    console.log(seeded ? demoAccountsTable() : 'The database already has users; nothing seeded.');
  } finally {
    await database.close();
  }
};

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
