#!/usr/bin/env node
// Starts the real server for the browser tests on a fresh PGlite folder (seeded demo data),
// then adds the fixtures the tests need that the demo seed has no reason to contain.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is required');
rmSync(dataDir, { recursive: true, force: true });

const child = spawn('npx', ['tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, WEB_DIST: join(root, 'apps/web/dist'), SEED_DEMO: 'true', SMTP_URL: '', DATABASE_URL: '', LOG_LEVEL: 'warn' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
