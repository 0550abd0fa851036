import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { demoAccountsTable, seedDemo } from './seed/seed.ts';
import { seedDemoPortfolios } from './seed/seed-portfolios.ts';
import { seedDemoResources } from './seed/seed-resources.ts';
import { startWorkers } from './workers.ts';

const main = async () => {
  const config = loadConfig(process.env);
  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') },
  );
  await migrateDatabase(database);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;

  const app = await buildApp(config, { database });
  app.addHook('onClose', async () => database.close());
  // The library's demo files need the storage; safe to run on every start (it adds what is missing).
  if (config.seedDemo) {
    await seedDemoResources(database.db, app.storage);
    await seedDemoPortfolios(database.db, app.storage);
  }
  await app.listen({ port: config.port, host: config.host });
  // Mail outbox, bulk uploads, course jobs, quiz sweep, grade recompute (workers.ts).
  await startWorkers(app);

  const url = `http://${config.host}:${config.port}`;
  console.log(`Klase is running at ${url} (API docs: ${url}/api/docs, database: ${database.kind})`);
  if (seeded) console.log(demoAccountsTable());
  if (!config.smtpUrl) console.log('No SMTP_URL: mails are kept in the outbox (sign in as admin to read them).');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
