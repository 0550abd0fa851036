#!/usr/bin/env node
// Starts the real server for the browser tests on a fresh PGlite folder (seeded demo data),
// then adds the fixtures the tests need that the demo seed has no reason to contain.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is required');
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env, DATA_DIR: dataDir, WEB_DIST: join(root, 'apps/web/dist'), SEED_DEMO: 'true', LOG_LEVEL: 'warn', LOGIN_IP_LIMIT: '10000' };
// Every browser test signs in from 127.0.0.1; the per-address limit is tested in the API suite.
// The browser tests always run on PGlite with the outbox, whatever the shell says.
delete env.SMTP_URL;
delete env.DATABASE_URL;
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const fixtures = spawnSync(process.execPath, [tsx, 'apps/api/src/test/e2e-fixtures.ts'], { cwd: root, stdio: 'inherit', env });
if (fixtures.status !== 0) process.exit(fixtures.status ?? 1);

const child = spawn(process.execPath, [tsx, 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit', env });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
